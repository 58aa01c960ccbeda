package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.DpbanditApplication;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.lifecycle.LifecycleEngine;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.store.EpochStore;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

class ConcurrencyTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;

    @Autowired
    LifecycleWorker lifecycle;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EmbeddedPostgres postgres;

    @Autowired
    org.springframework.context.ApplicationContext first;

    @Test
    void twoHundredConcurrentReleasesAgainstABudgetForTwentyChargeExactlyTwenty() throws Exception {
        http.postForEntity("/bandits", Specs.usca("budget20", 4, 0.1, 2.0), JsonNode.class);
        for (int t = 0; t < 4; t++) {
            var d = http.postForEntity("/decide", Map.of("bandit", "budget20", "context", List.of(0.2, 0.4)),
                    JsonNode.class);
            http.postForEntity("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 1),
                    JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "budget20");
        assertThat(lifecycle.settle("budget20")).isEqualTo(Step.CLOSED);

        ExecutorService pool = Executors.newFixedThreadPool(16);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<HttpStatus>> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            double x = i / 200.0;
            results.add(pool.submit(() -> {
                start.await();
                return HttpStatus.valueOf(http.postForEntity("/release",
                        Map.of("bandit", "budget20", "context", List.of(x, 1 - x)), JsonNode.class)
                        .getStatusCode().value());
            }));
        }
        start.countDown();
        int ok = 0;
        int refused = 0;
        for (Future<HttpStatus> f : results) {
            HttpStatus s = f.get();
            ok += s == HttpStatus.OK ? 1 : 0;
            refused += s == HttpStatus.CONFLICT ? 1 : 0;
        }
        pool.shutdown();

        assertThat(ok).isEqualTo(20);
        assertThat(refused).isEqualTo(180);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = 'budget20'", Long.class))
                .isEqualTo(20);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM context_release WHERE bandit_id = 'budget20'", Long.class))
                .isEqualTo(20);
        double total = jdbc.queryForObject("SELECT sum(epsilon) FROM ledger WHERE bandit_id = 'budget20'", Double.class);
        assertThat(total).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        var status = http.getForEntity("/bandits/budget20", JsonNode.class).getBody();
        assertThat(status.path("budget").path("epsilonSpent").asDouble()).isCloseTo(total,
                org.assertj.core.data.Offset.offset(1e-12));
    }

    /** Starts a second instance of the service on this test's database: tagged "process". */
    @Tag("process")
    @Test
    void twoInstancesOnOneDatabaseCloseAnEpochExactlyOnce() throws Exception {
        http.postForEntity("/bandits", Specs.capri("race", 100, 600), JsonNode.class);
        int length = http.getForEntity("/bandits/race", JsonNode.class).getBody().path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            var d = http.postForEntity("/decide", Map.of("bandit", "race", "context", List.of(0.2, 0.4)), JsonNode.class);
            http.postForEntity("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 0.3),
                    JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "race");
        try (var second = new SpringApplicationBuilder(DpbanditApplication.class).profiles("test")
                .properties("server.port=0", "spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
                        "spring.datasource.username=postgres", "spring.datasource.password=",
                        "dpbandit.embedded-postgres.allow-sharing=true")
                .run()) {
            // Leadership makes one instance do the work; the compare-and-sets must hold even when two
            // instances advance the same epoch at once (an ex-leader that has not noticed yet). So
            // both advance it here directly, at the same time, bypassing the leader check (each
            // instance's lifecycle is driven by one thread, as its worker is).
            List<LifecycleEngine> engines = List.of(first.getBean(LifecycleEngine.class),
                    second.getBean(LifecycleEngine.class));
            List<Runtimes> runtimes = List.of(first.getBean(Runtimes.class), second.getBean(Runtimes.class));
            EpochStore store = first.getBean(EpochStore.class);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> closes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int instance = i;
                Callable<Integer> attempt = () -> {
                    start.await();
                    int closed = 0;
                    for (int step = 0; step < 10_000; step++) {
                        var epoch = store.epoch("race", 1).orElseThrow();
                        if (epoch.status() == io.dpbandit.bandit.EpochStatus.CLOSED) {
                            break;
                        }
                        Step s = engines.get(instance).advance(runtimes.get(instance).fresh("race"), epoch, true);
                        closed += s == Step.CLOSED ? 1 : 0;
                    }
                    return closed;
                };
                closes.add(pool.submit(attempt));
            }
            start.countDown();
            int closed = 0;
            for (var f : closes) {
                closed += f.get();
            }
            pool.shutdown();
            assertThat(closed).isEqualTo(1);
        }
        assertThat(jdbc.queryForList("SELECT status FROM epoch WHERE bandit_id = 'race' ORDER BY number", String.class))
                .containsExactly("CLOSED", "OPEN");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = 'race'", Long.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT epoch FROM bandit_state WHERE bandit_id = 'race'", Integer.class)).isEqualTo(2);
    }

    /**
     * The window the race above only sometimes hits, made certain: an instance that saw the epoch
     * SEALED finishes its close after another instance closed it (and dropped the accumulator). It
     * releases nothing and charges nothing, instead of failing on the missing accumulator.
     */
    @Test
    void aCloseFromAStaleSealedViewReleasesNothing() {
        http.postForEntity("/bandits", Specs.capri("stale", 100, 600), JsonNode.class);
        int length = http.getForEntity("/bandits/stale", JsonNode.class).getBody().path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            var d = http.postForEntity("/decide", Map.of("bandit", "stale", "context", List.of(0.2, 0.4)), JsonNode.class);
            http.postForEntity("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 0.3),
                    JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "stale");
        EpochStore store = first.getBean(EpochStore.class);
        LifecycleEngine engine = first.getBean(LifecycleEngine.class);
        Runtimes runtimes = first.getBean(Runtimes.class);
        LifecycleWorker worker = first.getBean(LifecycleWorker.class);
        // Plan, fold and seal, and keep the sealed view a slow instance would hold.
        OpenEpoch sealed = null;
        for (int step = 0; step < 1_000 && sealed == null; step++) {
            var epoch = store.epoch("stale", 1).orElseThrow();
            if (epoch.status() == io.dpbandit.bandit.EpochStatus.SEALED && epoch.folded() == epoch.assigned()) {
                sealed = epoch;
            } else {
                engine.advance(runtimes.fresh("stale"), epoch, true);
            }
        }
        assertThat(sealed).as("the epoch seals").isNotNull();
        BanditRuntime slow = runtimes.fresh("stale");
        assertThat(worker.settle("stale")).isEqualTo(Step.CLOSED); // the other instance
        assertThat(engine.advance(slow, sealed, true)).isEqualTo(Step.NONE);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = 'stale'", Long.class))
                .as("one release, one charge").isEqualTo(1);
    }
}
