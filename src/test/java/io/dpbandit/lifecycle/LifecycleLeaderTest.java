package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Exactly one instance leads the lifecycle: the advisory lock is held by one session, the others
 * try and fail, and the next one takes over as soon as the leader lets go (or dies: its session
 * ends and PostgreSQL releases the lock). Letting go must really unlock: the leader's connection
 * goes back to a pool, where a session lock would otherwise outlive the leadership.
 */
class LifecycleLeaderTest extends PostgresIntegrationTest {

    @Autowired
    DataSource dataSource;
    @Autowired
    LifecycleLeader thisInstance;

    @Test
    void oneInstanceLeadsAndAnotherTakesOverWhenItLetsGo() {
        thisInstance.release();
        LifecycleLeader a = new LifecycleLeader(dataSource);
        LifecycleLeader b = new LifecycleLeader(dataSource);
        try {
            assertThat(a.lead()).isTrue();
            assertThat(b.lead()).as("a second instance while the first leads").isFalse();
            assertThat(b.isLeader()).isFalse();
            assertThat(a.lead()).as("the leader keeps leading").isTrue();
            a.release();
            assertThat(b.lead()).as("the next instance takes over").isTrue();
            assertThat(a.lead()).isFalse();
        } finally {
            a.release();
            b.release();
        }
    }
}
