package io.dpbandit.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * What a data directory's {@code postmaster.pid} says, and what the operating system says about
 * the process it names. Process facts come from Linux's {@code /proc} (the only platform whose
 * PostgreSQL binaries the service ships); where {@code /proc} cannot answer, the answer is
 * "unknown" and callers must leave the process alone.
 *
 * @param pid  the postmaster's process id (first line of postmaster.pid)
 * @param port the TCP port it listens on (fourth line), if written yet
 */
record Postmaster(long pid, OptionalInt port) {

    static final String PID_FILE = "postmaster.pid";

    private static final Path PROC = Path.of("/proc");

    /** The postmaster named by {@code dir/postmaster.pid}; empty when there is no such file or it names no pid. */
    static Optional<Postmaster> read(Path dir) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(PID_FILE), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(lines.get(0).trim());
            OptionalInt port = OptionalInt.empty();
            if (lines.size() > 3 && !lines.get(3).isBlank()) {
                port = OptionalInt.of(Integer.parseInt(lines.get(3).trim()));
            }
            return pid > 0 ? Optional.of(new Postmaster(pid, port)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** True while the process exists and is not a zombie (a zombie has exited and holds nothing). */
    boolean running() {
        return running(pid);
    }

    static boolean running(long pid) {
        Path stat = PROC.resolve(Long.toString(pid)).resolve("stat");
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        try {
            String s = Files.readString(stat, StandardCharsets.UTF_8);
            int close = s.lastIndexOf(')');
            char state = close >= 0 && close + 2 < s.length() ? s.charAt(close + 2) : '?';
            return state != 'Z' && state != 'X';
        } catch (IOException gone) {
            return false;
        }
    }

    /**
     * True while the process exists, zombies included. PostgreSQL tests a pid file's process with
     * {@code kill(pid, 0)}, which succeeds on a zombie, so it takes a file naming an exited but
     * unreaped process (its parent never waits for it) for a live server.
     */
    boolean exists() {
        return Files.isDirectory(PROC.resolve("self")) ? Files.exists(PROC.resolve(Long.toString(pid)))
                : running();
    }

    /**
     * Whether this process is a PostgreSQL server working in {@code dir}: its command is
     * {@code postgres} and its working directory is {@code dir} (PostgreSQL changes into its data
     * directory at startup, and its backends inherit that). Empty when /proc does not tell.
     */
    Optional<Boolean> servesDirectory(Path dir) {
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return Optional.empty();
        }
        if (!isPostgres(PROC.resolve(Long.toString(pid)))) {
            return Optional.of(false);
        }
        return workingDirectory(pid).map(cwd -> cwd.equals(realPath(dir)));
    }

    /**
     * Whether any PostgreSQL process works in {@code dir}. Only PostgreSQL processes (postmaster,
     * backends and helpers, all with the command name {@code postgres}) can hold a data directory,
     * and each works in it. Empty when the working directory of some PostgreSQL process could not
     * be read (another user's, or no /proc), so absence cannot be proven.
     */
    static Optional<Boolean> anyPostgresWorksIn(Path dir) {
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return Optional.empty();
        }
        Path target = realPath(dir);
        boolean unknown = false;
        try (Stream<Path> entries = Files.list(PROC)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit) || !isPostgres(p)) {
                    continue;
                }
                long pid = Long.parseLong(name);
                Optional<Path> cwd = workingDirectory(pid);
                if (cwd.isPresent() && cwd.get().equals(target)) {
                    return Optional.of(true);
                }
                if (cwd.isEmpty() && running(pid)) {
                    unknown = true;
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return unknown ? Optional.empty() : Optional.of(false);
    }

    private static boolean isPostgres(Path procEntry) {
        try {
            return Files.readString(procEntry.resolve("comm"), StandardCharsets.UTF_8).trim().equals("postgres");
        } catch (IOException gone) {
            return false;
        }
    }

    private static Optional<Path> workingDirectory(long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(PROC.resolve(Long.toString(pid)).resolve("cwd")));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }
}
