package io.dpbandit.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The tests' own view of the PostgreSQL processes on a data directory, read from Linux's /proc
 * independently of the production code it checks: PostgreSQL changes into its data directory, so
 * the postmaster and every backend have it as their working directory.
 */
final class PostgresProcesses {

    record Proc(long pid, long parent) {
    }

    private PostgresProcesses() {
    }

    /** Live processes whose working directory is {@code dir}. */
    static List<Proc> workingIn(Path dir) throws IOException {
        Path target = dir.toRealPath();
        List<Proc> found = new ArrayList<>();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    if (Files.readSymbolicLink(p.resolve("cwd")).equals(target)) {
                        String stat = Files.readString(p.resolve("stat"), StandardCharsets.UTF_8);
                        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        if (!after[0].equals("Z")) {
                            found.add(new Proc(Long.parseLong(name), Long.parseLong(after[1])));
                        }
                    }
                } catch (IOException gone) {
                    // exited while we looked
                }
            }
        }
        return found;
    }

    /** Postmasters on {@code dir}: processes working there whose parent does not. */
    static List<Long> postmasters(Path dir) throws IOException {
        List<Proc> procs = workingIn(dir);
        Set<Long> pids = procs.stream().map(Proc::pid).collect(Collectors.toSet());
        return procs.stream().filter(p -> !pids.contains(p.parent())).map(Proc::pid).toList();
    }

    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException gone) {
            return false;
        }
    }

    static long pidFilePid(Path dir) throws IOException {
        return Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0).trim());
    }

    /** A JDBC connection to the cluster running on {@code dir}, at the port its postmaster.pid gives. */
    static JdbcTemplate connect(Path dir) throws IOException {
        int port = Integer.parseInt(Files.readAllLines(dir.resolve("postmaster.pid")).get(3).trim());
        return new JdbcTemplate(new DriverManagerDataSource(
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres?connectTimeout=5", "postgres", ""));
    }

    /** Waits until nothing works in {@code dir} any more; false if something still does after {@code wait}. */
    static boolean awaitNoneIn(Path dir, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!workingIn(dir).isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    /** Cleanup after a failed test: fast shutdown of whatever still runs on {@code dir}, then SIGKILL. */
    static void stopAllIn(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return;
        }
        for (long pid : postmasters(dir)) {
            new ProcessBuilder("kill", "-s", "INT", Long.toString(pid)).start().waitFor();
        }
        if (!awaitNoneIn(dir, Duration.ofSeconds(10))) {
            for (Proc p : workingIn(dir)) {
                ProcessHandle.of(p.pid()).ifPresent(ProcessHandle::destroyForcibly);
            }
            awaitNoneIn(dir, Duration.ofSeconds(5));
        }
    }
}
