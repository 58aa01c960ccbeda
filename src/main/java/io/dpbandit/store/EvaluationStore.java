package io.dpbandit.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * A rollout's state, its events and its evaluation releases, and the evaluation's reads of the
 * decisions (io.dpbandit.evaluation).
 */
@Repository
public class EvaluationStore {

    private final JdbcTemplate jdbc;

    public EvaluationStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The coin's bias now and the trial's state. */
    public record RolloutRow(double share, String state) {
    }

    /** One change of a rollout: to which state and share, why, and (AUTO) on which look's interval. */
    public record RolloutEvent(String state, double share, String cause, Integer look, Double liftLow,
            Double liftHigh, Instant at) {
    }

    /** A bandit's rollout at creation (in the creation's transaction). */
    public void create(String banditId, double share) {
        jdbc.update("INSERT INTO rollout (bandit_id, share, state) VALUES (?, ?, 'TRIAL')", banditId, share);
        event(banditId, "TRIAL", share, "CREATED", null, null, null, null);
    }

    public Optional<RolloutRow> rollout(String banditId) {
        return jdbc.query("SELECT share, state FROM rollout WHERE bandit_id = ?",
                (rs, i) -> new RolloutRow(rs.getDouble(1), rs.getString(2)), banditId).stream().findFirst();
    }

    /** The rollout's row, locked until the transaction ends (empty: none, or another transaction holds it). */
    public Optional<RolloutRow> lockRollout(String banditId, boolean skipLocked) {
        return jdbc.query("SELECT share, state FROM rollout WHERE bandit_id = ? FOR UPDATE"
                + (skipLocked ? " SKIP LOCKED" : ""), (rs, i) -> new RolloutRow(rs.getDouble(1), rs.getString(2)),
                banditId).stream().findFirst();
    }

    /** Sets the share and state and records why (in the caller's transaction, the row locked). */
    public void change(String banditId, String state, double share, String cause, Integer look, Double low,
            Double high, Instant at) {
        jdbc.update("UPDATE rollout SET share = ?, state = ? WHERE bandit_id = ?", share, state, banditId);
        event(banditId, state, share, cause, look, low, high, at);
    }

    private void event(String banditId, String state, double share, String cause, Integer look, Double low,
            Double high, Instant at) {
        jdbc.update("INSERT INTO rollout_event (bandit_id, state, share, cause, look, lift_low, lift_high, created_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, coalesce(?, now()))", banditId, state, share, cause, look, low, high,
                at == null ? null : Timestamp.from(at));
    }

    public List<RolloutEvent> events(String banditId) {
        return jdbc.query("SELECT state, share, cause, look, lift_low, lift_high, created_at FROM rollout_event "
                + "WHERE bandit_id = ? ORDER BY id", (rs, i) -> new RolloutEvent(rs.getString(1), rs.getDouble(2),
                        rs.getString(3), (Integer) rs.getObject(4), (Double) rs.getObject(5), (Double) rs.getObject(6),
                        Timestamps.instant(rs.getTimestamp(7))), banditId);
    }

    /** The bandits with a rollout. */
    public List<String> bandits() {
        return jdbc.queryForList("SELECT bandit_id FROM rollout ORDER BY bandit_id", String.class);
    }

    /** One stored evaluation release: a look, its counts per arm and its noisy sums. */
    public record ReleaseRow(int look, int banditRounds, int baselineRounds, double banditSum, double baselineSum) {
    }

    /** Whether the bandit is retired: it makes no decision any more, so a window it has not filled never fills. */
    public boolean retired(String banditId) {
        return Boolean.TRUE.equals(jdbc.queryForObject("SELECT serving = 'RETIRED' FROM bandit_state WHERE bandit_id = ?",
                Boolean.class, banditId));
    }

    /** The bandit's releases, in look order. */
    public List<ReleaseRow> releases(String banditId) {
        return jdbc.query("SELECT look, bandit_rounds, baseline_rounds, bandit_sum, baseline_sum FROM evaluation_release "
                + "WHERE bandit_id = ? ORDER BY look", (rs, i) -> new ReleaseRow(rs.getInt(1), rs.getInt(2),
                        rs.getInt(3), rs.getDouble(4), rs.getDouble(5)), banditId);
    }

    /** Whether any window of the bandit's evaluation has been released. */
    public boolean released(String banditId) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM evaluation_release WHERE bandit_id = ?)", Boolean.class, banditId));
    }

    /** When each release was made, in look order. */
    public List<Instant> releaseTimes(String banditId) {
        return jdbc.query("SELECT created_at FROM evaluation_release WHERE bandit_id = ? ORDER BY look",
                (rs, i) -> Timestamps.instant(rs.getTimestamp(1)), banditId);
    }

    /** A decision of the next window: its arm, its reward if one came in time, and whether its wait has passed. */
    public record WindowDecision(UUID id, String arm, Double reward, boolean waited) {
    }

    /**
     * The first {@code size} decisions in the evaluation not yet in a release, in decision order,
     * with whether each one's wait ended by {@code cutoff}: a window is released once all of its
     * decisions' waits have passed, so when it is released follows the decisions' times and the
     * public wait, never when (or whether) feedback came.
     */
    public List<WindowDecision> nextWindow(String banditId, int size, Instant cutoff) {
        return jdbc.query("SELECT id, arm, eval_reward, wait_until <= ? FROM decision WHERE bandit_id = ? "
                + "AND arm IS NOT NULL AND eval_window IS NULL ORDER BY seq LIMIT ?",
                (rs, i) -> new WindowDecision(rs.getObject(1, UUID.class), rs.getString(2),
                        (Double) rs.getObject(3), rs.getBoolean(4)), Timestamp.from(cutoff), banditId, size);
    }

    /** Records a release and marks its decisions, forgetting their rewards (in one transaction). */
    public void release(String banditId, ReleaseRow r, List<UUID> decisions, Instant at) {
        jdbc.update("INSERT INTO evaluation_release (bandit_id, look, bandit_rounds, baseline_rounds, bandit_sum, "
                + "baseline_sum, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", banditId, r.look(), r.banditRounds(),
                r.baselineRounds(), r.banditSum(), r.baselineSum(), Timestamp.from(at));
        mark(decisions, r.look());
    }

    /**
     * Decisions no release will cover (past the schedule's last look, or in a window a retired bandit
     * never fills): marked as in no release (window 0) and their rewards forgotten, so retention takes
     * them as any other decision.
     */
    public int beyondSchedule(String banditId, int limit) {
        return jdbc.update("UPDATE decision SET eval_window = 0, eval_reward = NULL WHERE id IN (SELECT id FROM "
                + "decision WHERE bandit_id = ? AND arm IS NOT NULL AND eval_window IS NULL LIMIT ?)", banditId, limit);
    }

    private void mark(List<UUID> decisions, int look) {
        jdbc.update(con -> {
            var ps = con.prepareStatement("UPDATE decision SET eval_window = ?, eval_reward = NULL WHERE id = ANY(?)");
            ps.setInt(1, look);
            ps.setArray(2, con.createArrayOf("uuid", decisions.toArray()));
            return ps;
        });
    }
}
