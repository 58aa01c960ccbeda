package io.dpbandit.store;

import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.OpenEpoch;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Epochs and their slot counters, in JDBC. Every write is a compare-and-set on the state it
 * expects, so an instance that lost the lifecycle leadership mid-step (or any stale writer) changes
 * nothing: the plan is stored only while there is none, the accumulator only at the fold count it
 * was read at, an epoch is sealed only while OPEN and closed only while SEALED with every round
 * folded.
 */
@Repository
public class EpochStore {

    private final JdbcTemplate jdbc;

    /** Learning slots handed out by an epoch's counters (epoch e). */
    private static final String ASSIGNED = "(SELECT coalesce(sum(s.used), 0) FROM epoch_slot s WHERE s.bandit_id = e.bandit_id AND s.epoch = e.number)";

    /** Slot counters per epoch: concurrent decisions spread over them (see DecisionStore#insert). */
    public static final int SLOT_SHARDS = 16;

    public EpochStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    private static final String OPEN_EPOCH = "SELECT e.bandit_id, e.number, e.length, e.status, " + ASSIGNED
            + ", e.folded, e.planned_at IS NOT NULL, b.serving = 'RETIRED' FROM epoch e JOIN bandit_state b "
            + "ON b.bandit_id = e.bandit_id ";

    private static OpenEpoch openEpoch(java.sql.ResultSet rs, int i) throws java.sql.SQLException {
        return new OpenEpoch(rs.getString(1), rs.getInt(2), rs.getInt(3), EpochStatus.valueOf(rs.getString(4)),
                rs.getInt(5), rs.getInt(6), rs.getBoolean(7), rs.getBoolean(8));
    }

    /** Every epoch still OPEN or SEALED, of bandits still learning: the lifecycle's work list. */
    public List<OpenEpoch> openEpochs() {
        return jdbc.query(OPEN_EPOCH + "AND b.epoch = e.number WHERE e.status IN ('OPEN', 'SEALED') "
                + "AND b.phase = 'EXPLORE' ORDER BY e.bandit_id", EpochStore::openEpoch);
    }

    public Optional<OpenEpoch> epoch(String banditId, int number) {
        return jdbc.query(OPEN_EPOCH + "WHERE e.bandit_id = ? AND e.number = ?", EpochStore::openEpoch, banditId,
                number).stream().findFirst();
    }

    /**
     * Opens an epoch: it serves decisions at once; its plan comes later, from the background. Its
     * T_r learning slots are split over {@value #SLOT_SHARDS} counters: counter j hands out slots
     * j+1, j+1+16, j+1+32, ... up to T_r.
     */
    public void insertEpoch(String banditId, int number, int length) {
        insertEpoch(banditId, number, length, null);
    }

    /**
     * As {@link #insertEpoch(String, int, int)}, opened at {@code openedAt} (the lifecycle's grid
     * instant of the close that opens it; null: the transaction's start).
     */
    public void insertEpoch(String banditId, int number, int length, Instant openedAt) {
        jdbc.update("INSERT INTO epoch (bandit_id, number, length, status, opened_at) VALUES (?, ?, ?, 'OPEN', "
                + "coalesce(CAST(? AS timestamptz), now()))", banditId, number, length, timestamp(openedAt));
        jdbc.update("INSERT INTO epoch_slot (bandit_id, epoch, shard, quota) SELECT ?, ?, j, GREATEST(0, (? - j + "
                + (SLOT_SHARDS - 1) + ") / " + SLOT_SHARDS + ") FROM generate_series(0, " + (SLOT_SHARDS - 1)
                + ") AS j", banditId, number, length);
    }

    public Optional<byte[]> plan(String banditId, int number) {
        return jdbc.query("SELECT plan FROM epoch WHERE bandit_id = ? AND number = ? AND plan IS NOT NULL",
                (rs, i) -> rs.getBytes(1), banditId, number).stream().findFirst();
    }

    /** Stores an epoch's plan if it has none yet (compare-and-set: two planners cannot both win). */
    public boolean storePlan(String banditId, int number, byte[] plan) {
        return storePlan(banditId, number, plan, null);
    }

    /** As {@link #storePlan(String, int, byte[])}, planned at {@code at} (null: the database's clock). */
    public boolean storePlan(String banditId, int number, byte[] plan, Instant at) {
        return jdbc.update("UPDATE epoch SET plan = ?, planned_at = coalesce(CAST(? AS timestamptz), clock_timestamp()), "
                + "work_stage = NULL, work_progress = NULL WHERE bandit_id = ? AND number = ? AND plan IS NULL "
                + "AND status IN ('OPEN', 'SEALED')", plan, timestamp(at), banditId, number) == 1;
    }

    private static java.sql.Timestamp timestamp(Instant at) {
        return at == null ? null : java.sql.Timestamp.from(at);
    }

    /** Progress of background work on an epoch, shown in the bandit's status (never on a closed epoch). */
    public void progress(String banditId, int number, String stage, Double progress) {
        jdbc.update("UPDATE epoch SET work_stage = ?, work_progress = ? WHERE bandit_id = ? AND number = ? "
                + "AND status IN ('OPEN', 'SEALED')", stage,
                progress, banditId, number);
    }

    public Accumulator accumulator(String banditId, int number) {
        return jdbc.queryForObject("SELECT accumulator, folded FROM epoch WHERE bandit_id = ? AND number = ?",
                (rs, i) -> new Accumulator(rs.getBytes(1), rs.getInt(2)), banditId, number);
    }

    /**
     * Replaces the accumulator of an epoch that held {@code expectedFolded} rounds with one that
     * holds {@code added} more; false if another writer folded first (nothing is changed then).
     */
    public boolean storeAccumulator(String banditId, int number, int expectedFolded, int added, byte[] accumulator) {
        return jdbc.update("UPDATE epoch SET accumulator = ?, folded = folded + ? WHERE bandit_id = ? AND number = ? "
                + "AND folded = ? AND status IN ('OPEN', 'SEALED')", accumulator, added, banditId, number,
                expectedFolded) == 1;
    }

    /** One fold shard's partial sum of an epoch (null bytes and 0 rounds before its first fold). */
    public Accumulator shardAccumulator(String banditId, int number, int shard) {
        return jdbc.query("SELECT accumulator, folded FROM fold_shard WHERE bandit_id = ? AND epoch = ? AND shard = ?",
                (rs, i) -> new Accumulator(rs.getBytes(1), rs.getInt(2)), banditId, number, shard).stream()
                .findFirst().orElse(new Accumulator(null, 0));
    }

    /**
     * Counts {@code added} more rounds folded into an epoch that is not closed (a fold shard's commit;
     * it locks the epoch's row first, as every lifecycle transaction does); the epoch's new count,
     * or empty if it is closed.
     */
    public Optional<Integer> countFolded(String banditId, int number, int added) {
        return jdbc.queryForList("UPDATE epoch SET folded = folded + ? WHERE bandit_id = ? AND number = ? "
                + "AND status IN ('OPEN', 'SEALED') RETURNING folded", Integer.class, added, banditId, number).stream()
                .findFirst();
    }

    /**
     * Replaces a fold shard's partial sum that held {@code expectedFolded} rounds with one that holds
     * {@code added} more (the first fold inserts it); false if another writer folded the shard first.
     */
    public boolean storeShardAccumulator(String banditId, int number, int shard, int expectedFolded, int added,
            byte[] accumulator) {
        if (expectedFolded == 0) {
            return jdbc.update("INSERT INTO fold_shard (bandit_id, epoch, shard, accumulator, folded) "
                    + "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", banditId, number, shard, accumulator, added) == 1;
        }
        return jdbc.update("UPDATE fold_shard SET accumulator = ?, folded = folded + ? WHERE bandit_id = ? "
                + "AND epoch = ? AND shard = ? AND folded = ?", accumulator, added, banditId, number, shard,
                expectedFolded) == 1;
    }

    /**
     * What an epoch's close releases from: the epoch's accumulator plus every fold shard's partial
     * sum, added in shard order, with the epoch's count of folded rounds, all read in one statement
     * (one snapshot: a shard's fold commits its sum and the epoch's count together). Null bytes when
     * nothing was summed (or the close dropped it all).
     */
    public Accumulator sealedAccumulator(String banditId, int number) {
        List<Object[]> rows = jdbc.query("SELECT e.accumulator, e.folded, s.accumulator FROM epoch e LEFT JOIN "
                + "fold_shard s ON s.bandit_id = e.bandit_id AND s.epoch = e.number WHERE e.bandit_id = ? "
                + "AND e.number = ? ORDER BY s.shard", (rs, i) -> new Object[] {rs.getBytes(1), rs.getInt(2),
                        rs.getBytes(3)}, banditId, number);
        if (rows.isEmpty()) {
            throw new org.springframework.dao.EmptyResultDataAccessException(1);
        }
        double[] sums = null;
        byte[] own = (byte[]) rows.get(0)[0];
        if (own != null) {
            sums = BinaryCodec.doubles(own);
        }
        for (Object[] row : rows) {
            if (row[2] != null) {
                sums = Accumulator.add(sums, BinaryCodec.doubles((byte[]) row[2]));
            }
        }
        return new Accumulator(sums == null ? null : BinaryCodec.doubles(sums), (Integer) rows.get(0)[1]);
    }

    /** Locks an epoch's row (the bandit-level lock of the lifecycle); returns its status. */
    public Optional<EpochStatus> lockEpoch(String banditId, int number) {
        return jdbc.queryForList("SELECT status FROM epoch WHERE bandit_id = ? AND number = ? FOR UPDATE",
                String.class, banditId, number).stream().findFirst().map(EpochStatus::valueOf);
    }

    /** OPEN → SEALED, only once every slot is handed out. Run with the epoch row locked. */
    public boolean seal(String banditId, int number) {
        return seal(banditId, number, null);
    }

    /** As {@link #seal(String, int)}, sealed at {@code at} (the lifecycle's cutoff; null: the database's clock). */
    public boolean seal(String banditId, int number, Instant at) {
        return jdbc.update("UPDATE epoch e SET status = 'SEALED', sealed_at = coalesce(CAST(? AS timestamptz), "
                + "clock_timestamp()) WHERE bandit_id = ? AND number = ? AND status = 'OPEN' AND NOT EXISTS (SELECT 1 "
                + "FROM epoch_slot s WHERE s.bandit_id = e.bandit_id AND s.epoch = e.number AND s.used < s.quota)",
                timestamp(at), banditId, number) == 1;
    }

    /**
     * Locks an epoch's slot counters (after its row), so that no decide is between taking a slot
     * and committing its decision while the seal counts the pending rounds.
     */
    public void lockSlots(String banditId, int number) {
        jdbc.queryForList("SELECT shard FROM epoch_slot WHERE bandit_id = ? AND epoch = ? ORDER BY shard FOR UPDATE",
                Integer.class, banditId, number);
    }

    /**
     * SEALED → CLOSED with the release, only once every round is folded; drops the accumulator and
     * the fold shards' partial sums.
     */
    public boolean close(String banditId, int number, String modelJson) {
        return close(banditId, number, modelJson, null);
    }

    /** As {@link #close(String, int, String)}, closed at {@code at} (the lifecycle's cutoff; null: the database's clock). */
    public boolean close(String banditId, int number, String modelJson, Instant at) {
        jdbc.update("DELETE FROM fold_shard WHERE bandit_id = ? AND epoch = ?", banditId, number);
        return jdbc.update("UPDATE epoch SET status = 'CLOSED', model = ?::jsonb, accumulator = NULL, "
                + "closed_at = coalesce(CAST(? AS timestamptz), clock_timestamp()), work_stage = NULL, "
                + "work_progress = NULL WHERE bandit_id = ? AND number = ? AND status = 'SEALED' AND folded = "
                + ASSIGNED.replace("e.", "epoch."), modelJson, timestamp(at), banditId, number) == 1;
    }

    /**
     * OPEN → ABANDONED, for an epoch of a retired bandit that can never fill; run with the epoch's row
     * and slot counters locked. Its slot counters are closed (quota = used: no decision can take a
     * slot any more), its fold shards' partial sums deleted and its accumulator dropped, and it is
     * dated {@code at}; false if it is not OPEN or every slot was handed out already (then it seals and
     * closes as usual).
     */
    public boolean abandon(String banditId, int number, Instant at) {
        Boolean open = jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM epoch_slot WHERE bandit_id = ? AND epoch = ? "
                + "AND used < quota)", Boolean.class, banditId, number);
        if (!Boolean.TRUE.equals(open)) {
            return false;
        }
        jdbc.update("UPDATE epoch_slot SET quota = used WHERE bandit_id = ? AND epoch = ?", banditId, number);
        jdbc.update("DELETE FROM fold_shard WHERE bandit_id = ? AND epoch = ?", banditId, number);
        return jdbc.update("UPDATE epoch SET status = 'ABANDONED', accumulator = NULL, closed_at = coalesce(CAST(? AS "
                + "timestamptz), clock_timestamp()), work_stage = NULL, work_progress = NULL WHERE bandit_id = ? "
                + "AND number = ? AND status = 'OPEN'", timestamp(at), banditId, number) == 1;
    }

    /** An epoch as the analyst's timeline shows it (public facts and the released model). */
    public record EpochRow(int number, EpochStatus status, int length, int assigned, int folded, String model,
            Instant openedAt, Instant plannedAt, Instant sealedAt, Instant closedAt, String workStage,
            Double workProgress) {
    }

    /** A bandit's epochs, oldest first. */
    public List<EpochRow> epochs(String banditId) {
        return rows("e.bandit_id = ? ORDER BY e.number", banditId);
    }

    /** A keyset page of a bandit's epochs: those after epoch {@code after}, oldest first (the primary key's index). */
    public List<EpochRow> epochs(String banditId, int after, int limit) {
        return rows("e.bandit_id = ? AND e.number > ? ORDER BY e.number LIMIT ?", banditId, after, limit);
    }

    /** One epoch of a bandit. */
    public Optional<EpochRow> row(String banditId, int number) {
        return rows("e.bandit_id = ? AND e.number = ?", banditId, number).stream().findFirst();
    }

    private List<EpochRow> rows(String where, Object... args) {
        return jdbc.query("SELECT e.number, e.status, e.length, " + ASSIGNED + ", e.folded, e.model::text, "
                + "e.opened_at, e.planned_at, e.sealed_at, e.closed_at, e.work_stage, e.work_progress "
                + "FROM epoch e WHERE " + where, (rs, i) -> {
                    double progress = rs.getDouble(12);
                    return new EpochRow(rs.getInt(1), EpochStatus.valueOf(rs.getString(2)), rs.getInt(3),
                            rs.getInt(4), rs.getInt(5), rs.getString(6), Timestamps.instant(rs.getTimestamp(7)),
                            Timestamps.instant(rs.getTimestamp(8)), Timestamps.instant(rs.getTimestamp(9)),
                            Timestamps.instant(rs.getTimestamp(10)), rs.getString(11),
                            rs.wasNull() ? null : progress);
                }, args);
    }

    /** Released models of a bandit, oldest first (JSON). */
    public List<String> releasedModels(String banditId) {
        return jdbc.queryForList("SELECT model::text FROM epoch WHERE bandit_id = ? AND status = 'CLOSED' "
                + "AND model IS NOT NULL ORDER BY number", String.class, banditId);
    }
}
