package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;

/**
 * A full run with distinctive contexts and rewards: none of those values may appear in the log
 * output, in any response (errors included) or in the metrics.
 */
@ExtendWith(OutputCaptureExtension.class)
class RawDataPrivacyTest extends PostgresIntegrationTest {

    static final List<String> SECRETS = List.of("0.7391739", "0.2846284", "0.5629561", "0.9135913", "0.4417021");

    @Autowired
    TestRestTemplate http;

    @Autowired
    LifecycleWorker lifecycle;

    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    @Autowired
    ObjectMapper json;

    final List<String> responses = new ArrayList<>();

    String post(String path, String body) {
        HttpHeaders h = new HttpHeaders();
        h.setContentType(MediaType.APPLICATION_JSON);
        String r = http.exchange(path, HttpMethod.POST, new HttpEntity<>(body, h), String.class).getBody();
        responses.add(r);
        return r;
    }

    String get(String path) {
        String r = http.getForObject(path, String.class);
        responses.add(r);
        return r;
    }

    @Test
    void contextsAndRewardsNeverLeaveTheService(CapturedOutput output) throws Exception {
        post("/bandits", json.writeValueAsString(Specs.capri("private-run", 100, 600)));
        int length = json.readTree(get("/bandits/private-run")).path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            String d = post("/decide", "{\"bandit\": \"private-run\", \"context\": [0.7391739, 0.2846284]}");
            String id = json.readTree(d).path("decisionId").asText();
            post("/feedback", "{\"decisionId\": \"" + id + "\", \"reward\": 0.5629561}");
            post("/feedback", "{\"decisionId\": \"" + id + "\", \"reward\": 0.4417021}");
        }
        FeedbackWindows.pass(jdbc, "private-run");
        assertThat(lifecycle.settle("private-run")).isEqualTo(Step.CLOSED);
        get("/release?bandit=private-run");
        post("/release", "{\"bandit\": \"private-run\", \"context\": [0.7391739, 0.2846284]}");
        get("/bandits/private-run");
        get("/bandits/private-run/ledger");
        // Bad requests carrying the values must not echo them either.
        post("/decide", "{\"bandit\": \"private-run\", \"context\": [0.9135913]}");
        post("/decide", "{\"bandit\": \"private-run\", \"context\": [0.9135913, \"x\"]}");
        post("/feedback", "{\"decisionId\": \"nope\", \"reward\": 0.9135913}");
        post("/bandits", "{\"id\": \"p2\", \"horizon\": 0.9135913}");
        String metrics = get("/actuator/prometheus");

        assertThat(metrics).contains("dpbandit_decisions_total");
        for (String secret : SECRETS) {
            assertThat(output.getAll()).as("logs").doesNotContain(secret);
            for (String r : responses) {
                assertThat(r).as("a response").doesNotContain(secret);
            }
        }
        assertThat(output.getAll()).contains("Closed epoch 1 of bandit 'private-run'");
    }
}
