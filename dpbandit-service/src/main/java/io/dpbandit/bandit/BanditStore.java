package io.dpbandit.bandit;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * SQL for bandits, epochs, decisions, releases and the ledger. Plain JDBC: the lifecycle needs
 * advisory locks, compare-and-set updates and upserts, which read more clearly as SQL.
 */
@Repository
public class BanditStore {

    private final JdbcTemplate jdbc;

    public BanditStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A bandit row, without its spec (which holds the whole context pool) or policy state: this is
     * read on every request, so it stays a few dozen bytes.
     */
    public record BanditRow(String id, String algorithm, String phase, int epoch, long rounds,
            double epsilonTotal, double deltaTotal, long stateVersion) {
    }

    public record EpochRow(String banditId, int number, int length, String status, byte[] plan, String model,
            Instant openedAt, Instant closedAt) {
    }

    public record DecisionRow(UUID id, String banditId, long seq, String requestId, int epoch, double[] context,
            int action, double propensity, Double reward, String feedback, Instant createdAt) {
    }

    public record LedgerRow(long id, String banditId, double epsilon, double delta, String reason, Integer epoch,
            String composition, Instant createdAt) {
    }

    // ---- locks ---------------------------------------------------------------------------------

    /** Serialises lifecycle changes of one bandit across instances until the transaction ends. */
    public void lockBandit(String banditId) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", banditId);
    }

    /** Shared with other feedback, exclusive against {@link #lockBandit}. */
    public void lockBanditShared(String banditId) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock_shared(hashtextextended(?, 0))", banditId);
    }

    // ---- bandits -------------------------------------------------------------------------------

    public boolean insertBandit(String id, String algorithm, String specJson, double epsilonTotal, double deltaTotal,
            String phase, byte[] policyState) {
        return jdbc.update("INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total, phase, policy_state) "
                + "VALUES (?, ?, ?::jsonb, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING", id, algorithm, specJson,
                epsilonTotal, deltaTotal, phase, policyState) == 1;
    }

    public Optional<BanditRow> findBandit(String id) {
        return jdbc.query("SELECT id, algorithm, phase, epoch, rounds, epsilon_total, delta_total, "
                + "state_version FROM bandit WHERE id = ?", this::bandit, id).stream().findFirst();
    }

    /** The stored spec (read only when a runtime is built or a create is compared). */
    public String specJson(String id) {
        return jdbc.queryForObject("SELECT spec::text FROM bandit WHERE id = ?", String.class, id);
    }

    public List<BanditRow> listBandits() {
        return jdbc.query("SELECT id, algorithm, phase, epoch, rounds, epsilon_total, delta_total, "
                + "state_version FROM bandit ORDER BY id", this::bandit);
    }

    public List<String> banditsInPhase(String algorithm, String phase) {
        return jdbc.queryForList("SELECT id FROM bandit WHERE algorithm = ? AND phase = ? ORDER BY id", String.class,
                algorithm, phase);
    }

    public byte[] policyState(String id) {
        return jdbc.queryForObject("SELECT policy_state FROM bandit WHERE id = ?", byte[].class, id);
    }

    /** Compare-and-set on the epoch number: false if another instance moved the bandit on. */
    public boolean advanceEpoch(String id, int fromEpoch, long addedRounds) {
        return jdbc.update("UPDATE bandit SET epoch = epoch + 1, rounds = rounds + ?, state_version = state_version + 1 "
                + "WHERE id = ? AND epoch = ?", addedRounds, id, fromEpoch) == 1;
    }

    /** Compare-and-set on the phase. */
    public boolean changePhase(String id, String from, String to, long rounds, byte[] policyState) {
        return jdbc.update("UPDATE bandit SET phase = ?, rounds = ?, policy_state = ?, "
                + "state_version = state_version + 1 WHERE id = ? AND phase = ?", to, rounds, policyState, id, from) == 1;
    }

    public void setPhase(String id, String phase) {
        jdbc.update("UPDATE bandit SET phase = ?, state_version = state_version + 1 WHERE id = ?", phase, id);
    }

    private BanditRow bandit(ResultSet rs, int i) throws SQLException {
        return new BanditRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getLong(5),
                rs.getDouble(6), rs.getDouble(7), rs.getLong(8));
    }

    // ---- epochs --------------------------------------------------------------------------------

    public void insertEpoch(String banditId, int number, int length, byte[] plan) {
        jdbc.update("INSERT INTO epoch (bandit_id, number, length, plan) VALUES (?, ?, ?, ?)", banditId, number, length,
                plan);
    }

    public Optional<EpochRow> findEpoch(String banditId, int number) {
        return jdbc.query("SELECT bandit_id, number, length, status, plan, model::text, opened_at, closed_at "
                + "FROM epoch WHERE bandit_id = ? AND number = ?", this::epoch, banditId, number).stream().findFirst();
    }

    /** Compare-and-set OPEN → CLOSED with the released model. */
    public boolean closeEpoch(String banditId, int number, String modelJson) {
        return jdbc.update("UPDATE epoch SET status = 'CLOSED', model = ?::jsonb, closed_at = now() "
                + "WHERE bandit_id = ? AND number = ? AND status = 'OPEN'", modelJson, banditId, number) == 1;
    }

    /** Released models, oldest first. */
    public List<String> releasedModels(String banditId) {
        return jdbc.queryForList("SELECT model::text FROM epoch WHERE bandit_id = ? AND status = 'CLOSED' "
                + "ORDER BY number", String.class, banditId);
    }

    private EpochRow epoch(ResultSet rs, int i) throws SQLException {
        return new EpochRow(rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getString(4), rs.getBytes(5),
                rs.getString(6), instant(rs.getTimestamp(7)), instant(rs.getTimestamp(8)));
    }

    // ---- decisions -----------------------------------------------------------------------------

    public void insertDecision(UUID id, String banditId, String requestId, int epoch, double[] context, int action,
            double propensity) {
        jdbc.update(con -> {
            var ps = con.prepareStatement("INSERT INTO decision (id, bandit_id, request_id, epoch, context, "
                    + "action_index, propensity) VALUES (?, ?, ?, ?, ?, ?, ?)");
            ps.setObject(1, id);
            ps.setString(2, banditId);
            ps.setString(3, requestId);
            ps.setInt(4, epoch);
            ps.setArray(5, con.createArrayOf("float8", box(context)));
            ps.setInt(6, action);
            ps.setDouble(7, propensity);
            return ps;
        });
    }

    public Optional<DecisionRow> findDecisionByRequest(String banditId, String requestId) {
        return jdbc.query(DECISION + "WHERE bandit_id = ? AND request_id = ?", this::decision, banditId, requestId)
                .stream().findFirst();
    }

    public Optional<DecisionRow> findDecisionForUpdate(UUID id) {
        return jdbc.query(DECISION + "WHERE id = ? FOR UPDATE", this::decision, id).stream().findFirst();
    }

    public Optional<String> banditOfDecision(UUID id) {
        return jdbc.queryForList("SELECT bandit_id FROM decision WHERE id = ?", String.class, id).stream().findFirst();
    }

    public void recordFeedback(UUID id, String feedback, Double reward) {
        jdbc.update("UPDATE decision SET feedback = ?, reward = ?, feedback_at = now() WHERE id = ?", feedback, reward, id);
    }

    /** Rounds of an epoch that have their reward: received, or waited out (they count with the default). */
    public long resolvedRounds(String banditId, int epoch, int waitSeconds) {
        Long n = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND epoch = ? AND "
                + "(feedback IN ('ACCEPTED', 'DEFAULTED') OR (feedback = 'PENDING' AND "
                + "created_at < now() - make_interval(secs => ?)))", Long.class, banditId, epoch, waitSeconds);
        return n == null ? 0 : n;
    }

    /** Marks the waited-out decisions of an epoch DEFAULTED with the default reward. */
    public int defaultExpired(String banditId, int epoch, int waitSeconds, double defaultReward) {
        return jdbc.update("UPDATE decision SET feedback = 'DEFAULTED', reward = ?, feedback_at = now() "
                + "WHERE bandit_id = ? AND epoch = ? AND feedback = 'PENDING' AND "
                + "created_at < now() - make_interval(secs => ?)", defaultReward, banditId, epoch, waitSeconds);
    }

    /** The first {@code limit} resolved rounds of an epoch, in decision order: the epoch's data. */
    public List<DecisionRow> resolvedRoundsInOrder(String banditId, int epoch, int limit) {
        return jdbc.query(DECISION + "WHERE bandit_id = ? AND epoch = ? AND feedback IN ('ACCEPTED', 'DEFAULTED') "
                + "ORDER BY seq LIMIT ?", this::decision, banditId, epoch, limit);
    }

    /**
     * Resolved rounds of a closed epoch beyond the T_r it used were not used: they become LATE.
     * Decisions still waiting stay PENDING, so that their first feedback is answered LATE (and a
     * second one DUPLICATE).
     */
    public int markUnusedLate(String banditId, int epoch, long lastUsedSeq) {
        return jdbc.update("UPDATE decision SET feedback = 'LATE' WHERE bandit_id = ? AND epoch = ? AND "
                + "feedback IN ('ACCEPTED', 'DEFAULTED') AND seq > ?", banditId, epoch, lastUsedSeq);
    }

    /** Retention: raw contexts and rewards of closed epochs are deleted once older than the retention. */
    public int forgetRawData(int retentionSeconds) {
        return jdbc.update("UPDATE decision d SET context = NULL, reward = NULL FROM epoch e WHERE "
                + "e.bandit_id = d.bandit_id AND e.number = d.epoch AND e.status = 'CLOSED' AND "
                + "e.closed_at <= now() - make_interval(secs => ?) AND (d.context IS NOT NULL OR d.reward IS NOT NULL)",
                retentionSeconds);
    }

    public java.util.Map<String, Long> feedbackCounts(String banditId) {
        var counts = new java.util.TreeMap<String, Long>();
        for (String s : List.of("PENDING", "ACCEPTED", "DEFAULTED", "LATE")) {
            counts.put(s, 0L);
        }
        jdbc.query("SELECT feedback, count(*) FROM decision WHERE bandit_id = ? GROUP BY feedback",
                rs -> {
                    counts.put(rs.getString(1), rs.getLong(2));
                }, banditId);
        return counts;
    }

    public long decisionCount(String banditId) {
        Long n = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ?", Long.class, banditId);
        return n == null ? 0 : n;
    }

    private static final String DECISION = "SELECT id, bandit_id, seq, request_id, epoch, context, action_index, "
            + "propensity, reward, feedback, created_at FROM decision ";

    private DecisionRow decision(ResultSet rs, int i) throws SQLException {
        double[] context = null;
        Array array = rs.getArray(6);
        if (array != null) {
            Object[] values = (Object[]) array.getArray();
            context = new double[values.length];
            for (int k = 0; k < values.length; k++) {
                context[k] = ((Number) values[k]).doubleValue();
            }
        }
        double reward = rs.getDouble(9);
        return new DecisionRow(rs.getObject(1, UUID.class), rs.getString(2), rs.getLong(3), rs.getString(4),
                rs.getInt(5), context, rs.getInt(7), rs.getDouble(8), rs.wasNull() ? null : reward, rs.getString(10),
                instant(rs.getTimestamp(11)));
    }

    // ---- releases and ledger ------------------------------------------------------------------

    public long charge(String banditId, double epsilon, double delta, String reason, Integer epoch,
            String composition) {
        Long id = jdbc.queryForObject("INSERT INTO ledger (bandit_id, epsilon, delta, reason, epoch, composition) "
                + "VALUES (?, ?, ?, ?, ?, ?) RETURNING id", Long.class, banditId, epsilon, delta, reason, epoch,
                composition);
        return id == null ? -1 : id;
    }

    /** Every charge of a bandit in order; sums are replayed from these in the same order. */
    public List<LedgerRow> ledger(String banditId) {
        return jdbc.query("SELECT id, bandit_id, epsilon, delta, reason, epoch, composition, created_at FROM ledger "
                + "WHERE bandit_id = ? ORDER BY id", (rs, i) -> new LedgerRow(rs.getLong(1), rs.getString(2),
                        rs.getDouble(3), rs.getDouble(4), rs.getString(5), (Integer) rs.getObject(6), rs.getString(7),
                        instant(rs.getTimestamp(8))), banditId);
    }

    public Optional<Integer> releasedAction(String banditId, String contextKey) {
        return jdbc.queryForList("SELECT action_index FROM context_release WHERE bandit_id = ? AND context_key = ?",
                Integer.class, banditId, contextKey).stream().findFirst();
    }

    /** Moves a release stored under its legacy SHA-256 key to its HMAC key. */
    public void rekeyRelease(String banditId, String legacyKey, String key) {
        jdbc.update("UPDATE context_release SET context_key = ?, key_scheme = 'HMAC_SHA256' WHERE bandit_id = ? "
                + "AND context_key = ? AND key_scheme = 'SHA256'", key, banditId, legacyKey);
    }

    public void insertRelease(String banditId, String contextKey, int action, long ledgerId) {
        jdbc.update("INSERT INTO context_release (bandit_id, context_key, action_index, ledger_id) VALUES (?, ?, ?, ?)",
                banditId, contextKey, action, ledgerId);
    }

    public List<java.util.Map<String, Object>> releases(String banditId) {
        return jdbc.queryForList("SELECT context_key, action_index, ledger_id, created_at FROM context_release "
                + "WHERE bandit_id = ? ORDER BY ledger_id", banditId);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private static Double[] box(double[] v) {
        Double[] out = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }
}
