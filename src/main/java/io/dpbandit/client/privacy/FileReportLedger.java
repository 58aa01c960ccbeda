package io.dpbandit.client.privacy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link ReportLedger} in one small file, so that the device's count survives a restart of the app.
 *
 * <p><b>Written atomically.</b> Every change writes the whole record to {@code <file>.tmp}, forces it
 * to the disk (fsync), renames it over the file (an atomic move), then forces the directory where
 * the platform allows it. A crash leaves either the old file or the new one, never half of one; a
 * leftover {@code .tmp} is never read and is overwritten by the next change. {@link #tryRecord}
 * returns {@code true} only once the new count is on the disk, so a report is counted before it is
 * randomised; a report the device then fails to send stays counted.
 *
 * <p><b>Fails closed.</b> A file that is not exactly what this class writes (a header, one line per
 * bandit, an end line with the number of bandits) is refused with an {@link IllegalStateException}:
 * the device then sends nothing, rather than start its count again from zero. A missing file is an
 * empty record (a device that never reported).
 *
 * <p><b>Concurrency.</b> Safe with any number of threads, and any number of these objects on the same
 * path, in one process: each change reads the file and writes it again under a lock held per path.
 * <b>Not safe across processes</b>: two processes writing the same file can each admit the last
 * report. An app with several processes on one device serialises them itself (one process owns the
 * ledger, or each uses its own file for its own bandits).
 *
 * <p>The format (UTF-8): {@code dpbandit-report-ledger 1}, then {@code <count> <bandit>} per bandit with
 * the id URL-encoded, then {@code end <number of bandits>}.
 */
public final class FileReportLedger implements ReportLedger {

    static final String HEADER = "dpbandit-report-ledger 1";
    private static final String END = "end ";

    /** One lock per file, shared by every ledger object on that path in this process. */
    private static final ConcurrentHashMap<Path, Object> LOCKS = new ConcurrentHashMap<>();

    private final Path file;
    private final Path temp;
    private final Object lock;

    /**
     * A ledger kept in {@code file} (created, with its directory, at the first report). Reads it once
     * to fail early if it is unreadable.
     *
     * @throws IllegalStateException if the file exists and is not a ledger this class wrote
     */
    public FileReportLedger(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("the ledger's file is required");
        }
        this.file = file.toAbsolutePath().normalize();
        if (this.file.getFileName() == null) {
            throw new IllegalArgumentException("the ledger's file must name a file, got " + file);
        }
        this.temp = this.file.resolveSibling(this.file.getFileName() + ".tmp");
        this.lock = LOCKS.computeIfAbsent(this.file, p -> new Object());
        synchronized (lock) {
            read();
        }
    }

    /** The file the count is kept in. */
    public Path file() {
        return file;
    }

    @Override
    public boolean tryRecord(String bandit, int limit) {
        LedgerChecks.check(bandit, limit);
        String key = encode(bandit);
        synchronized (lock) {
            Map<String, Integer> counts = read();
            int made = counts.getOrDefault(key, 0);
            if (made >= limit) {
                return false;
            }
            counts.put(key, made + 1);
            write(counts);
            return true;
        }
    }

    @Override
    public int count(String bandit) {
        LedgerChecks.checkBandit(bandit);
        synchronized (lock) {
            return read().getOrDefault(encode(bandit), 0);
        }
    }

    /**
     * Keys are the URL-encoded ids, in memory as on the disk, so that an id the encoding cannot
     * round-trip (an unpaired surrogate) can only share a count with another id (counting more),
     * never lose its own.
     */
    private static String encode(String bandit) {
        return URLEncoder.encode(bandit, StandardCharsets.UTF_8);
    }

    private Map<String, Integer> read() {
        Map<String, Integer> counts = new TreeMap<>();
        if (!Files.exists(file)) {
            return counts;
        }
        List<String> lines;
        try {
            byte[] bytes = Files.readAllBytes(file);
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            lines = text.lines().toList();
        } catch (CharacterCodingException e) {
            throw unreadable("not UTF-8");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the device's report ledger " + file + ": nothing was "
                    + "randomised or sent", e);
        }
        if (lines.size() < 2 || !lines.get(0).equals(HEADER)) {
            throw unreadable("it does not start with \"" + HEADER + "\"");
        }
        for (String line : lines.subList(1, lines.size() - 1)) {
            int space = line.indexOf(' ');
            String key = space < 0 ? "" : line.substring(space + 1);
            int count = space < 0 ? -1 : parse(line.substring(0, space));
            if (count < 1 || key.isEmpty() || !key.equals(encode(decode(key))) || counts.put(key, count) != null) {
                throw unreadable("line \"" + shorten(line) + "\" is not \"<count> <bandit>\" for a new bandit");
            }
        }
        String end = lines.get(lines.size() - 1);
        if (!end.startsWith(END) || parse(end.substring(END.length())) != counts.size()) {
            throw unreadable("it does not end with \"end " + counts.size() + "\": it was cut short or edited");
        }
        return counts;
    }

    private void write(Map<String, Integer> counts) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        counts.forEach((key, count) -> sb.append(count).append(' ').append(key).append('\n'));
        sb.append(END).append(counts.size()).append('\n');
        ByteBuffer bytes = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
        try {
            Files.createDirectories(temp.getParent());
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system cannot rename " + temp + " over " + file + " atomically", e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the device's report ledger " + file + ": the report was "
                    + "not recorded, and nothing was randomised or sent", e);
        }
        forceDirectory();
    }

    /** Makes the rename itself durable where the platform can open a directory (Linux, macOS). */
    private void forceDirectory() {
        Path dir = file.getParent();
        if (dir == null) {
            return;
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // Windows cannot open a directory; its rename is flushed with the file system's metadata.
        }
    }

    private IllegalStateException unreadable(String why) {
        return new IllegalStateException("the device's report ledger " + file + " is unreadable (" + why + "); the "
                + "device refuses to report rather than start its count again from zero, so nothing was randomised "
                + "or sent. Restore the file from a copy; deleting it gives this device's users their reports again");
    }

    private static int parse(String digits) {
        if (digits.isEmpty() || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        long value = Long.parseLong(digits);
        return value > Integer.MAX_VALUE ? -1 : (int) value;
    }

    private static String decode(String key) {
        try {
            return URLDecoder.decode(key, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String shorten(String line) {
        return line.length() <= 64 ? line : line.substring(0, 64) + "...";
    }
}
