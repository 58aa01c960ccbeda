package io.dpbandit.testing;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Time passing, for integration tests: a learning round folds only once its feedback window has
 * passed (whatever feedback came), so a test that has sent its feedback moves the windows of a
 * bandit's open rounds to now instead of sleeping through {@code feedback.waitSeconds}. Feedback
 * sent after this counts as LATE, exactly as after a real wait.
 */
public final class FeedbackWindows {

    private FeedbackWindows() {
    }

    /** The windows of these decisions (ids) close now; how many. */
    public static int passFor(JdbcTemplate jdbc, java.util.List<String> decisionIds) {
        int n = 0;
        for (String id : decisionIds) {
            n += jdbc.update("UPDATE decision SET wait_until = clock_timestamp() - interval '1 millisecond' "
                    + "WHERE id = ?::uuid AND wait_until > clock_timestamp()", id);
        }
        return n;
    }

    /** Every feedback window of the bandit's decisions that is still open closes now; how many. */
    public static int pass(JdbcTemplate jdbc, String bandit) {
        return jdbc.update("UPDATE decision SET wait_until = clock_timestamp() - interval '1 millisecond' "
                + "WHERE bandit_id = ? AND wait_until > clock_timestamp()", bandit);
    }
}
