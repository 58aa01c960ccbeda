package io.dpbandit.lifecycle;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Leader election for the lifecycle: exactly one instance does background work (planning, folding,
 * closing). The leader holds a session-level PostgreSQL advisory lock on a connection of its own,
 * outside the pool; if the instance dies or its connection breaks, PostgreSQL releases the lock and
 * another instance takes it on its next try. Every result the leader writes is a compare-and-set,
 * so a leader that lost its lock without noticing can change nothing that matters.
 */
@Component
public class LifecycleLeader {

    private static final Logger log = LoggerFactory.getLogger(LifecycleLeader.class);
    /** The advisory lock key: hashtextextended('dpbandit.lifecycle', 0), fixed. */
    private static final String LOCK = "hashtextextended('dpbandit.lifecycle', 0)";

    private final DataSource dataSource;
    private Connection connection;

    public LifecycleLeader(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Whether this instance is the leader, trying to become it if not. Worker thread only. */
    public synchronized boolean lead() {
        if (connection != null) {
            try {
                if (connection.isValid(2)) {
                    return true;
                }
            } catch (SQLException e) {
                // lost
            }
            log.warn("Lost the lifecycle leadership (its database connection broke)");
            release();
        }
        try {
            Connection c = dataSource.getConnection();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock("
                    + LOCK + ")")) {
                if (rs.next() && rs.getBoolean(1)) {
                    connection = c;
                    log.info("This instance is the lifecycle leader: it plans, folds and closes epochs");
                    return true;
                }
            }
            c.close();
        } catch (SQLException e) {
            log.warn("Could not try the lifecycle leadership: {}", e.getMessage());
        }
        return false;
    }

    public synchronized boolean isLeader() {
        return connection != null;
    }

    /**
     * Gives the leadership up (shutdown, or a broken connection). The lock is released explicitly
     * before the connection goes back to the pool: a session lock lives as long as the session,
     * and a pooled connection's session outlives this leadership.
     */
    public synchronized void release() {
        if (connection != null) {
            try (Statement s = connection.createStatement()) {
                s.execute("SELECT pg_advisory_unlock(" + LOCK + ")");
            } catch (SQLException e) {
                // a broken connection: its session, and the lock with it, is gone already
            }
            try {
                connection.close();
            } catch (SQLException e) {
                // closing a broken connection
            }
            connection = null;
        }
    }
}
