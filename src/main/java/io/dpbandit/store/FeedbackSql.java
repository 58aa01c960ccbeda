package io.dpbandit.store;

/** SQL of a decision's feedback that DecisionStore's batch and single-row paths share. */
final class FeedbackSql {

    private FeedbackSql() {
    }

    /** Whether a decision in a rollout's evaluation has its reward in it (else null), of the row named by the prefix. */
    static String evaluated(String row) {
        return "CASE WHEN " + row + "arm IS NULL OR " + row + "eval_window = 0 THEN NULL ELSE " + row
                + "eval_reward IS NOT NULL OR " + row + "eval_window IS NOT NULL AND " + row + "feedback_at IS NOT NULL "
                + "AND " + row + "feedback_at < " + row + "wait_until END";
    }

    /**
     * {@link DecisionStore#feedback(java.util.UUID, Double, String)}'s update for a batch, in one statement: one row per
     * (id, reward, report) of the arrays, each updated only if it has had no feedback and is not forgotten.
     */
    static final String BATCH = "UPDATE decision d SET "
            + "feedback = CASE WHEN d.feedback = 'PENDING' AND clock_timestamp() < d.wait_until THEN 'ACCEPTED' "
            + "  WHEN d.feedback IN ('PENDING', 'DEFAULTED') THEN 'LATE' ELSE d.feedback END, "
            + "reward = CASE WHEN d.feedback = 'PENDING' AND clock_timestamp() < d.wait_until THEN f.reward "
            + "  ELSE d.reward END, "
            + "report = CASE WHEN d.feedback = 'PENDING' AND clock_timestamp() < d.wait_until THEN f.report::jsonb "
            + "  ELSE d.report END, "
            + "eval_reward = CASE WHEN d.arm IS NOT NULL AND d.eval_window IS NULL AND clock_timestamp() < d.wait_until "
            + "  THEN f.reward END, "
            + "feedback_at = clock_timestamp() "
            + "FROM unnest(?::uuid[], ?::float8[], ?::text[]) AS f(id, reward, report) "
            + "WHERE d.id = f.id AND d.feedback_at IS NULL AND d.feedback <> 'FORGOTTEN' "
            + "RETURNING d.id, d.feedback, " + evaluated("d.");
}
