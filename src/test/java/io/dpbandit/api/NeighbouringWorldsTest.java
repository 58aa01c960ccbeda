package io.dpbandit.api;

import io.dpbandit.testing.Specs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.PublicRandomness;
import io.dpbandit.testing.FeedbackWindows;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What an analyst reads does not depend on one user's feedback, except through charged, calibrated
 * noise: the attacker's view of the JDP promise, through the HTTP API.
 *
 * <p>For each jointly private algorithm, three bandits with the same spec receive the same decisions
 * (same contexts, same order, interleaved so their times agree to milliseconds) and the same
 * feedback from every user but one. That user, in world EARLY, sends reward 1 at once; in world
 * NONE never sends anything; in world LATE sends reward 1 after its window has passed. The three
 * worlds are neighbours (one user's feedback presence, timing and value differ). At three moments (all
 * feedback but the late one in, windows still open; the windows passed; the late reward in) the
 * lifecycle runs and an analyst key reads every analyst endpoint of each bandit. Every value must
 * be equal across the worlds, except:
 * <ul>
 *   <li>the released model's numbers, which carry the calibrated noise the ledger charged for
 *       ({@link #NOISY}, per field: the model's estimate and what is computed from it, and the
 *       recommendations' actions, which the noisy model picks);</li>
 *   <li>timestamps and the planner's own computing time, which follow the worker's schedule: they
 *       must exist in the same places, and no world may seal or close an epoch before its last
 *       window has passed.</li>
 * </ul>
 * Before the data-independent schedule this failed on nine fields (feedback counts, folded rounds,
 * observations, seal and close times, an epoch's progress).
 */
@Import(NeighbouringWorldsTest.AlikePublicDraws.class)
class NeighbouringWorldsTest extends PostgresIntegrationTest {

    /**
     * The worlds of a family draw the same public sets (S_r, R_r, Z): their generators are seeded
     * by the family's name and the epoch, so that the worlds differ only where their data differ.
     * (Production seeds each from a secure source; public draws need independence from the data,
     * which this keeps.)
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class AlikePublicDraws {
        @Bean
        @Primary
        PublicRandomness alikePublicDraws() {
            return (bandit, epoch) -> new SplittableRandom(31L * bandit.replaceAll("-(early|none|late)$", "")
                    .hashCode() + epoch);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final String ANALYST = "test-analyst-key";
    static final List<String> WORLDS = List.of("early", "none", "late");

    /**
     * Fields that hold (or are computed from) a released model's noisy numbers, by name wherever
     * they appear: the model's estimate and factor (LINUCB, GPUCB: theta, choleskyOfV, beta,
     * radius; CAPRI: coefficients, width and the recommendations the active sets give).
     */
    static final Set<String> NOISY = Set.of("theta", "choleskyOfV", "beta", "radius", "coefficients", "width",
            "noiseWidth", "meanActiveSetSize", "activeSetSizes", "estimator", "noise");

    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    /** A bandit family; {@code perUser}: privacy.unit USER, each decision names a user of its own. */
    record Family(String name, Map<String, Object> spec, int rounds, List<Double> context, boolean perUser) {
        Family(String name, Map<String, Object> spec, int rounds, List<Double> context) {
            this(name, spec, rounds, context, false);
        }
    }

    static List<Family> families() {
        Map<String, Object> lin = Specs.linear("x", "LINUCB", 8, 600);
        lin.put("tuning", Map.of("leafRounds", 4));
        Map<String, Object> usca = new HashMap<>(Specs.usca("x", 6, 0.5, 1.0));
        usca.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.0));
        // LINUCB with epoch releases (disjoint blocks): its first epoch is the first round, then 3, 7.
        Map<String, Object> epochs = Specs.linear("x", "LINUCB", 8, 600);
        epochs.put("actions", List.of(Map.of("id", "a1"), Map.of("id", "a2"), Map.of("id", "a3")));
        epochs.put("linear", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS"));
        // CAPRI protecting users of up to 2 rounds each.
        Map<String, Object> users = new HashMap<>(Specs.capri("x", 16, 600));
        users.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 2));
        return List.of(
                new Family("capri", Specs.capri("x", 16, 600), 4, List.of(0.2, 0.4)),
                new Family("epochs", epochs, 8, List.of(0.3, 0.7)),
                new Family("users", users, 4, List.of(0.2, 0.4), true),
                new Family("usca", usca, 6, List.of(0.2, 0.4)),
                new Family("lin", lin, 8, List.of(0.3, 0.7)),
                new Family("gp", Specs.gp("x", "JDP", 6), 6, List.of(0.4)));
    }

    static String id(Family f, String world) {
        return f.name() + "-" + world;
    }

    @Test
    void oneUsersFeedbackPresenceTimingAndValueChangeNothingAnAnalystReadsButCalibratedNoise() {
        List<Family> families = families();
        Map<String, String> target = new HashMap<>(); // the user whose feedback differs, per bandit
        for (Family f : families) {
            for (String w : WORLDS) {
                Map<String, Object> spec = new LinkedHashMap<>(f.spec());
                spec.put("id", id(f, w));
                assertThat(http.postForEntity("/bandits", spec, JsonNode.class).getStatusCode().value()).isEqualTo(201);
            }
        }
        for (Family f : families) {
            for (int t = 0; t < f.rounds(); t++) {
                for (String w : WORLDS) {
                    JsonNode d = http.postForObject("/decide", f.perUser()
                            ? Map.of("bandit", id(f, w), "context", f.context(), "user", "u" + t)
                            : Map.of("bandit", id(f, w), "context", f.context()), JsonNode.class);
                    assertThat(d.path("learning").asBoolean()).as("%s round %d", id(f, w), t).isTrue();
                    String decision = d.path("decisionId").asText();
                    if (t == 1) {
                        target.put(id(f, w), decision);
                        if (w.equals("early")) {
                            feedback(decision, 1.0, "ACCEPTED");
                        }
                    } else {
                        feedback(decision, t % 3 == 0 ? 0.8 : 0.1, "ACCEPTED");
                    }
                }
            }
        }

        settleAll(families);
        compare(families, "all feedback but the late reward in, every window still open");

        for (Family f : families) {
            for (String w : WORLDS) {
                FeedbackWindows.pass(jdbc, id(f, w));
            }
        }
        Instant windowsPassed = Instant.now();
        settleAll(families);
        compare(families, "every window passed");
        for (Family f : families) {
            for (String w : WORLDS) {
                sealedAndClosedNoEarlierThan(id(f, w), windowsPassed);
            }
        }

        for (Family f : families) {
            feedback(target.get(id(f, "late")), 1.0, "LATE");
        }
        settleAll(families);
        compare(families, "the late reward in");
    }

    void feedback(String decision, double reward, String expected) {
        JsonNode answer = http.postForObject("/feedback", Map.of("decisionId", decision, "reward", reward),
                JsonNode.class);
        assertThat(answer.path("status").asText()).isEqualTo(expected);
    }

    void settleAll(List<Family> families) {
        for (Family f : families) {
            for (String w : WORLDS) {
                lifecycle.settle(id(f, w));
            }
        }
    }

    JsonNode read(String path) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("X-API-Key", ANALYST);
        var r = http.exchange(path, HttpMethod.GET, new HttpEntity<>(headers), JsonNode.class);
        assertThat(r.getStatusCode().is2xxSuccessful()).as("%s -> %s", path, r.getStatusCode()).isTrue();
        return r.getBody();
    }

    /** The planner's forecast once computed (it reads only the spec; computing is background work). */
    JsonNode forecast(String bandit) {
        JsonNode plan = read("/bandits/" + bandit + "/plan");
        for (int i = 0; i < 300 && plan.path("status").asText().equals("COMPUTING"); i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            plan = read("/bandits/" + bandit + "/plan");
        }
        return plan;
    }

    /** Everything an analyst may GET about a bandit. */
    Map<String, JsonNode> analystView(String bandit) {
        Map<String, JsonNode> view = new LinkedHashMap<>();
        view.put("status", read("/bandits/" + bandit));
        for (JsonNode b : read("/bandits")) {
            if (b.path("id").asText().equals(bandit)) {
                view.put("list", b);
            }
        }
        view.put("epochs", read("/bandits/" + bandit + "/epochs"));
        view.put("ledger", read("/bandits/" + bandit + "/ledger"));
        view.put("privacy", read("/bandits/" + bandit + "/privacy"));
        view.put("plan", forecast(bandit));
        view.put("recommendations", read("/bandits/" + bandit + "/recommendations"));
        view.put("release", read("/release?bandit=" + bandit));
        return view;
    }

    void compare(List<Family> families, String moment) {
        for (Family f : families) {
            Map<String, JsonNode> reference = null;
            for (String w : WORLDS) {
                Map<String, JsonNode> view = new LinkedHashMap<>();
                analystView(id(f, w)).forEach((k, v) -> view.put(k, noiseFree(k.equals("recommendations")
                        ? recommendationsNoisy(v) : v, id(f, w))));
                if (reference == null) {
                    reference = view;
                    continue;
                }
                for (String endpoint : view.keySet()) {
                    assertThat(view.get(endpoint)).as("%s: %s of world %s against world early (%s)", moment,
                            endpoint, w, f.name()).isEqualTo(reference.get(endpoint));
                }
            }
        }
    }

    /** The recommendations are the noisy model's best actions per pool context: post-processing of it. */
    static JsonNode recommendationsNoisy(JsonNode v) {
        ObjectNode copy = v.deepCopy();
        copy.put("actions", "<noisy: " + shape(v.path("actions")) + ">");
        return copy;
    }

    /** The value with the bandit's id, noisy numbers, ledger ids and times' values taken out. */
    static JsonNode noiseFree(JsonNode node, String bandit) {
        if (node.isTextual()) {
            return new TextNode(node.asText().replace(bandit, "<bandit>"));
        }
        if (node.isArray()) {
            ArrayNode out = JSON.createArrayNode();
            node.forEach(e -> out.add(noiseFree(e, bandit)));
            return out;
        }
        if (!node.isObject()) {
            return node;
        }
        ObjectNode out = JSON.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            var e = it.next();
            String name = e.getKey();
            JsonNode value = e.getValue();
            if (NOISY.contains(name)) {
                out.put(name, "<noisy: " + shape(value) + ">");
            } else if (name.endsWith("At") || name.equals("plannedSeconds")) {
                out.put(name, value.isNull() ? "<none>" : "<time>");
            } else if (name.equals("id") && value.isNumber()) {
                out.put(name, "<ledger id>");
            } else {
                out.set(name, noiseFree(value, bandit));
            }
        }
        return out;
    }

    /** A noisy value's shape (null, a number, an array of n): that much is public. */
    static String shape(JsonNode v) {
        return v.isArray() ? "array of " + v.size() : v.isNull() ? "null" : v.getNodeType().toString();
    }

    /** No world seals or closes its first epoch before the windows pass. */
    void sealedAndClosedNoEarlierThan(String bandit, Instant windowsPassed) {
        JsonNode first = read("/bandits/" + bandit + "/epochs").get(0);
        for (String field : List.of("sealedAt", "closedAt")) {
            JsonNode at = first.path(field);
            if (!at.isNull() && !at.isMissingNode()) {
                assertThat(Instant.parse(at.asText())).as("%s %s", bandit, field)
                        .isAfterOrEqualTo(windowsPassed.minusMillis(50));
            }
        }
    }
}
