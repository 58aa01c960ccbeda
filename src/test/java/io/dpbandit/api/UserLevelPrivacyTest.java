package io.dpbandit.api;

import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import static io.dpbandit.testing.Specs.capri;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.ZcdpAccounting;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * User-level privacy and shared budgets from the caller's side: what a product backend sends for a
 * returning user, what it gets back, and what an operator's second bandit may spend on the same
 * users.
 */
class UserLevelPrivacyTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    io.dpbandit.lifecycle.LifecycleWorker lifecycle;

    ResponseEntity<JsonNode> post(String path, Object body) {
        return http.postForEntity(path, body, JsonNode.class);
    }

    static Map<String, Object> userSpec(String id, int horizon, Map<String, Object> privacy) {
        Map<String, Object> spec = new HashMap<>(capri(id, horizon, 600));
        spec.put("privacy", privacy);
        return spec;
    }

    static Map<String, Object> privacy(Object... kv) {
        Map<String, Object> p = new HashMap<>(Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5));
        for (int i = 0; i < kv.length; i += 2) {
            p.put((String) kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void aReturningUserLearnsAtMostKRoundsAndEveryDecisionNamesItsUser() {
        var created = post("/bandits", userSpec("per-user", 1000, privacy("unit", "USER", "maxRoundsPerUser", 2)));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        // The privacy report says what is protected, how, and at which sensitivity.
        JsonNode report = http.getForObject("/bandits/per-user/privacy", JsonNode.class);
        assertThat(report.path("unit").asText()).isEqualTo("USER");
        assertThat(report.path("maxRoundsPerUser").asInt()).isEqualTo(2);
        assertThat(report.path("guarantee").path("accountant").asText()).isEqualTo("EXACT");
        assertThat(report.path("guarantee").path("epsilon").asDouble()).isEqualTo(1.0);
        assertThat(report.path("guarantee").path("statement").asText()).contains("each user").contains("joint DP");
        assertThat(report.path("mechanisms")).hasSize(1);
        assertThat(report.path("mechanisms").get(0).path("sensitivity").asText()).contains("Δᵣ = 2 × 2 Cᵣ")
                .contains("k = 2");
        assertThat(report.path("mechanisms").get(0).path("reference").asText()).contains("Pavlovic");
        assertThat(report.path("mechanisms").get(0).path("runsOn").asText()).isEqualTo("SERVER");
        assertThat(report.path("publicByDesign").toString()).contains("learning rounds left");
        assertThat(report.path("roles").path("analyst").asText()).isNotBlank();
        assertThat(report.path("spent").path("epsilonSpent").asDouble()).isZero();
        assertThat(report.path("charges")).isEmpty();
        HttpHeaders decider = new HttpHeaders();
        decider.set("X-API-Key", "test-decider-key");
        assertThat(http.exchange("/bandits/per-user/privacy", HttpMethod.GET, new HttpEntity<>(decider),
                JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);

        // No user on a USER bandit: a 400 that says why, and nothing stored.
        var anonymous = post("/decide", Map.of("bandit", "per-user", "context", List.of(0.2, 0.4)));
        ApiClient.assertProblem(anonymous, HttpStatus.BAD_REQUEST, "validation");
        assertThat(anonymous.getBody().path("detail").asText()).contains("user");
        assertThat(decisions("per-user")).isZero();

        // Alice learns twice, then is served but no longer learned from; Bob still learns.
        for (int visit = 0; visit < 4; visit++) {
            var d = post("/decide", Map.of("bandit", "per-user", "context", List.of(0.2, 0.4), "user", "alice"));
            assertThat(d.getStatusCode()).isEqualTo(HttpStatus.OK);
            assertThat(d.getBody().path("learning").asBoolean()).as("visit %d", visit).isEqualTo(visit < 2);
            var f = post("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 1.0));
            assertThat(f.getBody().path("status").asText()).isEqualTo(visit < 2 ? "ACCEPTED" : "NOT_USED");
        }
        var bob = post("/decide", Map.of("bandit", "per-user", "context", List.of(0.2, 0.4), "user", "bob"));
        assertThat(bob.getBody().path("learning").asBoolean()).isTrue();

        // Only a keyed digest of the user is kept, never the id itself.
        assertThat(jdbc.queryForList("SELECT user_digest FROM user_contribution WHERE bandit_id = 'per-user'",
                String.class)).hasSize(2).noneMatch(k -> k.contains("alice") || k.contains("bob"));
        assertThat(jdbc.queryForObject("SELECT rounds FROM user_contribution WHERE bandit_id = 'per-user' "
                + "ORDER BY rounds DESC LIMIT 1", Integer.class)).isEqualTo(2);

        // A round-level bandit refuses a user: it would protect rounds, not the user it names.
        post("/bandits", capri("per-round", 1000, 600));
        var named = post("/decide", Map.of("bandit", "per-round", "context", List.of(0.2, 0.4), "user", "alice"));
        ApiClient.assertProblem(named, HttpStatus.BAD_REQUEST, "validation");
        assertThat(decisions("per-round")).isZero();
    }

    @Test
    void retriesConcurrencyAndAFullEpochNeverCostAUserARound() throws Exception {
        // k = 3; the horizon's first epoch has 10 learning slots (ceil(sqrt(100))).
        post("/bandits", userSpec("counted", 100, privacy("unit", "USER", "maxRoundsPerUser", 3)));
        int slots = http.getForObject("/bandits/counted", JsonNode.class).path("epochLength").asInt();

        // A retry (same requestId) returns the same decision and takes no second round.
        var first = post("/decide", Map.of("bandit", "counted", "context", List.of(0.2, 0.4), "user", "carol",
                "requestId", "r-1"));
        var again = post("/decide", Map.of("bandit", "counted", "context", List.of(0.2, 0.4), "user", "carol",
                "requestId", "r-1"));
        assertThat(again.getBody().path("decisionId")).isEqualTo(first.getBody().path("decisionId"));
        assertThat(rounds("counted")).containsEntry(1, 1L);

        // Twenty concurrent decisions of one user: exactly k of them learn.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        List<java.util.concurrent.Future<Boolean>> learning = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            learning.add(pool.submit(() -> post("/decide", Map.of("bandit", "counted", "context", List.of(0.5, 0.5),
                    "user", "dave")).getBody().path("learning").asBoolean()));
        }
        long learned = 0;
        for (var f : learning) {
            learned += f.get() ? 1 : 0;
        }
        pool.shutdown();
        assertThat(learned).isEqualTo(3);

        // Past the epoch's slots a new user is served, not learning, and keeps all k rounds.
        for (int i = 0; i < slots; i++) {
            post("/decide", Map.of("bandit", "counted", "context", List.of(0.1, 0.1), "user", "filler-" + i));
        }
        var late = post("/decide", Map.of("bandit", "counted", "context", List.of(0.1, 0.1), "user", "erin"));
        assertThat(late.getBody().path("learning").asBoolean()).isFalse();
        assertThat(jdbc.queryForObject("SELECT coalesce(sum(rounds), 0) FROM user_contribution "
                + "WHERE bandit_id = 'counted'", Long.class)).as("one round per learning slot, none for the rest")
                .isEqualTo((long) slots);

        // A user id over 256 characters is a 400 that stores nothing.
        long before = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'counted'", Long.class);
        io.dpbandit.testing.ApiClient.assertProblem(post("/decide", Map.of("bandit", "counted", "context", List.of(0.1, 0.1),
                "user", "u".repeat(257))), HttpStatus.BAD_REQUEST, "validation");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'counted'", Long.class))
                .isEqualTo(before);
    }

    /** How many users have taken 1, 2, … learning rounds of a bandit. */
    Map<Integer, Long> rounds(String bandit) {
        Map<Integer, Long> out = new java.util.TreeMap<>();
        jdbc.query("SELECT rounds, count(*) AS n FROM user_contribution WHERE bandit_id = ? GROUP BY rounds",
                rs -> {
                    out.put(rs.getInt(1), rs.getLong(2));
                }, bandit);
        return out;
    }

    @Test
    void aWholeRunUnderTheAccountantSpendsItsBudgetAndNeverMore() {
        // Every releasing epoch of a horizon of 100, by returning users (k = 3), to the end.
        post("/bandits", userSpec("whole-run", 100, privacy("unit", "USER", "maxRoundsPerUser", 3)));
        double rhoTotal = ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5));
        // Before its first charge the bandit's budget is already counted by its own accountant.
        for (String read : List.of("/bandits/whole-run", "/release?bandit=whole-run")) {
            JsonNode before = http.getForObject(read, JsonNode.class).path("budget");
            assertThat(before.path("accountant").asText()).as(read).isEqualTo("EXACT");
            assertThat(before.path("rhoSpent").asDouble(-1)).as(read).isZero();
            assertThat(before.path("rhoTotal").asDouble()).as(read).isCloseTo(rhoTotal, within(1e-12 * rhoTotal));
            assertThat(before.path("epsilonSpent").asDouble(-1)).as(read).isZero();
        }
        int user = 0;
        for (int guard = 0; guard < 20; guard++) {
            JsonNode status = http.getForObject("/bandits/whole-run", JsonNode.class);
            if (status.path("rounds").asLong() >= 100 || !"EXPLORE".equals(status.path("phase").asText())) {
                break;
            }
            boolean learning = true;
            while (learning) {
                var d = post("/decide", Map.of("bandit", "whole-run", "context", List.of(0.8, 0.1),
                        "user", "u" + (user++ / 3)));
                learning = d.getBody().path("learning").asBoolean();
                if (learning) {
                    post("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 0.7));
                }
            }
            io.dpbandit.testing.FeedbackWindows.pass(jdbc, "whole-run");
            lifecycle.settle("whole-run");
        }
        JsonNode ledger = http.getForObject("/bandits/whole-run/ledger", JsonNode.class);
        int releases = io.dpbandit.policy.capri.EpochSchedule.forHorizon(100).releasingEpochs();
        assertThat(ledger).hasSize(releases);
        double rho = 0;
        double epsilon = 0;
        for (JsonNode entry : ledger) {
            rho += entry.path("rho").asDouble();
            epsilon += entry.path("epsilon").asDouble();
        }
        // All of it, and not a hair more: rho within the budget, the entries' epsilons adding up
        // to what the spent rho is worth, which is the budget's epsilon. Every release is at the whole
        // mu (a user's k rounds across epochs cost one release, Gaussian DP), so the first release
        // carries it all and the later entries are zero.
        assertThat(ledger.get(0).path("rho").asDouble()).isCloseTo(rhoTotal, within(1e-9 * rhoTotal));
        for (int i = 1; i < ledger.size(); i++) {
            assertThat(ledger.get(i).path("rho").asDouble()).isZero();
        }
        assertThat(rho).isLessThanOrEqualTo(rhoTotal).isCloseTo(rhoTotal, within(1e-9 * rhoTotal));
        assertThat(epsilon).isLessThanOrEqualTo(1.0 + 1e-12).isCloseTo(1.0, within(1e-6));
        assertThat(http.getForObject("/bandits/whole-run/privacy", JsonNode.class).path("charges")).isEqualTo(ledger);
        JsonNode budget = http.getForObject("/bandits/whole-run", JsonNode.class).path("budget");
        assertThat(budget.path("epsilonSpent").asDouble()).isLessThanOrEqualTo(1.0).isCloseTo(1.0, within(1e-6));
        assertThat(jdbc.queryForObject("SELECT max(rounds) FROM user_contribution WHERE bandit_id = 'whole-run'",
                Integer.class)).isEqualTo(3);
    }

    @Test
    void badUserLevelSpecsAre400sThatNameTheField() {
        assertField(post("/bandits", userSpec("bad-unit", 100, privacy("unit", "HOUSEHOLD"))), "privacy.unit");
        assertField(post("/bandits", userSpec("bad-k", 100, privacy("unit", "USER", "maxRoundsPerUser", 0))),
                "privacy.maxRoundsPerUser");
        assertField(post("/bandits", userSpec("huge-k", 100, privacy("unit", "USER", "maxRoundsPerUser", 1_000_000))),
                "privacy.maxRoundsPerUser");
        assertField(post("/bandits", userSpec("k-on-round", 100, privacy("maxRoundsPerUser", 3))),
                "privacy.maxRoundsPerUser");
        assertField(post("/bandits", userSpec("bad-accountant", 100, privacy("accountant", "RENYI"))),
                "privacy.accountant");
        assertField(post("/bandits", userSpec("no-budget", 100, privacy("budget", "nobody-made-it"))),
                "privacy.budget");
        for (String id : List.of("bad-unit", "bad-k", "huge-k", "k-on-round", "bad-accountant", "no-budget")) {
            assertThat(http.getForEntity("/bandits/" + id, JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        }
    }

    @Test
    void aUsersKRoundsAreCalibratedAsAGroupUnderJdp() {
        // The forecast of epoch 1 is computed with the same public seed for both: the noise per unit
        // of contribution bound is k times the round-level one (group sensitivity 2kC_r, each release
        // at the same rho).
        JsonNode round = forecast(capri("group-1", 5000, 600));
        JsonNode user = forecast(userSpec("group-3", 5000, privacy("unit", "USER", "maxRoundsPerUser", 3)));
        double perBoundRound = round.path("noiseSigma").asDouble() / round.path("contributionBound").asDouble();
        double perBoundUser = user.path("noiseSigma").asDouble() / user.path("contributionBound").asDouble();
        assertThat(perBoundUser).isCloseTo(3 * perBoundRound, within(1e-9 * perBoundUser));
    }

    @Test
    void aSecondBanditThatWouldOverspendASharedBudgetIsRefusedAndNothingIsStored() {
        var budget = post("/budgets", Map.of("id", "households", "epsilon", 1.2, "delta", 1e-5));
        assertThat(budget.getStatusCode()).as("%s", budget.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(post("/budgets", Map.of("id", "households", "epsilon", 1.2, "delta", 1e-5)).getStatusCode())
                .as("the same figures again are a safe retry").isEqualTo(HttpStatus.OK);
        ApiClient.assertProblem(post("/budgets", Map.of("id", "households", "epsilon", 3.0, "delta", 1e-5)),
                HttpStatus.CONFLICT, "conflict");

        // Each bandit commits the whole of its own (1, 1e-5) at worst, as mu^2 (Gaussian DP, the
        // budget's default filter); the budget holds between one and two of them: two compose to
        // (1.47, 1e-5).
        double muEach = ZcdpAccounting.mu(1.0, 1e-5);
        double muBudget = ZcdpAccounting.mu(1.2, 1e-5);
        assertThat(muBudget * muBudget).isGreaterThan(muEach * muEach).isLessThan(2 * muEach * muEach);
        var first = post("/bandits", userSpec("shop-home", 1000, privacy("unit", "USER", "maxRoundsPerUser", 2,
                "budget", "households")));
        assertThat(first.getStatusCode()).as("%s", first.getBody()).isEqualTo(HttpStatus.CREATED);
        var second = post("/bandits", userSpec("shop-search", 1000, privacy("unit", "USER", "maxRoundsPerUser", 2,
                "budget", "households")));
        ApiClient.assertProblem(second, HttpStatus.CONFLICT, "conflict");
        assertThat(second.getBody().path("detail").asText()).contains("households").contains("nothing was created");
        assertThat(http.getForEntity("/bandits/shop-search", JsonNode.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id = 'shop-search'", Long.class))
                .isZero();

        // A smaller second bandit fits.
        var small = post("/bandits", userSpec("shop-small", 1000, privacy("epsilon", 0.3, "unit", "USER",
                "maxRoundsPerUser", 2, "budget", "households")));
        assertThat(small.getStatusCode()).as("%s", small.getBody()).isEqualTo(HttpStatus.CREATED);
        JsonNode figures = http.getForObject("/budgets/households", JsonNode.class);
        assertThat(figures.path("bandits").asInt()).isEqualTo(2);
        assertThat(figures.path("accountant").asText()).isEqualTo("GDP");
        double muSmall = ZcdpAccounting.mu(0.3, 1e-5);
        assertThat(figures.path("committed").asDouble())
                .isCloseTo(muEach * muEach + muSmall * muSmall, within(1e-12))
                .isLessThanOrEqualTo(figures.path("total").asDouble());
        assertThat(figures.path("spent").asDouble()).isZero();

        // Analysts read budgets; only an admin makes them.
        HttpHeaders analyst = new HttpHeaders();
        analyst.set("X-API-Key", "test-analyst-key");
        assertThat(http.exchange("/budgets", HttpMethod.GET, new HttpEntity<>(analyst), JsonNode.class)
                .getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(http.exchange("/budgets", HttpMethod.POST, new HttpEntity<>(Map.of("id", "mine", "epsilon", 1.0,
                "delta", 1e-6), analyst), JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(http.getForEntity("/budgets/nobody", JsonNode.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    JsonNode forecast(Map<String, Object> spec) {
        HttpHeaders h = new HttpHeaders();
        h.set("X-API-Key", "test-analyst-key");
        var r = http.exchange("/bandits/plan?gap=0.2", HttpMethod.POST, new HttpEntity<>(spec, h), JsonNode.class);
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.OK);
        return r.getBody().path("capri").path("epochs").get(0);
    }

    long decisions(String bandit) {
        return jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ?", Long.class, bandit);
    }

    static void assertField(ResponseEntity<JsonNode> r, String field) {
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(r.getBody().toString()).contains(field);
    }
}
