package io.dpbandit.store;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.runtime.Round;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The lifecycle's reads and compare-and-set marks of an epoch's learning rounds in the decisions
 * table, in JDBC: defaulting rounds whose wait passed, the settled rounds a fold takes (by slot, by
 * fold shard, or in decision order), marking them folded, dropping an abandoned epoch's, and the
 * count that keeps an epoch from sealing. Waits are judged on the database clock ({@link #clock}).
 * The lifecycle locks an epoch's row before any of its decision rows ({@link DecisionStore}, "Locks").
 */
@Repository
public class LifecycleRounds {

    private final JdbcTemplate jdbc;

    public LifecycleRounds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Learning rounds of an epoch still PENDING after their wait (database clock) count with the
     * default reward: DEFAULTED, with the default stored as their reward. Rows a concurrent
     * feedback holds are waited for and re-checked (so an accepted reward is never overwritten).
     */
    public int defaultWaitedOut(String banditId, int epoch, double defaultReward, Instant cutoff) {
        return jdbc.update("UPDATE decision SET feedback = 'DEFAULTED', reward = ? WHERE bandit_id = ? AND epoch = ? "
                + "AND feedback = 'PENDING' AND wait_until <= ?", defaultReward, banditId, epoch,
                Timestamp.from(cutoff));
    }

    /** The database's clock: the time every wait_until is measured on. */
    public Instant clock() {
        return jdbc.queryForObject("SELECT clock_timestamp()", Timestamp.class).toInstant();
    }

    private static final String ROUND = "SELECT id, slot, context, action_index, reward, feedback, report::text "
            + "FROM decision ";

    private Round round(ResultSet rs, int i) throws SQLException {
        double reward = rs.getDouble(5);
        Double r = rs.wasNull() ? null : reward;
        return new Round(rs.getObject(1, UUID.class), rs.getInt(2), doubles(rs.getArray(3)), rs.getInt(4), r,
                FeedbackState.valueOf(rs.getString(6)), rs.getString(7));
    }

    /**
     * Up to {@code limit} learning rounds of an epoch not folded yet whose feedback window had
     * passed at {@code cutoff}, in slot order (the window, not the feedback, decides: a reward that
     * came early waits like any other).
     */
    public List<Round> unfolded(String banditId, int epoch, int limit, Instant cutoff) {
        return jdbc.query(ROUND + "WHERE bandit_id = ? AND epoch = ? AND slot IS NOT NULL AND folded_at IS NULL "
                + "AND wait_until <= ? AND feedback <> 'PENDING' ORDER BY slot LIMIT ?", this::round, banditId, epoch,
                Timestamp.from(cutoff), limit);
    }

    /**
     * As {@link #unfolded(String, int, int, Instant)}, of one fold shard: the rounds whose slot s has
     * (s − 1) mod {@code shards} = {@code shard} (with 16 fold shards, those of slot counter
     * {@code shard}).
     */
    public List<Round> unfolded(String banditId, int epoch, int shard, int shards, int limit, Instant cutoff) {
        return jdbc.query(ROUND + "WHERE bandit_id = ? AND epoch = ? AND slot IS NOT NULL AND folded_at IS NULL "
                + "AND wait_until <= ? AND feedback <> 'PENDING' AND (slot - 1) % ? = ? ORDER BY slot LIMIT ?",
                this::round, banditId, epoch, Timestamp.from(cutoff), shards, shard, limit);
    }

    /**
     * Up to {@code limit} learning rounds of an epoch not folded yet, in decision order, stopping at
     * the first whose feedback window was still open at {@code cutoff}: a sequential model takes its
     * rounds in the order they were decided, each when its window has passed.
     */
    public List<Round> settledInDecisionOrder(String banditId, int epoch, int limit, Instant cutoff) {
        Timestamp at = Timestamp.from(cutoff);
        return jdbc.query(ROUND + "WHERE bandit_id = ? AND epoch = ? AND slot IS NOT NULL AND folded_at IS NULL "
                + "AND seq < coalesce((SELECT min(seq) FROM decision WHERE bandit_id = ? AND epoch = ? "
                + "AND slot IS NOT NULL AND folded_at IS NULL AND (wait_until > ? OR feedback = 'PENDING')), "
                + "9223372036854775807) ORDER BY seq LIMIT ?", this::round, banditId, epoch, banditId, epoch, at, limit);
    }

    /**
     * Marks rounds folded (same transaction as the accumulator's compare-and-set); returns how many
     * were not folded before. A round already folded is left alone: fewer than {@code ids.size()}
     * means another writer folded some of them first.
     */
    public int markFolded(List<UUID> ids) {
        return jdbc.update(con -> {
            var ps = con.prepareStatement("UPDATE decision SET folded_at = clock_timestamp() WHERE id = ANY(?) "
                    + "AND folded_at IS NULL");
            ps.setArray(1, con.createArrayOf("uuid", ids.toArray()));
            return ps;
        });
    }

    /**
     * The learning rounds of an abandoned epoch that were not folded are done: nothing will ever fold
     * them, so their per-user values go at the retention pass after {@code retention-seconds}, as a
     * folded round's do ({@code folded_at} is when a round left the lifecycle: folded, or dropped with
     * its epoch). Run in the abandoning transaction, after the epoch's row. How many.
     */
    public int dropUnfolded(String banditId, int epoch) {
        return jdbc.update("UPDATE decision SET folded_at = clock_timestamp() WHERE bandit_id = ? AND epoch = ? "
                + "AND slot IS NOT NULL AND folded_at IS NULL", banditId, epoch);
    }

    /**
     * Learning rounds of an epoch whose feedback window was still open at {@code cutoff} (or that
     * are still pending): while there is one, the epoch does not seal, whatever feedback came.
     */
    public long waiting(String banditId, int epoch, Instant cutoff) {
        Long n = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND epoch = ? "
                + "AND slot IS NOT NULL AND folded_at IS NULL AND (wait_until > ? OR feedback = 'PENDING')", Long.class,
                banditId, epoch,
                Timestamp.from(cutoff));
        return n == null ? 0 : n;
    }

    private static double[] doubles(Array array) throws SQLException {
        if (array == null) {
            return null;
        }
        Object[] values = (Object[]) array.getArray();
        double[] out = new double[values.length];
        for (int k = 0; k < values.length; k++) {
            out[k] = ((Number) values[k]).doubleValue();
        }
        return out;
    }
}
