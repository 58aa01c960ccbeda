package io.dpbandit.runtime;

import io.dpbandit.client.privacy.NoiseSource;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a runtime's releases work with: the production noise, the ledger charge, and USCA's stored
 * per-context releases under their keyed digests. A charged release locks its bandit's row first, so
 * two releases never both see the same remaining budget, and commits the charge and the release
 * together ({@link #charged}). Declared here, by the runtimes that need it; the service implements it
 * on the ledger and the stores ({@code io.dpbandit.release.StoredReleaseContext}), so no runtime knows
 * a table, a transaction or a digest secret.
 */
public interface ReleaseContext {

    /** A context's stored release: the action, the ledger entry that paid for it and when it was made. */
    record StoredRelease(int actionIndex, long ledgerId, Instant createdAt) {
    }

    NoiseSource noise();

    /** The key a context's release is stored under (the current secret's keyed digest). */
    String keyOf(double[] context);

    /** A bandit's stored releases, in ledger order. */
    List<StoredRelease> releases(String banditId);

    /**
     * The release stored for a context, if any, under {@code key} or any key it may have been stored
     * under before (an earlier secret's, the pre-HMAC digest's); one found under another key is moved
     * to {@code key} on the spot.
     */
    Optional<StoredRelease> find(String banditId, String key, double[] context);

    /**
     * Runs {@code release} in one transaction holding the bandit's row lock, so that the ledger charge
     * it makes and the release it stores commit together and no other release sees the same budget.
     */
    <T> T charged(String banditId, Supplier<T> release);

    /** Charges a release (inside {@link #charged}); returns the ledger entry's id. */
    long charge(String banditId, EpochProcess.Charge charge);

    /** Stores a release under its key with the ledger entry that paid for it (inside {@link #charged}). */
    void store(String banditId, String key, int action, long ledgerId);
}
