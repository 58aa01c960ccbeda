package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.DpbanditApplication;
import io.dpbandit.TestApiKey;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.lifecycle.Step;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Rotating dpbandit.release.key-secret, as an operator does it: the service is stopped and started
 * again with another secret (on one PostgreSQL, an external cluster here), and product backends go
 * on sending the same users. With the old secret in dpbandit.release.previous-key-secrets nothing a
 * bandit counted is lost: a user who used her k learning rounds gets none, a USCA context released
 * before is served free, a retried decision is recognised. Without it the service refuses to start
 * while a bandit still needs what the old secret keyed, and says what to configure.
 */
@Tag("process")
class DigestSecretRotationTest {

    static final String OLD = "the-digest-secret-before-the-rotation-0001";
    static final String NEW = "the-digest-secret-after-the-rotation-00002";
    static final String KEY = TestApiKey.ALL_ROLES;
    static final ObjectMapper JSON = new ObjectMapper();

    static EmbeddedPostgres pg;

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        pg.close();
    }

    /** A database of its own for one test, on the shared cluster: the startup check reads every bandit. */
    static String database(String name) {
        new JdbcTemplate(pg.getPostgresDatabase()).execute("CREATE DATABASE " + name);
        return name;
    }

    static JdbcTemplate jdbc(String database) {
        return new JdbcTemplate(new SingleConnectionDataSource(pg.getJdbcUrl("postgres", database), "postgres", "",
                true));
    }

    /** An instance on that database with these secrets (as command-line arguments, above the test profile's). */
    static ConfigurableApplicationContext start(String database, String secret, String... previous) {
        List<String> args = new ArrayList<>(List.of("--server.port=0",
                "--spring.datasource.url=" + pg.getJdbcUrl("postgres", database), "--spring.datasource.username=postgres",
                "--spring.datasource.password=", "--dpbandit.release.key-secret=" + secret));
        for (int i = 0; i < previous.length; i++) {
            args.add("--dpbandit.release.previous-key-secrets[" + i + "]=" + previous[i]);
        }
        return new SpringApplicationBuilder(DpbanditApplication.class).profiles("test").run(args.toArray(String[]::new));
    }

    static RawHttp http(ConfigurableApplicationContext app) {
        return new RawHttp(((WebServerApplicationContext) app).getWebServer().getPort());
    }

    static JsonNode post(RawHttp http, String path, Object body) throws Exception {
        RawHttp.Answer a = http.post(path, KEY, JSON.writeValueAsString(body));
        assertThat(a.status()).as("%s %s: %s", path, body, a.body()).isBetween(200, 201);
        return a.json();
    }

    /** A CAPRI bandit that protects users, k learning rounds each; ⌈√horizon⌉ learning slots in epoch 1. */
    static Map<String, Object> perUser(String id, int horizon, int k) {
        Map<String, Object> spec = new java.util.HashMap<>(Specs.capri(id, horizon, 600));
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER", "maxRoundsPerUser", k));
        return spec;
    }

    static JsonNode decide(RawHttp http, String bandit, String user, String... requestId) throws Exception {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("bandit", bandit, "context", List.of(0.2, 0.4),
                "user", user));
        if (requestId.length > 0) {
            body.put("requestId", requestId[0]);
        }
        return post(http, "/decide", body);
    }

    /** A secret's key id as operators compute it (docs/operations.md): HMAC-SHA256(secret, "dpbandit-key-id"), 16 hex digits. */
    static String keyId(String secret) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal("dpbandit-key-id".getBytes(StandardCharsets.US_ASCII)))
                .substring(0, 16);
    }

    @Test
    void afterARotationThatKeepsTheOldSecretAUserGetsNoNewRoundsAndReleasesAndRetriesAreFound() throws Exception {
        String db = database("kept");
        String released;
        try (var app = start(db, OLD)) {
            RawHttp http = http(app);
            post(http, "/bandits", perUser("returning", 1000, 2));
            assertThat(decide(http, "returning", "alice", "r-1").path("learning").asBoolean()).isTrue();
            assertThat(decide(http, "returning", "alice").path("learning").asBoolean()).isTrue();
            // A USCA bandit releases a context, charged once.
            post(http, "/bandits", Specs.usca("usca", 4, 0.5, 1.0));
            for (int t = 0; t < 4; t++) {
                JsonNode d = post(http, "/decide", Map.of("bandit", "usca", "context", List.of(0.8, 0.1)));
                post(http, "/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.4));
            }
            FeedbackWindows.pass(app.getBean(JdbcTemplate.class), "usca");
            assertThat(app.getBean(LifecycleWorker.class).settle("usca")).isEqualTo(Step.CLOSED);
            JsonNode release = post(http, "/release", Map.of("bandit", "usca", "context", List.of(0.8, 0.1)));
            assertThat(release.path("charged").asBoolean()).isTrue();
            released = release.path("action").asText();
        }
        JsonNode first;
        try (var app = start(db, NEW, OLD)) {
            RawHttp http = http(app);
            assertThat(decide(http, "returning", "alice").path("learning").asBoolean())
                    .as("alice's two rounds were taken under the old secret").isFalse();
            assertThat(decide(http, "returning", "bob").path("learning").asBoolean()).isTrue();
            // A retry of a decision made before the rotation is that decision, not a 409.
            first = decide(http, "returning", "alice", "r-1");
            assertThat(first.path("learning").asBoolean()).isTrue();
            // The release made under the old secret is found and served free; nothing is charged again.
            JsonNode again = post(http, "/release", Map.of("bandit", "usca", "context", List.of(0.8, 0.1)));
            assertThat(again.path("charged").asBoolean()).isFalse();
            assertThat(again.path("action").asText()).isEqualTo(released);
            assertThat(http.get("/bandits/usca/ledger", KEY).json()).hasSize(1);
        }
        // Alice's rounds stay under the old secret's key id; bob's new one is under the new secret's.
        assertThat(jdbc(db).queryForList("SELECT key_id || ':' || rounds FROM user_contribution ORDER BY rounds DESC",
                String.class)).containsExactly(keyId(OLD) + ":2", keyId(NEW) + ":1");
        assertThat(jdbc(db).queryForObject("SELECT key_id FROM context_release", String.class))
                .as("the release moved to the current key").isEqualTo(keyId(NEW));
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void startingWithANewSecretWithoutTheOldOneIsRefusedWhileABanditStillNeedsIt(CapturedOutput output)
            throws Exception {
        String db = database("refused");
        try (var app = start(db, OLD)) {
            RawHttp http = http(app);
            post(http, "/bandits", perUser("returning", 1000, 2));
            decide(http, "returning", "alice");
            decide(http, "returning", "alice");
        }
        assertThatThrownBy(() -> start(db, NEW).close()).rootCause()
                .hasMessageContaining("Refusing to start")
                .hasMessageContaining("[returning]")
                .hasMessageContaining("key id " + keyId(OLD))
                .hasMessageContaining("Add that secret to dpbandit.release.previous-key-secrets");
        // Spring Boot's report, not a stack trace.
        assertThat(output.getAll()).contains("APPLICATION FAILED TO START", "Action:",
                "Add that secret to dpbandit.release.previous-key-secrets").doesNotContain("\tat org.springframework");
        // Once its bandit cannot learn any more (retired here) the old secret is no longer needed.
        try (var app = start(db, NEW, OLD)) {
            RawHttp.Answer retired = http(app).send("POST", "/bandits/returning/retire", null, "X-API-Key", KEY);
            assertThat(retired.status()).as(retired.body()).isEqualTo(200);
        }
        try (var app = start(db, NEW)) {
            assertThat(http(app).get("/bandits/returning", KEY).json().path("serving").asText()).isEqualTo("RETIRED");
        }
    }

    @Test
    void countersFromBeforeKeyIdsAreLabelledByAStartThatKeepsTheSecretAndOnlyThen() throws Exception {
        String db = database("unlabelled");
        try (var app = start(db, OLD)) {
            RawHttp http = http(app);
            post(http, "/bandits", perUser("returning", 1000, 1));
            decide(http, "returning", "alice");
            decide(http, "returning", "bob");
        }
        // What V15 leaves on rows written before it (and an instance of an earlier version writes during
        // a rolling upgrade): no key id. One of the two users' rows is such a row.
        JdbcTemplate rows = jdbc(db);
        rows.update("UPDATE user_contribution SET key_id = NULL WHERE rounds = 1 AND user_digest = "
                + "(SELECT min(user_digest) FROM user_contribution)");
        // A new secret alone is refused for the labelled row, before the other is labelled with the new secret.
        assertThatThrownBy(() -> start(db, NEW).close()).rootCause().hasMessageContaining("key id " + keyId(OLD));
        assertThat(rows.queryForList("SELECT coalesce(key_id, 'none') FROM user_contribution ORDER BY 1",
                String.class)).containsExactly(keyId(OLD), "none");
        // With a rotation configured the instance cannot tell which secret made the unlabelled row.
        assertThatThrownBy(() -> start(db, NEW, OLD).close()).rootCause()
                .hasMessageContaining("before digest key ids")
                .hasMessageContaining("no previous-key-secrets");
        // A start that keeps the secret labels it.
        try (var app = start(db, OLD)) {
            assertThat(rows.queryForList("SELECT key_id FROM user_contribution", String.class))
                    .containsExactly(keyId(OLD), keyId(OLD));
        }
        try (var app = start(db, NEW, OLD)) {
            assertThat(decide(http(app), "returning", "alice").path("learning").asBoolean()).isFalse();
            assertThat(decide(http(app), "returning", "bob").path("learning").asBoolean()).isFalse();
        }
    }

    @Test
    void duringARollingRotationTwoInstancesWithEachOthersSecretCountEveryUserOnce() throws Exception {
        // Step 2 of a rolling rotation (docs/operations.md): instances still on (OLD, previous NEW) and
        // instances already on (NEW, previous OLD) serve together. Each user (k = 1) sends one decision to
        // each at the same moment: exactly one of the two learns, though each counts under its own secret.
        String db = database("rolling");
        int users = 60;
        try (var a = start(db, OLD, NEW); var b = start(db, NEW, OLD)) {
            List<RawHttp> instances = List.of(http(a), http(b));
            post(instances.get(0), "/bandits", perUser("rolling", 40_000, 1));
            ExecutorService pool = Executors.newFixedThreadPool(16);
            try {
                List<List<Future<Boolean>>> answers = new ArrayList<>();
                for (int u = 0; u < users; u++) {
                    String user = "user-" + u;
                    CyclicBarrier together = new CyclicBarrier(2);
                    List<Future<Boolean>> pair = new ArrayList<>();
                    for (RawHttp instance : instances) {
                        pair.add(pool.submit(() -> {
                            together.await(30, TimeUnit.SECONDS);
                            return decide(instance, "rolling", user).path("learning").asBoolean();
                        }));
                    }
                    answers.add(pair);
                }
                for (int u = 0; u < users; u++) {
                    long learned = 0;
                    for (Future<Boolean> f : answers.get(u)) {
                        learned += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
                    }
                    assertThat(learned).as("learning decisions of user-%d", u).isEqualTo(1);
                }
            } finally {
                pool.shutdownNow();
            }
            // One after the other, either way round.
            assertThat(decide(instances.get(0), "rolling", "carol").path("learning").asBoolean()).isTrue();
            assertThat(decide(instances.get(1), "rolling", "carol").path("learning").asBoolean()).isFalse();
            assertThat(decide(instances.get(1), "rolling", "dave").path("learning").asBoolean()).isTrue();
            assertThat(decide(instances.get(0), "rolling", "dave").path("learning").asBoolean()).isFalse();
        }
    }
}
