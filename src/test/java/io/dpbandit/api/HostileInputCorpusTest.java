package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A seeded corpus of hostile and odd requests against the real service and PostgreSQL: every
 * algorithm's spec mutated field by field (nulls, huge, tiny and subnormal numbers, wrong types,
 * NUL and unpaired surrogates, deep nesting, unknown and missing fields), the same for /decide,
 * /feedback and /release bodies, and random methods, paths, Accept and Content-Type headers.
 * Whatever is sent: never a 5xx, never a stack trace or class name, every error a problem, and the
 * database changes only when the answer is a 2xx.
 */
class HostileInputCorpusTest extends PostgresIntegrationTest {

    static final String KEY = TestApiKey.ALL_ROLES;
    static final long SEED = Long.getLong("dpbandit.corpus.seed", 20261125L);
    static final int REQUESTS = 2_500;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ObjectMapper json;

    @Autowired
    LifecycleWorker lifecycle;

    final JsonNodeFactory nodes = JsonNodeFactory.instance;
    SplittableRandom rng;
    RawHttp http;
    int created;

    Map<String, Object> snapshot() {
        Map<String, Object> s = new HashMap<>();
        s.put("rows", jdbc.queryForList("SELECT (SELECT count(*) FROM bandit) b, (SELECT count(*) FROM epoch) e, "
                + "(SELECT count(*) FROM decision) d, (SELECT count(*) FROM ledger) l, "
                + "(SELECT count(*) FROM context_release) c, (SELECT coalesce(sum(used), 0) FROM epoch_slot) s, "
                + "(SELECT count(*) FROM decision WHERE feedback <> 'PENDING' AND feedback <> 'NOT_USED') f"));
        return s;
    }

    /** Valid specs of every algorithm and privacy model, as JSON trees. */
    Map<String, ObjectNode> specs() {
        Map<String, Object> capriLdp = new HashMap<>(Specs.capri("x", 100, 600));
        capriLdp.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5));
        Map<String, Object> capriRefined = new HashMap<>(Specs.capri("x", 100, 600));
        capriRefined.put("tuning", Map.of("elimination", "PAIRWISE", "projectionCap", 50, "projection", "PLANNED",
                "tauRule", "PLANNED", "rewardOffset", 0.5, "statisticalWidth", "VARIANCE"));
        capriRefined.put("rewardBound", 0.5);
        Map<String, Object> linucb = new HashMap<>(Specs.linear("x", "LINUCB", 100, 600));
        linucb.put("linear", Map.of("featureMap", "OUTER_PRODUCT", "mode", "ENGINEERED", "noise", "GAUSSIAN"));
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        out.put("capri", json.valueToTree(Specs.capri("x", 100, 600)));
        out.put("capri-ldp", json.valueToTree(capriLdp));
        out.put("capri-refined", json.valueToTree(capriRefined));
        out.put("usca", json.valueToTree(Specs.usca("x", 10, 0.5, 1.0)));
        out.put("linucb", json.valueToTree(linucb));
        out.put("onlineucb", json.valueToTree(Specs.linear("x", "ONLINEUCB", 100, 600)));
        out.put("gpucb", json.valueToTree(Specs.gp("x", "JDP", 100)));
        out.put("gpucb-ldp", json.valueToTree(Specs.gp("x", "LDP", 100)));
        return out;
    }

    /** A hostile value for a JSON position. */
    JsonNode hostileValue(boolean numbersOnly) {
        int k = rng.nextInt(numbersOnly ? 12 : 26);
        return switch (k) {
            case 0 -> nodes.numberNode(1e308);
            case 1 -> nodes.numberNode(-1e308);
            case 2 -> nodes.numberNode(4.9e-324);
            case 3 -> nodes.numberNode(0);
            case 4 -> nodes.numberNode(-0.0);
            case 5 -> nodes.numberNode(Long.MAX_VALUE);
            case 6 -> nodes.numberNode(-1);
            case 7 -> nodes.numberNode(new java.math.BigInteger("123456789012345678901234567890"));
            case 8 -> nodes.numberNode(2_000_000_001);
            case 9 -> nodes.numberNode(0.5);
            case 10 -> nodes.numberNode(1e-300);
            case 11 -> nodes.numberNode(Integer.MIN_VALUE);
            case 12 -> nodes.nullNode();
            case 13 -> nodes.textNode("");
            case 14 -> nodes.textNode("a\u0000b");
            case 15 -> nodes.textNode("\ud800");
            case 16 -> nodes.textNode("\ud83d\ude00 ünïcödé");
            case 17 -> nodes.textNode("x".repeat(rng.nextInt(1, 3000)));
            case 18 -> nodes.booleanNode(rng.nextBoolean());
            case 19 -> nodes.arrayNode();
            case 20 -> nodes.objectNode();
            case 21 -> {
                ArrayNode deep = nodes.arrayNode();
                ArrayNode cursor = deep;
                for (int i = 0; i < rng.nextInt(10, 80); i++) {
                    cursor = cursor.addArray();
                }
                yield deep;
            }
            case 22 -> nodes.textNode("NaN");
            case 23 -> nodes.textNode("../../etc/passwd");
            case 24 -> {
                ArrayNode many = nodes.arrayNode();
                for (int i = 0; i < rng.nextInt(1, 3000); i++) {
                    many.add(rng.nextDouble());
                }
                yield many;
            }
            default -> nodes.textNode("%00;/..\\\r\n");
        };
    }

    /** All (container, key-or-index) positions of a tree, for picking one to mutate. */
    void positions(JsonNode node, List<Object[]> out) {
        if (node instanceof ObjectNode o) {
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                out.add(new Object[] {o, f});
                positions(o.get(f), out);
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                out.add(new Object[] {a, i});
                positions(a.get(i), out);
            }
        }
    }

    /** The tree with one to three mutations. */
    JsonNode mutate(JsonNode original) {
        JsonNode tree = original.deepCopy();
        for (int m = 0; m < rng.nextInt(1, 4); m++) {
            List<Object[]> all = new ArrayList<>();
            positions(tree, all);
            if (all.isEmpty()) {
                break;
            }
            Object[] at = all.get(rng.nextInt(all.size()));
            int kind = rng.nextInt(10);
            if (at[0] instanceof ObjectNode o) {
                String f = (String) at[1];
                if (kind == 0) {
                    o.remove(f);
                } else if (kind == 1) {
                    o.set("unknown" + rng.nextInt(3), hostileValue(false));
                } else {
                    o.set(f, hostileValue(kind < 5 && o.get(f).isNumber()));
                }
            } else if (at[0] instanceof ArrayNode a) {
                int i = (Integer) at[1];
                if (kind == 0) {
                    a.remove(i);
                } else if (kind == 1) {
                    a.add(hostileValue(false));
                } else {
                    a.set(i, hostileValue(kind < 5 && a.get(i).isNumber()));
                }
            }
        }
        return tree;
    }

    static final List<String> ACCEPTS = List.of("application/json", "*/*", "application/xml", "text/html",
            "application/problem+json", "application/*", "text/*;q=0.1, application/json", "garbage;;;", "", "*/*;q=0");
    static final List<String> CONTENT_TYPES = List.of("application/json", "application/json; charset=UTF-8",
            "*/*", "application/*", "text/plain", "application/xml", "application/x-www-form-urlencoded", "",
            "multipart/form-data; boundary=x", "application/json; charset=latin1", "application/json;;");
    static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE",
            "FOO");
    static final List<String> PATHS = List.of("/bandits", "/bandits/c-capri", "/bandits/c-capri/ledger",
            "/bandits/c-capri/epochs", "/bandits/c-capri/plan", "/bandits/c-capri/recommendations",
            "/bandits/c-capri/epochs/1/randomiser", "/bandits/c-capri-ldp/epochs/1/randomiser",
            "/bandits/c-capri-ldp/epochs/99999999999/randomiser", "/bandits/c-capri-ldp/epochs/-1/randomiser",
            "/decide", "/feedback", "/release", "/release?bandit=c-usca", "/release?bandit=", "/release?bandit=%00",
            "/release?bandit=c-usca&bandit=c-capri", "/bandits/plan?gap=-1", "/bandits/plan?gap=NaN",
            "/bandits/plan?gap=1e999", "/bandits/plan?seed=x", "/actuator/health", "/actuator/metrics/x",
            "/actuator/prometheus", "/ui/", "/ui/missing.js", "/nope", "/bandits/%E2%98%83", "/bandits/" + "x".repeat(300),
            "/DECIDE", "/decide/", "/decide;x=1", "//decide", "/bandits/../decide", "/v3/api-docs");

    void check(String what, RawHttp.Answer a, Map<String, Object> before) {
        assertThat(a.status()).as("%s -> %s", what, a.body()).isLessThan(500);
        String body = a.body();
        if (a.status() >= 400 && !what.startsWith("HEAD ")) { // a HEAD answer has no body by definition
            assertThat(body).as(what).doesNotContain("Exception").doesNotContain("\tat ")
                    .doesNotContain("at io.dpbandit").doesNotContain("org.springframework").doesNotContain("java.lang");
            assertThat(a.header("content-type")).as(what).startsWith("application/problem+json");
            assertThat(a.json().path("type").asText()).as(what).startsWith("https://dpbandit.io/problems/");
        }
        if (a.status() < 200 || a.status() >= 300) {
            assertThat(snapshot()).as("%s -> %d changed the database", what, a.status()).isEqualTo(before);
        }
    }

    RawHttp.Answer sendJson(String method, String path, String body) {
        long t0 = System.nanoTime();
        try {
            return sendJson0(method, path, body);
        } finally {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (ms > 2_000) {
                System.err.println("SLOW " + ms + " ms: " + method + " " + path + " " + body);
            }
        }
    }

    RawHttp.Answer sendJson0(String method, String path, String body) {
        List<String> headers = new ArrayList<>(List.of("X-API-Key", KEY));
        if (rng.nextInt(4) == 0) {
            headers.addAll(List.of("Accept", ACCEPTS.get(rng.nextInt(ACCEPTS.size()))));
        }
        String type = rng.nextInt(5) == 0 ? CONTENT_TYPES.get(rng.nextInt(CONTENT_TYPES.size())) : "application/json";
        if (!type.isEmpty()) {
            headers.addAll(List.of("Content-Type", type));
        }
        return http.send(method, path, body, headers.toArray(String[]::new));
    }

    @Test
    void noHostileRequestGetsA5xxOrChangesAnythingUnlessItSucceeds() throws Exception {
        rng = new SplittableRandom(SEED);
        http = new RawHttp(port);
        Map<String, ObjectNode> specs = specs();
        for (var e : specs.entrySet()) {
            ObjectNode spec = e.getValue().deepCopy();
            spec.put("id", "c-" + e.getKey());
            assertThat(http.post("/bandits", KEY, json.writeValueAsString(spec)).status()).as(e.getKey())
                    .isIn(200, 201);
        }
        List<String> decisionIds = new ArrayList<>();
        for (String b : specs.keySet()) {
            var d = http.post("/decide", KEY, "{\"bandit\": \"c-" + b + "\", \"context\": " + contextFor(b) + "}");
            assertThat(d.status()).as(d.body()).isEqualTo(200);
            decisionIds.add(d.json().path("decisionId").asText());
        }
        long started = System.nanoTime();
        List<String> keys = new ArrayList<>(specs.keySet());
        for (int i = 0; i < REQUESTS; i++) {
            Map<String, Object> before = snapshot();
            int kind = rng.nextInt(10);
            String what;
            RawHttp.Answer a;
            if (kind < 3) {
                String algorithm = keys.get(rng.nextInt(keys.size()));
                ObjectNode spec = specs.get(algorithm).deepCopy();
                spec.put("id", "m-" + (created++));
                JsonNode body = mutate(spec);
                // Planning a forecast is seconds of work: only shape mutations go there.
                String path = kind == 0 && algorithm.startsWith("capri") ? "/bandits/plan" : "/bandits";
                what = "POST " + path + " " + algorithm + " " + body;
                a = sendJson("POST", path, json.writeValueAsString(body));
            } else if (kind < 6) {
                String b = keys.get(rng.nextInt(keys.size()));
                ObjectNode body = nodes.objectNode();
                body.put("bandit", "c-" + b);
                body.set("context", json.readTree(contextFor(b)));
                if (rng.nextBoolean()) {
                    body.put("requestId", "r-" + rng.nextInt(50));
                }
                if (b.contains("linucb") || b.contains("gpucb") || b.contains("onlineucb")) {
                    if (rng.nextBoolean()) {
                        body.set("candidates", json.readTree("[\"a1\", \"a2\"]"));
                    }
                }
                String path = rng.nextInt(4) == 0 ? "/release" : "/decide";
                what = "POST " + path + " " + b;
                a = sendJson("POST", path, json.writeValueAsString(mutate(body)));
            } else if (kind < 8) {
                ObjectNode body = nodes.objectNode();
                body.put("decisionId", decisionIds.get(rng.nextInt(decisionIds.size())));
                if (rng.nextBoolean()) {
                    body.put("reward", rng.nextDouble());
                } else {
                    body.set("report", json.readTree("{\"epoch\": 1, \"contribution\": [0.1, 0.2], \"epsilon\": 1, "
                            + "\"delta\": 1e-5, \"sigma\": 1}"));
                }
                what = "POST /feedback";
                a = sendJson("POST", "/feedback", json.writeValueAsString(mutate(body)));
            } else {
                String method = METHODS.get(rng.nextInt(METHODS.size()));
                String path = PATHS.get(rng.nextInt(PATHS.size()));
                String body = method.equals("GET") || method.equals("HEAD") || rng.nextBoolean() ? null
                        : json.writeValueAsString(mutate(nodes.objectNode().put("bandit", "c-usca")
                                .set("context", json.readTree("[0.5, 0.5]"))));
                what = method + " " + path;
                a = body == null ? http.send(method, path, null, "X-API-Key", KEY, "Accept",
                        ACCEPTS.get(rng.nextInt(ACCEPTS.size())))
                        : sendJson(method, path, body);
            }
            check(what, a, before);
        }
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        assertThat(seconds).as("the corpus should stay well within a minute").isLessThan(120);
    }

    static String contextFor(String bandit) {
        return bandit.startsWith("gpucb") ? "[0.4]" : "[0.2, 0.4]";
    }
}
