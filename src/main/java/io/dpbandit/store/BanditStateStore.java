package io.dpbandit.store;

import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.Serving;
import io.dpbandit.runtime.BanditVersion;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * What changes as a bandit learns ({@code bandit_state}), in JDBC: its epoch, phase, rounds, the
 * version every instance checks before serving from its cached runtime, and the policy state
 * (a sequential policy's model, USCA's estimator). Each change is a compare-and-set: a bandit
 * moves on only from the epoch it is at, a policy state is stored only over the version it was
 * computed from, and both bump the version.
 */
@Repository
public class BanditStateStore {

    private final JdbcTemplate jdbc;

    public BanditStateStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Where a bandit stands, as its status shows it. */
    public record State(int epoch, Phase phase, long rounds, long version) {
    }

    /** The state of a new bandit: epoch 1, exploring, with an optional initial policy state. */
    public void insert(String banditId, byte[] policyState) {
        jdbc.update("INSERT INTO bandit_state (bandit_id, phase, epoch, policy_state) VALUES (?, 'EXPLORE', 1, ?)",
                banditId, policyState);
    }

    public Optional<BanditVersion> version(String banditId) {
        return jdbc.query("SELECT epoch, phase, state_version FROM bandit_state WHERE bandit_id = ?",
                (rs, i) -> new BanditVersion(rs.getInt(1), Phase.valueOf(rs.getString(2)), rs.getLong(3)), banditId)
                .stream().findFirst();
    }

    public Optional<State> state(String banditId) {
        return jdbc.query("SELECT epoch, phase, rounds, state_version FROM bandit_state WHERE bandit_id = ?",
                (rs, i) -> new State(rs.getInt(1), Phase.valueOf(rs.getString(2)), rs.getLong(3), rs.getLong(4)),
                banditId).stream().findFirst();
    }

    /** Moves a bandit on from {@code fromEpoch} (compare-and-set), adding the rounds its epoch used. */
    public boolean advance(String banditId, int fromEpoch, int toEpoch, Phase phase, long addedRounds) {
        return jdbc.update("UPDATE bandit_state SET epoch = ?, phase = ?, rounds = rounds + ?, "
                + "state_version = state_version + 1 WHERE bandit_id = ? AND epoch = ? AND phase = 'EXPLORE'",
                toEpoch, phase.name(), addedRounds, banditId, fromEpoch) == 1;
    }

    /** Whether a bandit serves, and since when (null: since it was created). */
    public record ServingState(Serving serving, Instant since) {
    }

    public Optional<ServingState> serving(String banditId) {
        return jdbc.query("SELECT serving, serving_since FROM bandit_state WHERE bandit_id = ?",
                (rs, i) -> new ServingState(Serving.valueOf(rs.getString(1)), rs.getTimestamp(2) == null ? null
                        : rs.getTimestamp(2).toInstant()), banditId).stream().findFirst();
    }

    /**
     * Sets whether a bandit serves, unless it is retired (retiring is final; a trigger refuses it
     * too) or already there; true if this call changed it. The version is not bumped: nothing a
     * runtime is built from changes, and decisions read the state in the statement that inserts
     * them ({@link DecisionStore#insert}).
     */
    public boolean setServing(String banditId, Serving serving) {
        return jdbc.update("UPDATE bandit_state SET serving = ?, serving_since = clock_timestamp() "
                + "WHERE bandit_id = ? AND serving <> 'RETIRED' AND serving <> ?", serving.name(), banditId,
                serving.name()) == 1;
    }

    public Optional<byte[]> policyState(String banditId) {
        return jdbc.query("SELECT policy_state FROM bandit_state WHERE bandit_id = ? AND policy_state IS NOT NULL",
                (rs, i) -> rs.getBytes(1), banditId).stream().findFirst();
    }

    /** Stores a policy state and bumps the version, only if it is still at {@code expectedVersion}. */
    public boolean storePolicyState(String banditId, long expectedVersion, byte[] state) {
        return jdbc.update("UPDATE bandit_state SET policy_state = ?, state_version = state_version + 1 "
                + "WHERE bandit_id = ? AND state_version = ?", state, banditId, expectedVersion) == 1;
    }

    /** Stores a bandit's estimator (USCA) in the close transaction that moves it to RELEASE. */
    public void storeEstimator(String banditId, byte[] state) {
        jdbc.update("UPDATE bandit_state SET policy_state = ? WHERE bandit_id = ?", state, banditId);
    }
}
