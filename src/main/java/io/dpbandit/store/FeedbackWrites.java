package io.dpbandit.store;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.store.DecisionStore.FeedbackOutcome;
import io.dpbandit.store.DecisionStore.NewFeedback;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@link DecisionStore}'s feedback writes: a group commit batch's feedbacks in two statements, and one
 * feedback on its own. Each locks its decisions' rows (in id order), reads their state and whether
 * their bandit is retired in the statement that locks them, and stores a reward or report only for a row that has had
 * no feedback and is not forgotten, of a bandit that is not retired.
 */
final class FeedbackWrites {

    /**
     * Whether a decision's reward is in its rollout's evaluation: null outside any (or past its schedule,
     * window 0), else whether a reward came within the wait (kept until the release that covers it).
     */
    private static final String EVALUATED_D = FeedbackSql.evaluated("d.");

    /**
     * Whether the bandit of the decision row {@code d} (joined with its state {@code s}) is retired, read
     * by the feedback's write in the statement that locks the row: the request thread may not have read
     * it at all (a decision this instance made: {@code RecentDecisions}), or read it before a retirement
     * committed. Retirement is final and takes no feedback, so such a feedback stores nothing.
     */
    private static final String RETIRED_WITH_THE_ROW = "s.serving = 'RETIRED'";

    private final JdbcTemplate jdbc;

    FeedbackWrites(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void batch(java.sql.Connection con, List<NewFeedback> feedback, Map<UUID, FeedbackOutcome> out)
            throws SQLException {
        List<NewFeedback> sorted = feedback.stream().sorted(java.util.Comparator.comparing(NewFeedback::decisionId))
                .toList();
        Object[] ids = sorted.stream().map(NewFeedback::decisionId).toArray();
        // The rows, locked in id order (the same order in every batch), with their state before.
        Map<UUID, String> bandits = new java.util.HashMap<>();
        Map<UUID, FeedbackState> before = new java.util.HashMap<>();
        Map<UUID, Boolean> evaluatedBefore = new java.util.HashMap<>();
        // Whether each row's bandit is retired is read by the same statement: a retired bandit takes no
        // feedback, whatever the request thread saw (see RETIRED_WITH_THE_ROW).
        java.util.Set<UUID> retired = new java.util.HashSet<>();
        try (var ps = con.prepareStatement("SELECT d.id, d.bandit_id, d.feedback, " + EVALUATED_D + ", "
                + RETIRED_WITH_THE_ROW + " FROM decision d JOIN bandit_state s ON s.bandit_id = d.bandit_id "
                + "WHERE d.id = ANY(?) ORDER BY d.id FOR UPDATE OF d")) {
            ps.setArray(1, con.createArrayOf("uuid", ids));
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    UUID id = rs.getObject(1, UUID.class);
                    bandits.put(id, rs.getString(2));
                    before.put(id, FeedbackState.valueOf(rs.getString(3)));
                    boolean e = rs.getBoolean(4);
                    evaluatedBefore.put(id, rs.wasNull() ? null : e);
                    if (rs.getBoolean(5)) {
                        retired.add(id);
                    }
                }
            }
        }
        List<NewFeedback> taken = retired.isEmpty() ? sorted
                : sorted.stream().filter(f -> !retired.contains(f.decisionId())).toList();
        // One statement for the whole batch, each row exactly as the single-row update would;
        // the rows it did not update (a duplicate, a forgotten round) keep their state before.
        Map<UUID, FeedbackState> after = new java.util.HashMap<>();
        Map<UUID, Boolean> evaluated = new java.util.HashMap<>(evaluatedBefore);
        java.util.Set<UUID> updated = new java.util.HashSet<>();
        try (var ps = con.prepareStatement(FeedbackSql.BATCH)) {
            ps.setArray(1, con.createArrayOf("uuid", taken.stream().map(NewFeedback::decisionId).toArray()));
            ps.setArray(2, con.createArrayOf("float8", taken.stream().map(NewFeedback::reward).toArray()));
            ps.setArray(3, con.createArrayOf("text", taken.stream().map(NewFeedback::report).toArray()));
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    UUID id = rs.getObject(1, UUID.class);
                    updated.add(id);
                    after.put(id, FeedbackState.valueOf(rs.getString(2)));
                    boolean e = rs.getBoolean(3);
                    evaluated.put(id, rs.wasNull() ? null : e);
                }
            }
        }
        for (int k = 0; k < sorted.size(); k++) {
            UUID id = sorted.get(k).decisionId();
            if (!bandits.containsKey(id)) {
                continue; // no such decision
            }
            FeedbackState was = before.get(id);
            if (retired.contains(id)) {
                out.put(id, FeedbackOutcome.retired(bandits.get(id), was));
                continue;
            }
            // Not updated: a forgotten round (first, nothing stored, as the single-row path answers) or
            // one that already had its feedback (a duplicate).
            boolean first = updated.contains(id) || was == FeedbackState.FORGOTTEN;
            out.put(id, new FeedbackOutcome(bandits.get(id), was, after.getOrDefault(id, was), first,
                    evaluated.get(id)));
        }
    }

    /** {@link DecisionStore#feedback(UUID, Double, String)}. */
    Optional<FeedbackOutcome> single(UUID id, Double reward, String report) {
        return jdbc.query("SELECT d.bandit_id, d.feedback, d.feedback_at IS NULL, " + EVALUATED_D + ", "
                + RETIRED_WITH_THE_ROW + " FROM decision d JOIN bandit_state s ON s.bandit_id = d.bandit_id "
                + "WHERE d.id = ? FOR UPDATE OF d",
                rs -> {
                    if (!rs.next()) {
                        return Optional.<FeedbackOutcome>empty();
                    }
                    String bandit = rs.getString(1);
                    FeedbackState before = FeedbackState.valueOf(rs.getString(2));
                    if (rs.getBoolean(5)) {
                        return Optional.of(FeedbackOutcome.retired(bandit, before));
                    }
                    if (before == FeedbackState.FORGOTTEN) {
                        // Long past its window and forgotten by retention: nothing is stored, not even when.
                        return Optional.of(new FeedbackOutcome(bandit, before, before, true));
                    }
                    boolean first = rs.getBoolean(3);
                    boolean wasEvaluated = rs.getBoolean(4);
                    Boolean evaluatedBefore = rs.wasNull() ? null : wasEvaluated;
                    if (!first) {
                        return Optional.of(new FeedbackOutcome(bandit, before, before, false, evaluatedBefore));
                    }
                    var row = jdbc.queryForMap("UPDATE decision SET "
                            + "feedback = CASE WHEN feedback = 'PENDING' AND clock_timestamp() < wait_until THEN 'ACCEPTED' "
                            + "  WHEN feedback IN ('PENDING', 'DEFAULTED') THEN 'LATE' ELSE feedback END, "
                            + "reward = CASE WHEN feedback = 'PENDING' AND clock_timestamp() < wait_until THEN ? "
                            + "  ELSE reward END, "
                            + "report = CASE WHEN feedback = 'PENDING' AND clock_timestamp() < wait_until THEN ?::jsonb "
                            + "  ELSE report END, "
                            + "eval_reward = CASE WHEN arm IS NOT NULL AND eval_window IS NULL "
                            + "  AND clock_timestamp() < wait_until THEN ? END, "
                            + "feedback_at = clock_timestamp() WHERE id = ? RETURNING feedback, " + FeedbackSql.evaluated("")
                            + " AS evaluated", reward, report, reward, id);
                    return Optional.of(new FeedbackOutcome(bandit, before,
                            FeedbackState.valueOf((String) row.get("feedback")), true, (Boolean) row.get("evaluated")));
                }, id);
    }
}
