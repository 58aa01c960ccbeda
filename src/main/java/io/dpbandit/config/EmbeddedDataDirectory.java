package io.dpbandit.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data directory of the persistent embedded cluster, claimed by this instance of the service
 * before the cluster starts and released after it stopped.
 *
 * <h2>Who owns a running postmaster</h2>
 * The embedded library ({@code EmbeddedPostgres}) takes an exclusive lock on {@code epg-lock} in
 * the data directory before it starts the postmaster and gives it up only after stopping it; the
 * operating system drops that lock when the JVM holding it dies, however it dies. The postmaster's
 * parent process says nothing: {@code pg_ctl} starts it in a session of its own and exits once it
 * is up, so it is a child of init even while the service is healthy, and it keeps running when the
 * service is killed with SIGKILL. So the lock is the owner: held, a live service owns the cluster;
 * free, whatever runs on the directory was left behind.
 *
 * <h2>Claiming</h2>
 * <ol>
 * <li>A directory already claimed in this JVM is refused (and the lock file is not touched:
 *     closing a second channel on it would drop this JVM's own lock).</li>
 * <li>The lock is tried. Held by another process: a live instance owns the directory, and this
 *     one fails with {@link EmbeddedDataDirectoryInUseException}, touching nothing.</li>
 * <li>With the lock held, {@code postmaster.pid} is read. It names a process that
 *     <ul>
 *     <li>no longer runs: a stale file (a machine crash); PostgreSQL discards it itself and
 *         recovers from its WAL, so nothing is done. Unless the process is a zombie, which
 *         PostgreSQL takes for a live server: then, when provably no PostgreSQL process works
 *         in the directory, the stale file is removed.</li>
 *     <li>is a PostgreSQL working in this directory: a postmaster left behind by a killed
 *         service. It gets SIGINT (PostgreSQL's fast shutdown, what {@code pg_ctl stop -m fast}
 *         sends: sessions are ended, a checkpoint is written, the process exits and removes its
 *         pid file) and is waited for, so the new cluster starts on the same data.</li>
 *     <li>is something else (its pid was reused after a reboot): when provably no PostgreSQL
 *         process works in the directory the stale pid file is removed, which PostgreSQL would
 *         otherwise refuse; otherwise this instance fails and leaves everything alone.</li>
 *     </ul></li>
 * <li>The lock is let go and the embedded library takes it for the new cluster; if another
 *     instance slipped in between, the library's own lock attempt fails and that is reported as
 *     the directory being in use.</li>
 * </ol>
 */
final class EmbeddedDataDirectory {

    /** The embedded library's lock file (EmbeddedPostgres.LOCK_FILE_NAME, not public there). */
    static final String OWNER_LOCK = "epg-lock";

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDataDirectory.class);
    private static final Set<Path> CLAIMED_IN_THIS_JVM = ConcurrentHashMap.newKeySet();
    private static final Duration POLL = Duration.ofMillis(100);

    private final Path directory;
    private final Duration shutdownWait;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile Postmaster started;

    private EmbeddedDataDirectory(Path directory, Duration shutdownWait) {
        this.directory = directory;
        this.shutdownWait = shutdownWait;
    }

    /** A temporary cluster's stand-in: nothing claimed, nothing to release. */
    static EmbeddedDataDirectory temporary() {
        return new EmbeddedDataDirectory(null, Duration.ZERO);
    }

    boolean isPersistent() {
        return directory != null;
    }

    /** The claimed directory, absolute; null for a temporary cluster. */
    Path path() {
        return directory;
    }

    /**
     * Claims {@code dir} for this instance, first shutting down a postmaster that a killed
     * instance left running there.
     *
     * @param shutdownWait how long a left-over postmaster may take to shut down
     * @throws EmbeddedDataDirectoryInUseException when something alive owns the directory
     */
    static EmbeddedDataDirectory claim(Path dir, Duration shutdownWait) throws IOException {
        Path directory = dir.toAbsolutePath().normalize();
        if (!CLAIMED_IN_THIS_JVM.add(directory)) {
            throw new EmbeddedDataDirectoryInUseException(directory,
                    "another embedded PostgreSQL in this JVM runs on it");
        }
        try {
            clearLeftovers(directory, shutdownWait);
            return new EmbeddedDataDirectory(directory, shutdownWait);
        } catch (IOException | RuntimeException e) {
            CLAIMED_IN_THIS_JVM.remove(directory);
            throw e;
        }
    }

    private static void clearLeftovers(Path dir, Duration shutdownWait) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Path lockFile = dir.resolve(OWNER_LOCK);
        if (!Files.exists(lockFile)) {
            // Never started by the embedded library. A live PostgreSQL here was started by hand.
            Optional<Postmaster> pm = Postmaster.read(dir);
            if (pm.isPresent() && pm.get().running() && !pm.get().servesDirectory(dir).equals(Optional.of(false))) {
                throw new EmbeddedDataDirectoryInUseException(dir, "PostgreSQL " + describe(pm.get())
                        + " runs on it and was not started by dpbandit; stop it first");
            }
            return;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new EmbeddedDataDirectoryInUseException(dir, "another running dpbandit instance owns it"
                        + Postmaster.read(dir).filter(Postmaster::running)
                                .map(pm -> " (its PostgreSQL is " + describe(pm) + ")").orElse(""));
            }
            // No live service owns the directory: whatever runs here was left behind.
            stopLeftover(dir, shutdownWait);
        } catch (NoSuchFileException e) {
            // The lock file went away between the check and the open: nothing to clear.
        }
        // Closing the channel released the lock; the embedded library takes it next.
    }

    private static void stopLeftover(Path dir, Duration shutdownWait) throws IOException {
        Path pidFile = dir.resolve(Postmaster.PID_FILE);
        Optional<Postmaster> found = Postmaster.read(dir);
        if (found.isEmpty()) {
            if (Files.exists(pidFile) && Postmaster.anyPostgresWorksIn(dir).equals(Optional.of(false))) {
                // Empty or cut short (a machine crash while PostgreSQL wrote it): PostgreSQL refuses such a file.
                log.warn("{} names no process and no PostgreSQL works in the directory; removing the stale file",
                        pidFile);
                Files.deleteIfExists(pidFile);
            }
            return;
        }
        Postmaster pm = found.get();
        if (!pm.running()) {
            if (pm.exists() && Postmaster.anyPostgresWorksIn(dir).equals(Optional.of(false))) {
                log.warn("{} names PID {}, which has exited but was not reaped (a zombie, which PostgreSQL takes for "
                        + "a live server) and no PostgreSQL works in the directory; removing the stale file", pidFile,
                        pm.pid());
                Files.deleteIfExists(pidFile);
            } else {
                log.info("{} names PID {}, which no longer runs (the machine or the cluster crashed); PostgreSQL "
                        + "discards the stale file and recovers from its write-ahead log", pidFile, pm.pid());
            }
            return;
        }
        Optional<Boolean> ours = pm.servesDirectory(dir);
        if (ours.equals(Optional.of(true))) {
            log.warn("PostgreSQL {} still runs on {}, but the service that started it is gone (killed?); shutting it "
                    + "down (fast) so that this instance starts on the same data", describe(pm), dir);
            long t0 = System.nanoTime();
            if (!shutDown(pm, dir, shutdownWait)) {
                throw new IllegalStateException("Could not stop the PostgreSQL (PID " + pm.pid() + ") left running on "
                        + dir + " by a service that is gone, within " + shutdownWait.toSeconds() + " s; stop it with "
                        + "'kill -INT " + pm.pid() + "' and start again");
            }
            log.info("Left-over PostgreSQL PID {} shut down cleanly in {} ms; its data stays in {}", pm.pid(),
                    (System.nanoTime() - t0) / 1_000_000, dir);
        } else if (ours.equals(Optional.of(false)) && Postmaster.anyPostgresWorksIn(dir).equals(Optional.of(false))) {
            log.warn("{} names PID {}, which is not a PostgreSQL on this directory (the pid was reused after a "
                    + "crash) and no PostgreSQL works in the directory; removing the stale file", pidFile, pm.pid());
            Files.deleteIfExists(pidFile);
        } else {
            throw new EmbeddedDataDirectoryInUseException(dir, Postmaster.PID_FILE + " names PID " + pm.pid()
                    + ", which cannot be shown to be either a left-over PostgreSQL on this directory or unrelated; "
                    + "if no PostgreSQL runs on the directory, delete " + pidFile);
        }
    }

    /** Fast shutdown: SIGINT, then wait until the process is gone and its pid file no longer names it. */
    private static boolean shutDown(Postmaster pm, Path dir, Duration wait) throws IOException {
        signalFastShutdown(pm.pid());
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (!pm.running() && Postmaster.read(dir).map(p -> p.pid() != pm.pid()).orElse(true)) {
                return true;
            }
            sleep(POLL);
        }
        return false;
    }

    /**
     * SIGINT is PostgreSQL's fast shutdown; Java can only send SIGTERM (smart shutdown, which
     * waits for every client to leave), so the shell's kill sends it. SIGTERM is the fallback.
     */
    private static void signalFastShutdown(long pid) throws IOException {
        try {
            Process kill = new ProcessBuilder("/bin/sh", "-c", "kill -s INT \"$1\"", "sh", Long.toString(pid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (kill.waitFor() == 0) {
                return;
            }
        } catch (IOException e) {
            log.debug("Could not run kill -s INT {}", pid, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while stopping PostgreSQL PID " + pid, e);
        }
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
    }

    /** Remembers the postmaster this instance started, the only one {@link #release()} may wait for. */
    void started() throws IOException {
        if (directory == null) {
            return;
        }
        started = Postmaster.read(directory).filter(pm -> pm.servesDirectory(directory).orElse(false)).orElse(null);
    }

    /**
     * After the embedded library stopped the cluster: waits until the postmaster this instance
     * started has exited (the library's {@code pg_ctl stop} gives up after 5 s, while a durable
     * cluster's shutdown checkpoint may take longer), asking it again to shut down fast if it still
     * runs, then forgets the claim.
     */
    void release() {
        if (directory == null || !released.compareAndSet(false, true)) {
            return;
        }
        try {
            Postmaster pm = started;
            if (pm != null && pm.running() && pm.servesDirectory(directory).orElse(false)) {
                log.info("Waiting for the embedded PostgreSQL (PID {}) to finish shutting down", pm.pid());
                if (!shutDown(pm, directory, shutdownWait)) {
                    log.warn("Embedded PostgreSQL PID {} is still shutting down on {}; the next start finishes the job",
                            pm.pid(), directory);
                }
            }
        } catch (IOException e) {
            log.warn("While waiting for the embedded PostgreSQL on {} to stop", directory, e);
        } finally {
            CLAIMED_IN_THIS_JVM.remove(directory);
        }
    }

    private static String describe(Postmaster pm) {
        return "PID " + pm.pid() + pm.port().stream().mapToObj(p -> " on port " + p).findFirst().orElse("");
    }

    private static void sleep(Duration d) throws IOException {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for PostgreSQL to stop", e);
        }
    }
}
