package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One leader per bandit, on PostgreSQL advisory locks: with three instances every bandit is led by
 * exactly one of them, each leads its fair share, and when one lets go (or dies: its session ends
 * and PostgreSQL releases its locks) the other two take its bandits on their next claim. Letting go
 * must really unlock: the leader's connection goes back to a pool, where a session lock would
 * otherwise outlive the leadership.
 */
class LifecycleLeaderTest extends PostgresIntegrationTest {

    static final List<String> BANDITS = List.of("b1", "b2", "b3", "b4", "b5", "b6");

    @Autowired
    DataSource dataSource;
    @Autowired
    LifecycleLeader thisInstance;
    @Autowired
    JdbcTemplate jdbc;

    static void claimAll(List<LifecycleLeader> leaders, int rounds) {
        for (int i = 0; i < rounds; i++) {
            leaders.forEach(l -> l.claim(BANDITS));
        }
    }

    static void eachBanditHasOneLeader(List<LifecycleLeader> leaders) {
        Set<String> all = new HashSet<>();
        int total = 0;
        for (LifecycleLeader l : leaders) {
            all.addAll(l.leading());
            total += l.leading().size();
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(BANDITS);
        assertThat(total).as("no bandit led twice").isEqualTo(BANDITS.size());
    }

    @Test
    void threeInstancesShareTheBanditsAndTakeOverWhenOneLetsGo() {
        thisInstance.release();
        List<LifecycleLeader> three = List.of(new LifecycleLeader(dataSource), new LifecycleLeader(dataSource),
                new LifecycleLeader(dataSource));
        try {
            claimAll(three, 3);
            eachBanditHasOneLeader(three);
            assertThat(three).allSatisfy(l -> assertThat(l.leading()).as("a fair share").hasSize(2));
            assertThat(three.stream().filter(LifecycleLeader::retains).count()).as("one instance runs retention")
                    .isEqualTo(1);
            String held = three.get(0).leading().iterator().next();
            assertThat(three.get(1).lead(held)).as("a bandit another instance leads").isFalse();

            three.get(0).release();
            List<LifecycleLeader> two = three.subList(1, 3);
            claimAll(two, 2);
            eachBanditHasOneLeader(two);
            assertThat(two).allSatisfy(l -> assertThat(l.leading()).hasSize(3));

            // It comes back: the others hand over until each leads two again.
            claimAll(three, 3);
            eachBanditHasOneLeader(three);
            assertThat(three).allSatisfy(l -> assertThat(l.leading()).hasSize(2));
        } finally {
            three.forEach(LifecycleLeader::release);
        }
    }

    @Test
    void anInstanceWhoseSessionEndsLosesItsBanditsToTheOthers() {
        thisInstance.release();
        List<LifecycleLeader> three = List.of(new LifecycleLeader(dataSource), new LifecycleLeader(dataSource),
                new LifecycleLeader(dataSource));
        try {
            claimAll(three, 3);
            Set<String> lost = three.get(2).leading();
            // Its backend ends as if the instance had died (SIGKILL closes its socket the same way).
            assertThat(jdbc.queryForList("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                    + "AND classid = ? AND objid = hashtext(?)::oid AND objsubid = 2", Boolean.class,
                    (long) LifecycleLeader.BANDITS, lost.iterator().next())).containsExactly(true);
            // pg_terminate_backend only signals the backend: its locks go when it has exited, a moment later
            // (longer on a loaded machine), so wait for the lock to be gone before the others claim.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (System.nanoTime() < deadline && jdbc.queryForObject("SELECT count(*) FROM pg_locks WHERE locktype = "
                    + "'advisory' AND classid = ? AND objid = hashtext(?)::oid AND objsubid = 2", Long.class,
                    (long) LifecycleLeader.BANDITS, lost.iterator().next()) > 0) {
                Thread.onSpinWait();
            }
            claimAll(three.subList(0, 2), 2);
            Set<String> taken = new HashSet<>(three.get(0).leading());
            taken.addAll(three.get(1).leading());
            assertThat(taken).as("the others took its bandits").containsAll(lost);
            // It notices at its next claim, leads nothing it lost, and rejoins with a share.
            claimAll(three, 3);
            eachBanditHasOneLeader(three);
        } finally {
            three.forEach(LifecycleLeader::release);
        }
    }

    @Test
    void lettingGoReallyUnlocks() {
        thisInstance.release();
        LifecycleLeader a = new LifecycleLeader(dataSource);
        LifecycleLeader b = new LifecycleLeader(dataSource);
        try {
            assertThat(a.lead("x")).isTrue();
            assertThat(b.lead("x")).as("a second instance while the first leads").isFalse();
            assertThat(a.lead("x")).as("the leader keeps leading").isTrue();
            a.release("x");
            assertThat(b.lead("x")).as("the next instance takes over").isTrue();
            assertThat(a.lead("x")).isFalse();
            b.release();
            assertThat(a.lead("x")).as("after a shutdown").isTrue();
        } finally {
            a.release();
            b.release();
        }
    }
}
