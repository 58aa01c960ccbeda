package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Retention never waits for a row another transaction holds (a group commit batch locks its
 * feedbacks' decision rows): it forgets the others and leaves the held one to a later pass. Under
 * load a retention statement that waited deadlocked with a feedback batch, or held the feedbacks
 * behind it for its whole duration.
 */
class RetentionLocksTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DataSource dataSource;

    String state(String id) {
        return jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class, id);
    }

    @Test
    void aRowHeldByAnotherTransactionIsSkippedNotWaitedFor() throws Exception {
        api.ok("/bandits", Specs.usca("retention-locks", 50, 0.5, 1.0));
        String held = api.decide("retention-locks", List.of(0.2, 0.4)).path("decisionId").asText();
        String free = api.decide("retention-locks", List.of(0.3, 0.5)).path("decisionId").asText();
        // Both done (folded an hour ago); retention-seconds is 0 in the tests' configuration.
        jdbc.update("UPDATE decision SET folded_at = clock_timestamp() - interval '1 hour' WHERE id IN (?::uuid, ?::uuid)",
                held, free);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection feedbackBatch = dataSource.getConnection()) {
            feedbackBatch.setAutoCommit(false);
            try (var lock = feedbackBatch.prepareStatement("SELECT 1 FROM decision WHERE id = ?::uuid FOR UPDATE")) {
                lock.setString(1, held);
                lock.executeQuery().close();
            }
            Future<Integer> passes = pool.submit(() -> {
                int forgotten = 0;
                for (int n = lifecycle.retention(); n > 0; n = lifecycle.retention()) {
                    forgotten += n;
                }
                return forgotten;
            });
            // Before the fix the pass waited for the lock, which is released only below.
            passes.get(20, TimeUnit.SECONDS);
            assertThat(state(free)).isEqualTo("FORGOTTEN");
            assertThat(state(held)).isNotEqualTo("FORGOTTEN");
            feedbackBatch.rollback();
        } finally {
            pool.shutdownNow();
        }
        while (lifecycle.retention() > 0) {
            // the held row, now free
        }
        assertThat(state(held)).isEqualTo("FORGOTTEN");
    }
}
