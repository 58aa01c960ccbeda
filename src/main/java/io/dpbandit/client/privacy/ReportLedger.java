package io.dpbandit.client.privacy;

import java.nio.file.Path;

/**
 * Where a user's device keeps its count of the reports it has sent, per bandit: the record that
 * lets {@link DevicePolicy} refuse the (k+1)-th report for a bandit whatever the server asks. The
 * app implements it over its own storage, or uses {@link #inMemory()} (the count lasts as long as
 * the object) or {@link #file(Path)} (one small file, kept across restarts).
 *
 * <p>What an implementation must do: {@link #tryRecord} is atomic (two threads can never both take
 * the last report), and a report it admitted is recorded before it returns {@code true}, so that
 * nothing is randomised before it is counted. A count only goes up: it is never given back, even
 * when sending the report fails afterwards (a report that may have left the device counts). An
 * implementation that cannot read its record must throw, never start again from zero.
 *
 * <p>Bandits are named by the id the app uses for them (the one it asks POST /decide for), never by
 * a name the server sends.
 */
public interface ReportLedger {

    /**
     * Records one more report for {@code bandit} if fewer than {@code limit} are recorded, atomically.
     *
     * @param bandit the bandit's id as the app names it (not blank)
     * @param limit  the most reports the device sends to one bandit (k &ge; 1)
     * @return whether the report was recorded (true: it may be randomised and sent; false: the device
     *         has already sent {@code limit}, and nothing was changed)
     * @throws IllegalStateException or {@link java.io.UncheckedIOException} if the record cannot be
     *         read or written: then nothing was recorded and nothing may be sent
     */
    boolean tryRecord(String bandit, int limit);

    /** How many reports the device has recorded for {@code bandit} (0 if none). */
    int count(String bandit);

    /** A ledger in memory: thread-safe, and forgotten when the object is. */
    static ReportLedger inMemory() {
        return new InMemoryReportLedger();
    }

    /** A ledger in one file, written atomically; see {@link FileReportLedger} for what it guarantees. */
    static ReportLedger file(Path file) {
        return new FileReportLedger(file);
    }
}
