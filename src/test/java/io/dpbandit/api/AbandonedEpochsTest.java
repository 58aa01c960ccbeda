package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.lifecycle.Step;
import io.dpbandit.policy.linucb.LinUcbState;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Derived data is data: an epoch that can never fill (its bandit was retired with learning slots
 * left) never seals, so the lifecycle abandons it, and in that one transaction its accumulator and
 * its fold shards' partial sums go, no slot can be taken any more, and its rounds not folded are
 * done, so retention forgets their values; a sequential model's state loses the exact sums it kept
 * for releases to come. A paused bandit may resume: its epoch is still needed and stays. A retired
 * bandit whose epoch has every slot handed out seals and closes it as before.
 */
class AbandonedEpochsTest extends PostgresIntegrationTest {

    static final List<Double> CONTEXT = List.of(0.2, 0.4);

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BinaryCodec binary;

    /** {@code n} decisions, each answered with 0.6 unless {@code silent}; their ids. */
    List<String> decide(String bandit, int n, boolean silent) {
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            String id = api.ok("/decide", Map.of("bandit", bandit, "context", CONTEXT)).path("decisionId").asText();
            if (!silent) {
                assertThat(api.feedback(id, 0.6)).isEqualTo("ACCEPTED");
            }
            ids.add(id);
        }
        return ids;
    }

    long count(String sql, Object... args) {
        return jdbc.queryForObject(sql, Long.class, args);
    }

    @Test
    void aRetiredBanditsEpochThatCannotFillIsAbandonedWithItsPartialSumsInOneStep() {
        api.ok("/bandits", Specs.capri("abandon-capri", 100, 600)); // T_1 = 10
        lifecycle.settle("abandon-capri");
        decide("abandon-capri", 6, false);
        FeedbackWindows.pass(jdbc, "abandon-capri");
        lifecycle.settle("abandon-capri");
        decide("abandon-capri", 2, true); // in flight: windows open, values held
        assertThat(count("SELECT count(*) FROM fold_shard WHERE bandit_id = 'abandon-capri'"))
                .as("folded rounds are in the fold shards' partial sums").isPositive();

        api.ok("/bandits/abandon-capri/retire", "");
        assertThat(lifecycle.settle("abandon-capri")).isEqualTo(Step.ABANDONED);

        JsonNode epoch = api.ok("/bandits/abandon-capri/epochs").get(0);
        assertThat(epoch.path("status").asText()).isEqualTo("ABANDONED");
        assertThat(epoch.path("assigned").asInt()).isEqualTo(8);
        assertThat(epoch.path("folded").asInt()).isEqualTo(6);
        assertThat(epoch.path("closedAt").isNull()).as("dated when it was abandoned").isFalse();
        assertThat(api.ok("/bandits/abandon-capri").path("current").path("status").asText()).isEqualTo("ABANDONED");
        assertThat(count("SELECT count(*) FROM fold_shard WHERE bandit_id = 'abandon-capri'")).isZero();
        assertThat(count("SELECT count(*) FROM epoch WHERE bandit_id = 'abandon-capri' AND accumulator IS NOT NULL"))
                .isZero();
        assertThat(count("SELECT coalesce(sum(quota - used), 0) FROM epoch_slot WHERE bandit_id = 'abandon-capri'"))
                .as("no slot can be taken any more").isZero();
        assertThat(api.ok("/bandits/abandon-capri/ledger")).as("never released, never charged").isEmpty();
        assertThat(lifecycle.settle("abandon-capri")).as("nothing left to do").isEqualTo(Step.NONE);

        // Its rounds are done: retention forgets every per-user value, the rounds in flight included.
        while (lifecycle.retention() > 0) {
            // bounded batches
        }
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'abandon-capri' AND (context IS NOT NULL "
                + "OR reward IS NOT NULL OR feedback <> 'FORGOTTEN')")).isZero();

        // The database refuses a partial sum of it, as an instance of an earlier version would write one.
        assertThatThrownBy(() -> jdbc.update("UPDATE epoch SET accumulator = '\\x00'::bytea WHERE bandit_id = "
                + "'abandon-capri'")).hasMessageContaining("epoch_abandoned_keeps_no_sum");
        assertThatThrownBy(() -> jdbc.update("INSERT INTO fold_shard (bandit_id, epoch, shard, accumulator, folded) "
                + "VALUES ('abandon-capri', 1, 0, '\\x00'::bytea, 1)")).hasMessageContaining("abandoned");
    }

    @Test
    void aRetiredSequentialModelKeepsItsPublicSnapshotAndDropsTheTreesExactSums() {
        Map<String, Object> spec = Specs.linear("abandon-lin", "LINUCB", 40, 600);
        spec.put("tuning", Map.of("leafRounds", 4));
        api.ok("/bandits", spec);
        decide("abandon-lin", 6, false);
        FeedbackWindows.pass(jdbc, "abandon-lin");
        lifecycle.settle("abandon-lin"); // one leaf of 4 rounds in the tree; 2 rounds wait for the next
        LinUcbState before = state("abandon-lin");
        assertThat(before.tree().open()).as("the open node's exact sum")
                .anySatisfy(o -> assertThat(o).isNotEqualTo(SymmetricMatrix.zero(o.dimension())));
        JsonNode release = api.ok("/release?bandit=abandon-lin").path("model");

        api.ok("/bandits/abandon-lin/retire", "");
        assertThat(lifecycle.settle("abandon-lin")).isEqualTo(Step.ABANDONED);
        LinUcbState after = state("abandon-lin");
        assertThat(after.tree().open()).allSatisfy(o -> assertThat(o).isEqualTo(SymmetricMatrix.zero(o.dimension())));
        assertThat(after.tree().nodes()).isEqualTo(before.tree().nodes());
        assertThat(api.ok("/release?bandit=abandon-lin").path("model")).as("the public snapshot stays")
                .isEqualTo(release);
        assertThat(api.ok("/bandits/abandon-lin/epochs").get(0).path("status").asText()).isEqualTo("ABANDONED");
    }

    @Test
    void aPausedBanditKeepsItsEpochForWhenItResumes() {
        api.ok("/bandits", Specs.capri("abandon-paused", 100, 600));
        lifecycle.settle("abandon-paused");
        decide("abandon-paused", 4, false);
        FeedbackWindows.pass(jdbc, "abandon-paused");
        lifecycle.settle("abandon-paused");
        api.ok("/bandits/abandon-paused/pause", "");
        lifecycle.settle("abandon-paused");
        assertThat(api.ok("/bandits/abandon-paused").path("current").path("status").asText()).isEqualTo("OPEN");
        assertThat(count("SELECT count(*) FROM fold_shard WHERE bandit_id = 'abandon-paused'")).isPositive();

        api.ok("/bandits/abandon-paused/resume", "");
        decide("abandon-paused", 6, false);
        FeedbackWindows.pass(jdbc, "abandon-paused");
        assertThat(lifecycle.settle("abandon-paused")).isEqualTo(Step.CLOSED);
        assertThat(api.ok("/bandits/abandon-paused/epochs").get(0).path("folded").asInt()).isEqualTo(10);
    }

    @Test
    void aRetiredBanditWhoseEpochIsFullStillSealsAndClosesIt() {
        api.ok("/bandits", Specs.capri("abandon-full", 100, 600));
        lifecycle.settle("abandon-full");
        List<String> ids = decide("abandon-full", 10, true);
        api.ok("/bandits/abandon-full/retire", "");
        FeedbackWindows.pass(jdbc, "abandon-full");
        assertThat(lifecycle.settle("abandon-full")).isEqualTo(Step.CLOSED);
        assertThat(api.ok("/bandits/abandon-full/epochs").get(0).path("status").asText()).isEqualTo("CLOSED");
        assertThat(api.ok("/bandits/abandon-full/ledger")).hasSize(1);
        assertThat(ids).hasSize(10);
    }

    LinUcbState state(String bandit) {
        return binary.decode(jdbc.queryForObject("SELECT policy_state FROM bandit_state WHERE bandit_id = ?",
                byte[].class, bandit), LinUcbState.class);
    }
}
