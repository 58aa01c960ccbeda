package io.dpbandit.store;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.UserDigests;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The decisions table's write path, in JDBC: the statements group commit runs (inserts with their
 * learning slots, users' rounds, feedback; one round trip each where possible). The request path's
 * reads are {@link DecisionLookups}, the lifecycle's reads and marks of rounds {@link LifecycleRounds},
 * retention and counts {@link DecisionRetention}. Every time a statement compares with a decision's
 * wait it uses the database clock ({@code clock_timestamp()}), never the JVM's, so replicas with
 * skewed clocks agree on what is late.
 *
 * <p>Locks: a decide locks one of its epoch's slot counters (to take a learning slot) and inserts
 * its own row; feedback locks its decision's row only; a group commit batch ({@link #writeBatch})
 * takes its users' advisory locks ({@link #lockUsers}, in key order), then users' counters, then slot
 * counters (SKIP LOCKED), then its feedbacks' rows in id order; the
 * lifecycle locks an epoch's row before any of its decision rows. No path takes a decision row
 * before a slot counter, so no cycle forms with the lifecycle (docs/architecture.md, "Locks").
 */
@Repository
public class DecisionStore {

    private final JdbcTemplate jdbc;
    private final UserRounds userRounds;
    private final FeedbackWrites feedbackWrites;

    public DecisionStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.userRounds = new UserRounds(jdbc);
        this.feedbackWrites = new FeedbackWrites(jdbc);
    }

    /** The outcome of inserting a decision: the learning slot it took (null: not a learning round). */
    public record Inserted(Integer slot) {
    }

    /**
     * Inserts a decision and, when {@code mayLearn}, takes one of its epoch's learning slots in the
     * same statement: an epoch's first T_r decisions are its rounds, fixed here and never moved (a
     * failed statement takes no slot, so no slot is ever lost). The slot comes from one of the
     * epoch's 16 counters, the one nearest to {@code shard} that has slots left; its UPDATE holds
     * that counter's row lock until the decision's durable commit, so concurrent decisions spread
     * over 16 rows instead of queueing on one. Once every counter is used up the UPDATE matches
     * nothing and takes no lock. The raw context is stored for a learning round only (its
     * contribution needs it until it is folded); a decision with a requestId keeps, for the replay
     * window, the calling key's name and the keyed digest a replay is compared with. Only while the
     * bandit is ACTIVE, read in the same statement: null (nothing inserted, no slot taken) when it is
     * paused or retired, so no decision is made after a pause or a retirement has committed.
     */
    public Inserted insert(UUID id, String banditId, String requestKey, String requestId, int epoch, boolean mayLearn,
            double[] context, String contextDigest, int action, double propensity, int waitSeconds, int shard) {
        return insert(id, banditId, requestKey, requestId, epoch, mayLearn, context, contextDigest, action, propensity,
                waitSeconds, shard, null);
    }

    /** As above, for a decision in a rollout's evaluation: {@code arm} BANDIT or BASELINE (null: none). */
    public Inserted insert(UUID id, String banditId, String requestKey, String requestId, int epoch, boolean mayLearn,
            double[] context, String contextDigest, int action, double propensity, int waitSeconds, int shard,
            String arm) {
        int n = EpochStore.SLOT_SHARDS;
        return jdbc.query(con -> {
            var ps = con.prepareStatement("WITH serving AS (SELECT 1 FROM bandit_state WHERE bandit_id = ? "
                    + "AND serving = 'ACTIVE'), slot AS (UPDATE epoch_slot SET used = used + 1 "
                    + "WHERE ? AND EXISTS (SELECT 1 FROM serving) AND bandit_id = ? AND epoch = ? AND used < quota "
                    + "AND shard = (SELECT shard FROM epoch_slot "
                    + "WHERE bandit_id = ? AND epoch = ? AND used < quota ORDER BY (shard - ? + " + n + ") % " + n
                    + " LIMIT 1) RETURNING (used - 1) * " + n + " + shard + 1 AS assigned) "
                    + "INSERT INTO decision (id, bandit_id, request_key, request_id, epoch, slot, context, context_digest, "
                    + "action_index, propensity, feedback, wait_until, arm) "
                    + "SELECT ?, ?, ?, ?, ?, s.assigned, CASE WHEN s.assigned IS NULL THEN NULL ELSE ?::float8[] END, ?, ?, ?, "
                    + "CASE WHEN s.assigned IS NULL THEN 'NOT_USED' ELSE 'PENDING' END, "
                    + "clock_timestamp() + make_interval(secs => ?), ? "
                    + "FROM serving LEFT JOIN slot s ON true RETURNING slot");
            int i = 1;
            ps.setString(i++, banditId);
            ps.setBoolean(i++, mayLearn);
            ps.setString(i++, banditId);
            ps.setInt(i++, epoch);
            ps.setString(i++, banditId);
            ps.setInt(i++, epoch);
            ps.setInt(i++, shard);
            ps.setObject(i++, id);
            ps.setString(i++, banditId);
            ps.setString(i++, requestId == null ? null : requestKey);
            ps.setString(i++, requestId);
            ps.setInt(i++, epoch);
            if (context == null) {
                ps.setNull(i++, java.sql.Types.ARRAY); // a locally private bandit keeps no context
            } else {
                ps.setArray(i++, con.createArrayOf("float8", box(context)));
            }
            ps.setString(i++, contextDigest);
            ps.setInt(i++, action);
            ps.setDouble(i++, propensity);
            ps.setInt(i++, waitSeconds);
            ps.setString(i, arm);
            return ps;
        }, rs -> {
            if (!rs.next()) {
                return null; // the bandit is not ACTIVE: nothing was inserted and no slot taken
            }
            int slot = rs.getInt(1);
            return new Inserted(rs.wasNull() ? null : slot);
        });
    }

    /**
     * A decision to insert as part of a group commit ({@link #writeBatch}): what {@link #insert}
     * takes, plus (privacy.unit USER) the keyed digests of its user and how many learning rounds a
     * user may take (null user: a round-level bandit).
     */
    public record NewDecision(UUID id, String banditId, String requestKey, String requestId, int epoch,
            boolean mayLearn, double[] context, String contextDigest, int action, double propensity, int waitSeconds,
            int shard, UserDigests user, int maxUserRounds, String arm) {

        /** A decision outside any rollout's evaluation. */
        public NewDecision(UUID id, String banditId, String requestKey, String requestId, int epoch, boolean mayLearn,
                double[] context, String contextDigest, int action, double propensity, int waitSeconds, int shard,
                UserDigests user, int maxUserRounds) {
            this(id, banditId, requestKey, requestId, epoch, mayLearn, context, contextDigest, action, propensity,
                    waitSeconds, shard, user, maxUserRounds, null);
        }
    }

    /** A reward (JDP) or a device's report (LDP, JSON) for a decision, as part of a group commit. */
    public record NewFeedback(UUID decisionId, Double reward, String report) {
    }

    /**
     * What a group commit did for each of its requests: a decision's {@link Inserted} (absent from
     * the map: its bandit was not ACTIVE, nothing inserted) and a feedback's outcome (absent: no
     * such decision).
     */
    public record BatchResult(Map<UUID, Inserted> decisions, Map<UUID, FeedbackOutcome> feedback) {
    }

    private static final String SERVING = "SELECT bandit_id FROM bandit_state WHERE bandit_id = ANY(?) "
            + "AND serving = 'ACTIVE'";

    /**
     * Takes up to {@code need} slots from one slot counter of an epoch, the first from
     * {@code shard} on (cyclically) that has slots left and that no other transaction holds
     * (SKIP LOCKED): a batch never waits on a counter another writer holds while there is a free
     * one. Its FOR UPDATE holds the counter until the batch commits.
     */
    private static final String TAKE_SLOTS = "WITH pick AS (SELECT shard, used AS before, LEAST(?, quota - used) "
            + "AS take FROM epoch_slot WHERE bandit_id = ? AND epoch = ? AND used < quota ORDER BY (shard - ? + "
            + EpochStore.SLOT_SHARDS + ") % " + EpochStore.SLOT_SHARDS + " LIMIT 1 FOR UPDATE LOCKING) "
            + ", took AS (UPDATE epoch_slot e SET used = e.used + p.take FROM pick p WHERE e.bandit_id = ? "
            + "AND e.epoch = ? AND e.shard = p.shard RETURNING p.shard, p.before, p.take) "
            + "SELECT shard, before, take FROM took "
            // Nothing picked and no counter with slots left at all: one row (-1) saying the epoch is
            // full, so that the caller stops without a statement of its own to ask.
            + "UNION ALL SELECT -1, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM pick) AND NOT EXISTS (SELECT 1 "
            + "FROM epoch_slot WHERE bandit_id = ? AND epoch = ? AND used < quota)";

    private static final String INSERT_DECISION = "INSERT INTO decision (id, bandit_id, request_key, request_id, "
            + "epoch, slot, context, context_digest, action_index, propensity, feedback, wait_until, arm) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp() + make_interval(secs => ?), ?)";

    /**
     * Group commit: many decisions and feedbacks in the caller's transaction (which must be open on
     * this store's data source), each with exactly the effect {@link #insert} (with
     * {@link #takeUserRound}) or {@link #feedback(UUID, Double, String)} would have had on its own,
     * in a fixed lock order: users' round counters (sorted), then the epochs' slot counters, then the
     * new decision rows, then the feedback's decision rows (sorted by id). Statements are sent as
     * JDBC batches (one round trip each). A failure of any statement (a requestId raced by another
     * instance, a lock wait past the transaction's lock_timeout) fails the whole batch: the caller
     * rolls back and writes each request on its own. Decision ids and feedback decision ids must each
     * be distinct within a batch.
     */
    public BatchResult writeBatch(List<NewDecision> decide, List<NewFeedback> feedback) {
        return jdbc.execute((java.sql.Connection con) -> {
            Map<UUID, Inserted> inserted = new java.util.HashMap<>();
            Map<UUID, FeedbackOutcome> outcomes = new java.util.HashMap<>();
            if (!decide.isEmpty()) {
                insertBatch(con, decide, inserted);
            }
            if (!feedback.isEmpty()) {
                feedbackWrites.batch(con, feedback, outcomes);
            }
            return new BatchResult(inserted, outcomes);
        });
    }

    private void insertBatch(java.sql.Connection con, List<NewDecision> decide, Map<UUID, Inserted> inserted)
            throws SQLException {
        // 1. Which bandits serve (read once, as the single-row insert reads it in its own statement).
        java.util.Set<String> active = new java.util.HashSet<>();
        try (var ps = con.prepareStatement(SERVING)) {
            ps.setArray(1, con.createArrayOf("varchar", decide.stream().map(NewDecision::banditId).distinct()
                    .toArray()));
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    active.add(rs.getString(1));
                }
            }
        }
        List<NewDecision> serving = decide.stream().filter(d -> active.contains(d.banditId())).toList();
        // 2. privacy.unit USER: each learnable decision takes one of its user's k rounds, in a fixed order.
        Map<UUID, Boolean> mayLearn = new java.util.HashMap<>();
        List<NewDecision> byUser = serving.stream().filter(d -> d.mayLearn() && d.user() != null)
                .sorted(java.util.Comparator.comparing(NewDecision::banditId).thenComparing(d -> d.user().digest()))
                .toList();
        lockUsers(byUser.stream().map(NewDecision::user).toList());
        for (NewDecision d : byUser) {
            mayLearn.put(d.id(), takeUserRound(d.banditId(), d.user(), d.maxUserRounds()));
        }
        // 3. Learning slots, per (bandit, epoch) in a fixed order, handed to its learnable decisions in arrival order.
        Map<UUID, Integer> slots = new java.util.HashMap<>();
        Map<String, List<NewDecision>> groups = new java.util.TreeMap<>();
        for (NewDecision d : serving) {
            if (d.mayLearn() && mayLearn.getOrDefault(d.id(), true)) {
                groups.computeIfAbsent(d.banditId() + "\u0000" + d.epoch(), g -> new java.util.ArrayList<>()).add(d);
            }
        }
        for (List<NewDecision> group : groups.values()) {
            NewDecision first = group.get(0);
            java.util.ArrayDeque<Integer> taken = takeSlots(con, first.banditId(), first.epoch(), group.size(),
                    first.shard());
            for (NewDecision d : group) {
                if (taken.isEmpty()) {
                    break;
                }
                slots.put(d.id(), taken.poll());
            }
        }
        // A user's round taken but given no slot (the epoch was full) is given back.
        for (NewDecision d : byUser) {
            if (mayLearn.get(d.id()) && !slots.containsKey(d.id())) {
                returnUserRound(d.banditId(), d.user());
            }
        }
        // 4. The decisions, one batch of inserts.
        try (var ps = con.prepareStatement(INSERT_DECISION)) {
            for (NewDecision d : serving) {
                Integer slot = slots.get(d.id());
                int i = 1;
                ps.setObject(i++, d.id());
                ps.setString(i++, d.banditId());
                ps.setString(i++, d.requestId() == null ? null : d.requestKey());
                ps.setString(i++, d.requestId());
                ps.setInt(i++, d.epoch());
                if (slot == null) {
                    ps.setNull(i++, java.sql.Types.INTEGER);
                    ps.setNull(i++, java.sql.Types.ARRAY); // not learning: no context is kept
                } else {
                    ps.setInt(i++, slot);
                    if (d.context() == null) {
                        ps.setNull(i++, java.sql.Types.ARRAY); // a locally private bandit keeps no context
                    } else {
                        ps.setArray(i++, con.createArrayOf("float8", box(d.context())));
                    }
                }
                ps.setString(i++, d.contextDigest());
                ps.setInt(i++, d.action());
                ps.setDouble(i++, d.propensity());
                ps.setString(i++, slot == null ? "NOT_USED" : "PENDING");
                ps.setInt(i++, d.waitSeconds());
                ps.setString(i, d.arm());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        for (NewDecision d : serving) {
            inserted.put(d.id(), new Inserted(slots.get(d.id())));
        }
    }

    /** Up to {@code need} slots of an epoch, as slot numbers in the order they were taken. */
    private java.util.ArrayDeque<Integer> takeSlots(java.sql.Connection con, String banditId, int epoch, int need,
            int shard) throws SQLException {
        int n = EpochStore.SLOT_SHARDS;
        java.util.ArrayDeque<Integer> out = new java.util.ArrayDeque<>();
        boolean waited = false;
        for (int attempt = 0; attempt < 4 * n && out.size() < need; attempt++) {
            // SKIP LOCKED first; only if every counter with slots left is held by another writer, wait
            // for the nearest one (the transaction's lock_timeout bounds the wait).
            boolean wait = waited;
            int got = 0;
            try (var ps = con.prepareStatement(TAKE_SLOTS.replace("LOCKING", wait ? "" : "SKIP LOCKED"))) {
                ps.setInt(1, need - out.size());
                ps.setString(2, banditId);
                ps.setInt(3, epoch);
                ps.setInt(4, shard);
                ps.setString(5, banditId);
                ps.setInt(6, epoch);
                ps.setString(7, banditId);
                ps.setInt(8, epoch);
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        int s = rs.getInt(1);
                        if (s < 0) {
                            return out; // the epoch has no slot left
                        }
                        int before = rs.getInt(2);
                        int take = rs.getInt(3);
                        for (int u = before + 1; u <= before + take; u++) {
                            out.add((u - 1) * n + s + 1);
                        }
                        got += take;
                    }
                }
            }
            if (got > 0 || wait) {
                waited = false; // back to the counters nobody holds
                continue;
            }
            if (!out.isEmpty()) {
                // Every counter with slots left is held by another batch while this one holds one of this
                // epoch's: waiting could close a cycle (that batch may be waiting for ours, a deadlock
                // PostgreSQL breaks only after lock_timeout). The group commit writes this batch's
                // requests one by one instead, each holding one counter at most.
                throw new CannotAcquireLockException("the slot counters of epoch " + epoch + " of bandit '"
                        + banditId + "' that have slots left are held by other writers");
            }
            waited = true; // holding none of this epoch's counters, it may wait for one
        }
        return out;
    }

    /** {@link UserRounds#lockUsers}, in the caller's transaction. */
    public void lockUsers(java.util.Collection<UserDigests> users) {
        userRounds.lockUsers(users);
    }

    /** {@link UserRounds#takeUserRound}, in the caller's transaction. */
    public boolean takeUserRound(String banditId, UserDigests user, int maxRounds) {
        return userRounds.takeUserRound(banditId, user, maxRounds);
    }

    /** {@link UserRounds#returnUserRound}, in the caller's transaction. */
    public void returnUserRound(String banditId, UserDigests user) {
        userRounds.returnUserRound(banditId, user);
    }


    /**
     * What a feedback found and did: the state before, the state after, whether this was the first,
     * (a decision in a rollout's evaluation) whether its reward is in the evaluation, else null, and
     * whether it was refused, storing nothing, because the decision's bandit is retired.
     */
    public record FeedbackOutcome(String banditId, FeedbackState before, FeedbackState after, boolean first,
            Boolean evaluated, boolean retired) {

        public FeedbackOutcome(String banditId, FeedbackState before, FeedbackState after, boolean first,
                Boolean evaluated) {
            this(banditId, before, after, first, evaluated, false);
        }

        /** A decision outside any evaluation. */
        public FeedbackOutcome(String banditId, FeedbackState before, FeedbackState after, boolean first) {
            this(banditId, before, after, first, null);
        }

        /** Its bandit was retired when the feedback came to be written: nothing was stored. */
        static FeedbackOutcome retired(String banditId, FeedbackState state) {
            return new FeedbackOutcome(banditId, state, state, false, null, true);
        }
    }

    /**
     * Records a reward, in one transaction that locks only the decision's row. A learning round
     * still PENDING takes the reward if the database clock is before its wait (ACCEPTED), and
     * otherwise counts with the default reward (LATE, the reward is not stored); the wait is judged
     * after the lock is held, so a round the lifecycle defaulted first is answered LATE (and stored
     * LATE: the counts say what the answers said; it still counts with the default reward) and one
     * this feedback accepted first is never defaulted. Any later feedback changes nothing.
     * Must run inside a transaction.
     */
    public Optional<FeedbackOutcome> feedback(UUID id, double reward) {
        return feedback(id, reward, null);
    }

    /**
     * The same for a locally private round: the client's randomised report (JSON) is stored in
     * place of a reward, which the server never receives.
     */
    public Optional<FeedbackOutcome> feedback(UUID id, Double reward, String report) {
        return feedbackWrites.single(id, reward, report);
    }

    private static Double[] box(double[] v) {
        Double[] out = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }
}
