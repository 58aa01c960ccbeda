package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;

/**
 * Creating a budget or a bandit is an INSERT that fails on a taken id, never a merge: of requests
 * racing for one id with different figures exactly one is answered 201 and the others 409, and
 * what is stored is the 201's. (An earlier merge of the immutable entity answered 201 to each of
 * them with its own figures while the database kept one.)
 */
class CreationRacesTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;

    /** Sends the bodies at once (released together from a latch); the answers in the same order. */
    private List<ResponseEntity<JsonNode>> race(String path, List<Object> bodies) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(bodies.size());
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ResponseEntity<JsonNode>>> answers = new ArrayList<>();
            for (Object body : bodies) {
                Callable<ResponseEntity<JsonNode>> call = () -> {
                    go.await();
                    return api.post(path, body);
                };
                answers.add(pool.submit(call));
            }
            go.countDown();
            List<ResponseEntity<JsonNode>> out = new ArrayList<>();
            for (Future<ResponseEntity<JsonNode>> f : answers) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void concurrentBudgetsOfOneIdGiveOne201AndTheStoredFiguresAreItsOwn() throws Exception {
        for (int round = 0; round < 5; round++) {
            String id = "raced-budget-" + round;
            List<Object> bodies = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                bodies.add(Map.of("id", id, "epsilon", 1.0 + i, "delta", 1e-5));
            }
            List<ResponseEntity<JsonNode>> answers = race("/budgets", bodies);
            List<Integer> created = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                int status = answers.get(i).getStatusCode().value();
                assertThat(status).as("%s", answers.get(i).getBody()).isIn(201, 409);
                if (status == 201) {
                    created.add(i);
                } else {
                    ApiClient.assertProblem(answers.get(i), org.springframework.http.HttpStatus.CONFLICT, "conflict");
                }
            }
            assertThat(created).hasSize(1);
            double epsilon = answers.get(created.get(0)).getBody().path("epsilon").asDouble();
            assertThat(epsilon).isEqualTo(1.0 + created.get(0));
            assertThat(api.ok("/budgets/" + id).path("epsilon").asDouble()).isEqualTo(epsilon);
        }
    }

    @Test
    void theSameBudgetSentConcurrentlyIsCreatedOnceAndTheRetriesAre200() throws Exception {
        List<Object> bodies = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            bodies.add(Map.of("id", "raced-same", "epsilon", 2.0, "delta", 1e-6));
        }
        List<Integer> statuses = race("/budgets", bodies).stream().map(r -> r.getStatusCode().value()).toList();
        assertThat(statuses).containsOnly(200, 201).containsOnlyOnce(201);
    }

    @Test
    void concurrentBanditsOfOneIdWithDifferentSpecsGiveOne201() throws Exception {
        List<Object> bodies = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Map<String, Object> spec = new HashMap<>(Specs.capri("raced-bandit", 400 + 100 * i, 600));
            bodies.add(spec);
        }
        List<ResponseEntity<JsonNode>> answers = race("/bandits", bodies);
        List<Integer> created = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            int status = answers.get(i).getStatusCode().value();
            assertThat(status).as("%s", answers.get(i).getBody()).isIn(201, 409);
            if (status == 201) {
                created.add(i);
            }
        }
        assertThat(created).hasSize(1);
        // The first epoch's length is ⌈√horizon⌉: 20, 23, 25, 27, 29, 30 for the six specs.
        int horizon = 400 + 100 * created.get(0);
        assertThat(api.ok("/bandits/raced-bandit").path("epochLength").asInt())
                .isEqualTo((int) Math.ceil(Math.sqrt(horizon)));
    }
}
