package io.dpbandit.lifecycle;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Leadership of the lifecycle per bandit: each bandit's background work (planning, folding,
 * closing) is done by exactly one instance at a time, the one holding that bandit's session-level
 * PostgreSQL advisory lock; different bandits are led by different instances, so N instances
 * advance N bandits at once. Nothing here is a coordinator of our own: PostgreSQL grants the locks.
 *
 * <p>All locks of an instance live on one connection of its own, outside the pool. Each instance
 * also holds a shared advisory lock that marks it a member; {@code pg_locks} counts the members, and
 * an instance claims at most its fair share, ⌈bandits with an open epoch / members⌉, in an order of
 * its own (rendezvous hashing of the instance's id and the bandit's), and lets go of what it holds
 * beyond that share, so a new instance finds bandits to take. If an instance dies or its connection
 * breaks, PostgreSQL releases all its locks and the others take its bandits on their next claim.
 *
 * <p>The lock decides who works, not what commits: every result is a compare-and-set on the state
 * it was computed from, so an instance that lost a lock without noticing yet changes nothing that
 * matters (its fold finds the count moved, its close finds the epoch closed).
 */
@Component
public class LifecycleLeader implements FoldShardLocks {

    private static final Logger log = LoggerFactory.getLogger(LifecycleLeader.class);
    /** First key of the instance-level advisory locks of the lifecycle ('dpbl' as a 32-bit integer). */
    static final int NAMESPACE = 0x6470626c;
    /** First key of the bandits' locks ('dpbb'); the second is hashtext(bandit id). */
    static final int BANDITS = 0x64706262;
    /** First key of the fold shards' locks ('dpbs'); the second is hashtext of bandit, epoch and shard. */
    static final int SHARDS = 0x64706273;
    /** Second key of the membership lock (held shared by every instance). Bandit locks hash their id. */
    static final int MEMBERS = 0;
    /** Second key of the retention lock: one instance at a time forgets expired per-user data. */
    static final int RETENTION = 1;

    private final DataSource dataSource;
    private final String instance = UUID.randomUUID().toString();
    private final Set<String> held = new LinkedHashSet<>();
    private Connection connection;
    private boolean retains;

    public LifecycleLeader(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Rebalances this instance's bandits among {@code bandits} (those with an open epoch): keeps what
     * it holds up to its fair share, lets go of the rest and of bandits no longer in the list, and
     * tries to take more up to the share. Returns the bandits this instance leads now (empty if the
     * database is away). Worker thread only.
     */
    public synchronized Set<String> claim(Collection<String> bandits) {
        if (!connect()) {
            return Set.of();
        }
        Set<String> open = new LinkedHashSet<>(bandits);
        List<String> ranked = new ArrayList<>(open);
        ranked.sort(Comparator.comparing(this::rank));
        for (String bandit : List.copyOf(held)) {
            if (!open.contains(bandit)) {
                unlock(bandit);
            }
        }
        int members = Math.max(1, members());
        int share = (ranked.size() + members - 1) / members;
        // Beyond the share: let go of the bandits this instance ranks last.
        for (int i = ranked.size() - 1; i >= 0 && held.size() > share; i--) {
            if (held.contains(ranked.get(i))) {
                unlock(ranked.get(i));
                log.info("Handing bandit '{}' over: {} instances share the lifecycle", ranked.get(i), members);
            }
        }
        if (!retains) {
            retains = tryLock(RETENTION);
        }
        for (String bandit : ranked) {
            if (held.size() >= share) {
                break;
            }
            if (!held.contains(bandit) && tryLock(bandit)) {
                log.info("This instance now leads bandit '{}': it plans, folds and closes its epochs", bandit);
            }
        }
        return Set.copyOf(held);
    }

    /**
     * Whether this instance leads {@code bandit}, trying to take it if not, whatever the share (tests
     * and tools that drive one bandit's epochs themselves).
     */
    public synchronized boolean lead(String bandit) {
        if (!connect()) {
            return false;
        }
        return held.contains(bandit) || tryLock(bandit);
    }

    /** Whether this instance holds the bandit's lock (as far as it knows). */
    public synchronized boolean leads(String bandit) {
        return held.contains(bandit);
    }

    /** The bandits this instance leads. */
    public synchronized Set<String> leading() {
        return Set.copyOf(held);
    }

    /** Whether this instance runs retention (one instance at a time does). */
    public synchronized boolean retains() {
        return retains;
    }

    /** Whether this instance leads any bandit. */
    public synchronized boolean isLeader() {
        return !held.isEmpty();
    }

    /**
     * Gives every bandit up (shutdown). The locks are released explicitly before the connection goes
     * back to the pool: a session lock lives as long as the session, and a pooled connection's
     * session outlives this leadership.
     */
    public synchronized void release() {
        if (connection != null) {
            try (Statement s = connection.createStatement()) {
                s.execute("SELECT pg_advisory_unlock_all()");
            } catch (SQLException e) {
                // a broken connection: its session, and the locks with it, are gone already
            }
            close();
        }
    }

    /** Gives one bandit up (it stays with whoever takes it next). */
    public synchronized void release(String bandit) {
        if (held.contains(bandit)) {
            unlock(bandit);
        }
    }

    /**
     * Takes a fold shard's lock for the length of one fold (any instance may fold any shard of an
     * epoch whose fold is a sum, its leader included). A hash collision between two shards' keys
     * only makes one of them wait for the other's fold.
     */
    @Override
    public synchronized boolean tryLock(String bandit, int epoch, int shard) {
        if (!connect()) {
            return false;
        }
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_try_advisory_lock(?, hashtext(?))")) {
            s.setInt(1, SHARDS);
            s.setString(2, shardKey(bandit, epoch, shard));
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        } catch (SQLException e) {
            log.warn("Could not try fold shard {} of bandit '{}': {}", shard, bandit, e.getMessage());
            return false;
        }
    }

    @Override
    public synchronized void unlock(String bandit, int epoch, int shard) {
        if (connection == null) {
            return;
        }
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_advisory_unlock(?, hashtext(?))")) {
            s.setInt(1, SHARDS);
            s.setString(2, shardKey(bandit, epoch, shard));
            s.execute();
        } catch (SQLException e) {
            // a broken connection: the lock went with its session
        }
    }

    private static String shardKey(String bandit, int epoch, int shard) {
        return bandit + '\n' + epoch + '\n' + shard;
    }

    /** The instance's own connection, with its membership lock; false if the database is away. */
    private boolean connect() {
        if (connection != null) {
            try {
                if (connection.isValid(2)) {
                    return true;
                }
            } catch (SQLException e) {
                // lost
            }
            if (!held.isEmpty()) {
                log.warn("Lost the lifecycle leadership of {} (its database connection broke)", held);
            }
            close();
        }
        try {
            Connection c = dataSource.getConnection();
            c.setAutoCommit(true);
            try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_lock_shared(?, ?)")) {
                s.setInt(1, NAMESPACE);
                s.setInt(2, MEMBERS);
                s.execute();
            }
            connection = c;
            return true;
        } catch (SQLException e) {
            log.warn("Could not join the lifecycle: {}", e.getMessage());
            return false;
        }
    }

    /** Instances holding the membership lock, this one included. */
    private int members() {
        try (PreparedStatement s = connection.prepareStatement("SELECT count(*) FROM pg_locks WHERE locktype = "
                + "'advisory' AND granted AND mode = 'ShareLock' AND classid = ? AND objid = ? AND objsubid = 2")) {
            s.setLong(1, NAMESPACE);
            s.setLong(2, MEMBERS);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 1;
            }
        } catch (SQLException e) {
            return 1;
        }
    }

    private boolean tryLock(String bandit) {
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_try_advisory_lock(?, hashtext(?))")) {
            s.setInt(1, BANDITS);
            s.setString(2, bandit);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next() && rs.getBoolean(1)) {
                    held.add(bandit);
                    return true;
                }
            }
        } catch (SQLException e) {
            log.warn("Could not try the leadership of bandit '{}': {}", bandit, e.getMessage());
        }
        return false;
    }

    private boolean tryLock(int key) {
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
            s.setInt(1, NAMESPACE);
            s.setInt(2, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        } catch (SQLException e) {
            return false;
        }
    }

    private void unlock(String bandit) {
        held.remove(bandit);
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_advisory_unlock(?, hashtext(?))")) {
            s.setInt(1, BANDITS);
            s.setString(2, bandit);
            s.execute();
        } catch (SQLException e) {
            // a broken connection: the lock went with its session
        }
    }

    private void close() {
        held.clear();
        retains = false;
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a broken connection
        }
        connection = null;
    }

    /** This instance's order of preference for a bandit (rendezvous hashing: spreads bandits over instances). */
    private String rank(String bandit) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((instance + '\n' + bandit).getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
