package io.dpbandit.store;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.Serving;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The request path's reads of the decisions table, in JDBC: the decision a replayed requestId made
 * (the decide path answers it again) and a decision's owner (the feedback path checks access and
 * serving state before {@link DecisionStore} writes the feedback).
 */
@Repository
public class DecisionLookups {

    private final JdbcTemplate jdbc;

    public DecisionLookups(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A stored decision as the request path needs it. */
    public record DecisionRow(UUID id, String banditId, int epoch, Integer slot, String contextDigest, int action,
            double propensity, FeedbackState feedback, Instant createdAt, String requestKey, String arm) {
        public boolean learning() {
            return slot != null;
        }
    }

    private static final String DECISION = "SELECT id, bandit_id, epoch, slot, context_digest, action_index, "
            + "propensity, feedback, created_at, request_key, arm FROM decision ";

    /** The decision made under a requestId of a bandit, with the key that made it. */
    public Optional<DecisionRow> findByRequest(String banditId, String requestId) {
        return jdbc.query(DECISION + "WHERE bandit_id = ? AND request_id = ?", this::decision, banditId, requestId)
                .stream().findFirst();
    }

    /**
     * Whose a decision is: its bandit and epoch, whether it still waits for its outcome, whether its
     * bandit serves and whether it is a learning round.
     *
     * @param serving null for an owner remembered from the decision (not read: the feedback's write
     *                reads it with the row)
     * @param pending for a remembered owner, as the decision was stored (a learning round starts
     *                pending): only a locally private bandit's feedback reads it, and those owners are
     *                always read from the row
     */
    public record Owner(String banditId, int epoch, boolean pending, Serving serving, boolean learning) {

        /** A learning decision's owner. */
        public Owner(String banditId, int epoch, boolean pending, Serving serving) {
            this(banditId, epoch, pending, serving, true);
        }

        /** The owner of a decision as it was stored, without its bandit's serving state. */
        public static Owner remembered(String banditId, int epoch, boolean learning) {
            return new Owner(banditId, epoch, learning, null, learning);
        }

        /** Whether this owner was remembered rather than read from the row. */
        public boolean isRemembered() {
            return serving == null;
        }
    }

    /** A decision's owner, with whether its bandit serves (read in the same statement). */
    public Optional<Owner> owner(UUID id) {
        return jdbc.query("SELECT d.bandit_id, d.epoch, d.feedback = 'PENDING', s.serving, d.slot IS NOT NULL "
                + "FROM decision d "
                + "JOIN bandit_state s ON s.bandit_id = d.bandit_id WHERE d.id = ?",
                (rs, i) -> new Owner(rs.getString(1), rs.getInt(2), rs.getBoolean(3), Serving.valueOf(rs.getString(4)),
                        rs.getBoolean(5)),
                id).stream().findFirst();
    }

    private DecisionRow decision(ResultSet rs, int i) throws SQLException {
        int slot = rs.getInt(4);
        Integer s = rs.wasNull() ? null : slot;
        return new DecisionRow(rs.getObject(1, UUID.class), rs.getString(2), rs.getInt(3), s, rs.getString(5),
                rs.getInt(6), rs.getDouble(7), FeedbackState.valueOf(rs.getString(8)),
                Timestamps.instant(rs.getTimestamp(9)), rs.getString(10), rs.getString(11));
    }
}
