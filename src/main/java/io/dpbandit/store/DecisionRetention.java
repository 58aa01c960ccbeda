package io.dpbandit.store;

import io.dpbandit.bandit.FeedbackState;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * What the decisions table keeps and for how long, in JDBC: retention forgets a done decision's
 * per-user values and, after the replay window, its requestId and context digest, a bounded batch
 * per call; and the per-bandit counts the status and the ops view show (decisions, feedback states).
 */
@Repository
public class DecisionRetention {

    private final JdbcTemplate jdbc;

    public DecisionRetention(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The replay window: the requestId and the context's keyed digest of decisions older than
     * {@code windowSeconds} are deleted, at most {@code limit} rows per call (a replay after the window
     * is a new decision). The partial index decision_replay holds only rows that still have them.
     * Rows another transaction has locked are skipped (see {@link #forgetRawData}).
     */
    public int forgetReplayData(long windowSeconds, int limit) {
        return jdbc.update("UPDATE decision SET request_id = NULL, request_key = NULL, context_digest = NULL, "
                + "action_index = CASE WHEN feedback = 'FORGOTTEN' THEN NULL ELSE action_index END, "
                + "propensity = CASE WHEN feedback = 'FORGOTTEN' THEN NULL ELSE propensity END "
                + "WHERE id = ANY(ARRAY(SELECT id FROM decision WHERE (request_id IS NOT NULL OR context_digest IS NOT NULL) "
                + "AND created_at <= clock_timestamp() - make_interval(secs => ?) ORDER BY created_at LIMIT ? "
                + "FOR UPDATE SKIP LOCKED))",
                (double) windowSeconds,
                limit);
    }

    /** A decision with personal values left whose use is over: the predicate of the index decision_personal. */
    public static final String DONE = "feedback <> 'FORGOTTEN' AND (folded_at IS NOT NULL OR slot IS NULL) "
            + "AND (arm IS NULL OR eval_window IS NOT NULL) ";

    /**
     * Retention: every per-user value of a decision that is done (a learning round folded at least
     * {@code retentionSeconds} ago, any other decision made that long ago) is forgotten, at most
     * {@code limit} rows per call: its raw context and reward, its device's report, whether and when
     * feedback came (the state becomes FORGOTTEN) and, unless a requestId may still replay it, the
     * action it got and its propensity. A decision in a rollout's evaluation (arm set) waits for the
     * evaluation release that covers it (eval_window set), which has already forgotten its reward. The partial index decision_personal holds only rows with
     * something left to forget, so this never scans the decisions that are done.
     */
    public int forgetRawData(int retentionSeconds, int limit) {
        // DONE is the partial index decision_personal's predicate (V18), so the select reads the index.
        // The rows are locked as they are picked, skipping any a feedback holds: retention never waits
        // for a row lock, so it can neither hold up a group commit batch (which locks its feedbacks'
        // rows in id order) nor deadlock with it; a skipped row is forgotten by a later pass.
        // The forgotten rows' states go into feedback_tally in the same statement. A row another
        // instance's pass holds is skipped, and one it forgot and committed meanwhile no longer
        // passes DONE when its lock is taken (read committed re-evaluates it), so a row is
        // forgotten, and tallied, once.
        // Both scans are spelled so that the plan cannot be a scan of the whole table, whatever the
        // statistics say (with a young table's, PostgreSQL chose a sequential scan for the pick and a
        // hash join over another one for the update, each pass reading every decision ever made): the
        // pick is ordered by decision_personal's expression, so it reads that index, and the update
        // finds its rows by primary key (id = ANY of the picked ids).
        Integer n = jdbc.queryForObject("WITH old AS (SELECT id, bandit_id, feedback FROM decision WHERE " + DONE
                + "AND coalesce(folded_at, created_at) <= clock_timestamp() - make_interval(secs => ?) "
                + "ORDER BY coalesce(folded_at, created_at) LIMIT ? FOR UPDATE SKIP LOCKED), "
                + "forgot AS (UPDATE decision d SET context = NULL, reward = NULL, eval_reward = NULL, report = NULL, "
                + "feedback = 'FORGOTTEN', feedback_at = NULL, "
                + "action_index = CASE WHEN d.request_id IS NULL THEN NULL ELSE d.action_index END, "
                + "propensity = CASE WHEN d.request_id IS NULL THEN NULL ELSE d.propensity END "
                + "FROM old WHERE d.id = ANY(ARRAY(SELECT id FROM old)) AND d.id = old.id AND d.feedback <> 'FORGOTTEN' "
                + "RETURNING old.bandit_id, old.feedback), "
                + "tally AS (INSERT INTO feedback_tally (bandit_id, state, forgotten) "
                + "SELECT bandit_id, feedback, count(*) FROM forgot GROUP BY bandit_id, feedback "
                + "ON CONFLICT (bandit_id, state) DO UPDATE SET forgotten = feedback_tally.forgotten + EXCLUDED.forgotten) "
                + "SELECT count(*)::int FROM forgot", Integer.class, retentionSeconds, limit);
        return n == null ? 0 : n;
    }

    /**
     * Every decision of a bandit by the feedback state it has now or had when retention forgot it
     * (no FORGOTTEN entry): exact over the bandit's life, whatever retention keeps.
     */
    public Map<FeedbackState, Long> feedbackTotals(String banditId) {
        Map<FeedbackState, Long> totals = feedbackCounts(banditId);
        totals.remove(FeedbackState.FORGOTTEN);
        jdbc.query("SELECT state, forgotten FROM feedback_tally WHERE bandit_id = ?",
                rs -> {
                    totals.merge(FeedbackState.valueOf(rs.getString(1)), rs.getLong(2), Long::sum);
                }, banditId);
        return totals;
    }

    public Map<FeedbackState, Long> feedbackCounts(String banditId) {
        Map<FeedbackState, Long> counts = new EnumMap<>(FeedbackState.class);
        for (FeedbackState s : FeedbackState.values()) {
            counts.put(s, 0L);
        }
        jdbc.query("SELECT feedback, count(*) FROM decision WHERE bandit_id = ? GROUP BY feedback",
                rs -> {
                    counts.put(FeedbackState.valueOf(rs.getString(1)), rs.getLong(2));
                }, banditId);
        return counts;
    }

    /** {decisions, of them those that took a learning slot}: one read for both. */
    public long[] decisionCounts(String banditId) {
        return jdbc.queryForObject("SELECT count(*), count(slot) FROM decision WHERE bandit_id = ?",
                (rs, i) -> new long[] {rs.getLong(1), rs.getLong(2)}, banditId);
    }

    public long decisionCount(String banditId) {
        Long n = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ?", Long.class, banditId);
        return n == null ? 0 : n;
    }
}
