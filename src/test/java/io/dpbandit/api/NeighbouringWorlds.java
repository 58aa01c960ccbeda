package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.runtime.PublicRandomness;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What an analyst reads does not depend on one user's feedback, except through charged, calibrated
 * noise: the attacker's view of the privacy promise, through the HTTP API. The experiment, which
 * {@link NeighbouringWorldsTest} (the lifecycle driven by {@code settle}) and
 * {@link NeighbouringWorldsWorkerTest} (the real worker loop on its public grid) run:
 *
 * <p>For each family (every algorithm and privacy model, the locally private ones with their devices'
 * randomisers, bandits on a shared budget, user-level bandits whose users come back), three bandits
 * with the same spec receive the same decisions (same contexts, same order, interleaved) and the same
 * feedback from every user but one. That user, in world EARLY, answers at once (a reward of 1, or a
 * device's report of it); in world NONE never answers; in world LATE answers after the window has
 * passed. Under privacy.unit USER the user is one who decides twice, and all of their rounds differ.
 * The three worlds are neighbours (one user's feedback presence, timing and value differ). At each
 * moment (all feedback but the late one in; the windows of the user's rounds and those before passed;
 * every window passed; the late answer in) an analyst key reads every analyst endpoint of each bandit,
 * and every value must be equal across the worlds, except:
 * <ul>
 *   <li>the released model's numbers, which carry the calibrated noise the ledger charged for or the
 *       devices' noise ({@link #NOISY}, per field, and the recommendations' actions, which the noisy
 *       model picks);</li>
 *   <li>times that follow a request rather than the lifecycle (a bandit's creation, an admin's
 *       retirement): public facts the analyst could time themselves;</li>
 *   <li>with {@code settle}, every lifecycle time (the tests' clock); on the worker's grid none: seal,
 *       close, plan and ledger times must be equal (and grid instants).</li>
 * </ul>
 * Before the data-independent schedule this failed on nine fields (feedback counts, folded rounds,
 * observations, seal and close times, an epoch's progress); before the stand-ins for missing reports
 * on the locally private models' report counts (ONLINEUCB's {@code reports}, GP-UCB's and its shift).
 */
abstract class NeighbouringWorlds extends PostgresIntegrationTest {

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

        /** A rollout's public coin: one stream per bandit, seeded by its family, so every world draws alike. */
        @Bean
        @Primary
        io.dpbandit.evaluation.RolloutCoin alikeCoins() {
            Map<String, java.util.Random> streams = new java.util.concurrent.ConcurrentHashMap<>();
            return new io.dpbandit.evaluation.RolloutCoin() {
                @Override
                public boolean banditServes(String banditId, double share) {
                    java.util.Random r = streams.computeIfAbsent(banditId, id -> new java.util.Random(
                            id.replaceAll("-(early|none|late)$", "").hashCode()));
                    synchronized (r) {
                        return r.nextDouble() < share;
                    }
                }
            };
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final String ANALYST = "test-analyst-key";
    static final String OPS = "test-ops-key";
    static final List<String> WORLDS = List.of("early", "none", "late");

    /**
     * Fields that hold (or are computed from) a released model's noisy numbers, by name wherever
     * they appear: the model's estimate and factor (LINUCB, GPUCB: theta, choleskyOfV, beta,
     * radius; ONLINEUCB: center, gramInverse; CAPRI: coefficients, width and the recommendations the
     * active sets give).
     */
    static final Set<String> NOISY = Set.of("theta", "choleskyOfV", "beta", "radius", "coefficients", "width",
            "noiseWidth", "meanActiveSetSize", "activeSetSizes", "estimator", "noise", "center", "gramInverse");

    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;

    /**
     * A bandit family. {@code perUser}: privacy.unit USER, and user u decides rounds 2u and 2u + 1;
     * {@code retired}: retired after the first windows pass, in the middle of its first epoch.
     */
    record Family(String name, Map<String, Object> spec, int rounds, List<Double> context, boolean perUser,
            boolean retired) {

        Family(String name, Map<String, Object> spec, int rounds, List<Double> context) {
            this(name, spec, rounds, context, false, false);
        }

        /** Whether round t is the user's whose feedback differs: round 1, or user 1's two rounds. */
        boolean target(int t) {
            return perUser ? t / 2 == 1 : t == 1;
        }

        /** The last of the target user's rounds. */
        int lastTarget() {
            return perUser ? 3 : 1;
        }

        boolean local() {
            return spec.toString().contains("LDP") || spec.get("algorithm").equals("ONLINEUCB");
        }

        /** The spec of world {@code w}: its id, and its world's shared budget where it names one. */
        Map<String, Object> spec(String w) {
            Map<String, Object> s = new LinkedHashMap<>(spec);
            s.put("id", name + "-" + w);
            if (s.get("privacy") instanceof Map<?, ?> p && "<world>".equals(p.get("budget"))) {
                Map<String, Object> privacy = new LinkedHashMap<>();
                p.forEach((k, v) -> privacy.put((String) k, v));
                privacy.put("budget", "budget-" + w);
                s.put("privacy", privacy);
            }
            return s;
        }

        /** Whether it is launched next to a baseline (its decisions name one; its evaluation is read too). */
        boolean rollout() {
            return spec.containsKey("rollout");
        }

        /** The shared budget its worlds name, if any. */
        boolean shared() {
            return spec.get("privacy") instanceof Map<?, ?> p && p.containsKey("budget");
        }
    }

    static List<Family> families() {
        // LINUCB on a tree of one leaf of 4 rounds: when only the first windows have passed, the leaf is
        // not whole and nothing folds, whether or not the user answered.
        Map<String, Object> lin = Specs.linear("x", "LINUCB", 4, 600);
        lin.put("tuning", Map.of("leafRounds", 4));
        Map<String, Object> usca = new HashMap<>(Specs.usca("x", 4, 0.5, 1.0));
        usca.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.0));
        // LINUCB with epoch releases (disjoint blocks): its first epoch is the first round, then 3.
        Map<String, Object> epochs = Specs.linear("x", "LINUCB", 4, 600);
        epochs.put("actions", List.of(Map.of("id", "a1"), Map.of("id", "a2"), Map.of("id", "a3")));
        epochs.put("linear", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS"));
        // CAPRI protecting users of up to 2 rounds each; every user comes back once (T_1 = 6; a user-level
        // family has a third user, after the target, whose windows pass last).
        Map<String, Object> users = new HashMap<>(Specs.capri("x", 36, 600));
        users.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 2));
        // Locally private: CAPRI (T_1 = 4), GP-UCB, ONLINEUCB by round and by user.
        Map<String, Object> capriLdp = new HashMap<>(Specs.capriLdp("x"));
        capriLdp.put("horizon", 16);
        Map<String, Object> onlineUsers = Specs.linear("x", "ONLINEUCB", 6, 600);
        onlineUsers.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5, "unit", "USER", "maxRoundsPerUser", 2));
        // Two user-level bandits on one shared budget per world (POST /budgets, then privacy.budget).
        Map<String, Object> sharedCapri = new HashMap<>(Specs.capri("x", 36, 600));
        sharedCapri.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 2, "budget", "<world>"));
        Map<String, Object> sharedLin = Specs.linear("x", "LINUCB", 6, 600);
        sharedLin.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 2, "budget", "<world>"));
        sharedLin.put("tuning", Map.of("leafRounds", 2));
        // LINUCB with epoch releases launched next to a baseline: a public coin serves each decision by the
        // bandit or the baseline, and an evaluation release covers every window of two decisions.
        Map<String, Object> rollout = new HashMap<>(epochs);
        rollout.put("rollout", Map.of("share", 0.5, "promotion", "MANUAL", "window", 2, "looks", 2,
                "rewardRange", List.of(0.0, 1.0)));
        return List.of(
                new Family("capri", Specs.capri("x", 16, 600), 4, List.of(0.2, 0.4)),
                new Family("rollout", rollout, 4, List.of(0.3, 0.7)),
                new Family("capri-ldp", capriLdp, 4, List.of(0.2, 0.4)),
                new Family("epochs", epochs, 4, List.of(0.3, 0.7)),
                new Family("users", users, 6, List.of(0.2, 0.4), true, false),
                new Family("usca", usca, 4, List.of(0.2, 0.4)),
                new Family("lin", lin, 4, List.of(0.3, 0.7)),
                new Family("gp", Specs.gp("x", "JDP", 4), 4, List.of(0.4)),
                new Family("gp-ldp", Specs.gp("x", "LDP", 4), 4, List.of(0.4)),
                new Family("online", Specs.linear("x", "ONLINEUCB", 4, 600), 4, List.of(0.3, 0.7)),
                new Family("online-users", onlineUsers, 6, List.of(0.3, 0.7), true, false),
                new Family("shared-capri", sharedCapri, 6, List.of(0.2, 0.4), true, false),
                new Family("shared-lin", sharedLin, 6, List.of(0.3, 0.7), true, false),
                // Retired in the middle of its first epoch (T_1 = 10): the epoch is abandoned.
                new Family("retired", Specs.capri("x", 100, 600), 4, List.of(0.2, 0.4), false, true));
    }

    static String id(Family f, String world) {
        return f.name() + "-" + world;
    }

    /** Decision ids by bandit, in round order. */
    final Map<String, List<String>> decisions = new HashMap<>();

    // ---- the experiment's steps ----

    /** Each world's shared budget (room for the two bandits that name it). */
    void createBudgets() {
        for (String w : WORLDS) {
            assertThat(http.postForEntity("/budgets", Map.of("id", "budget-" + w, "epsilon", 3.0, "delta", 1e-5),
                    JsonNode.class).getStatusCode().value()).isEqualTo(201);
        }
    }

    void create(Family f) {
        for (String w : WORLDS) {
            var created = http.postForEntity("/bandits", f.spec(w), JsonNode.class);
            assertThat(created.getStatusCode().value()).as("%s: %s", id(f, w), created.getBody()).isEqualTo(201);
        }
    }

    /**
     * Every round of every family, interleaved across the worlds: the decision, and its feedback from
     * every user but the target, whose feedback only world EARLY sends now. A locally private
     * family's users send their device's report (the same device noise in every world).
     */
    void decideAndAnswer(List<Family> families) {
        for (Family f : families) {
            for (int t = 0; t < f.rounds(); t++) {
                for (String w : WORLDS) {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("bandit", id(f, w));
                    body.put("context", f.context());
                    if (f.perUser()) {
                        body.put("user", "u" + t / 2);
                    }
                    if (f.rollout()) {
                        body.put("baseline", "a1");
                    }
                    JsonNode d = http.postForObject("/decide", body, JsonNode.class);
                    if (f.rollout()) {
                        // Only the bandit's decisions may learn; the coin's draws are alike in every world.
                        assertThat(!d.path("learning").asBoolean() || d.path("servedBy").asText().equals("BANDIT"))
                                .as("%s round %d: %s", id(f, w), t, d).isTrue();
                    } else {
                        assertThat(d.path("learning").asBoolean()).as("%s round %d: %s", id(f, w), t, d).isTrue();
                    }
                    decisions.computeIfAbsent(id(f, w), k -> new ArrayList<>()).add(d.path("decisionId").asText());
                    if (!f.target(t)) {
                        answer(f, t, d, t % 3 == 0 ? 0.8 : 0.1, "ACCEPTED");
                    } else if (w.equals("early")) {
                        answer(f, t, d, 1.0, "ACCEPTED");
                    }
                    if (f.target(t)) {
                        targets.computeIfAbsent(id(f, w), k -> new ArrayList<>()).add(d);
                    }
                }
            }
        }
    }

    /** The target user's decisions by bandit (the answers world LATE sends after the windows). */
    final Map<String, List<JsonNode>> targets = new HashMap<>();

    /** World LATE's target user answers now, after the windows: LATE (a retired bandit refuses it). */
    void answerLate(List<Family> families) {
        for (Family f : families) {
            for (JsonNode d : targets.get(id(f, "late"))) {
                int t = decisions.get(id(f, "late")).indexOf(d.path("decisionId").asText());
                answer(f, t, d, 1.0, f.retired() ? null : "LATE");
            }
        }
    }

    /** Round t's answer: the reward, or under LDP the device's report of it. {@code expected} null: refused. */
    void answer(Family f, int t, JsonNode decision, double reward, String expected) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("decisionId", decision.path("decisionId").asText());
        if (f.local()) {
            body.put("report", report(f, t, decision, reward));
        } else {
            body.put("reward", reward);
        }
        var answer = http.postForEntity("/feedback", body, JsonNode.class);
        if (expected == null) {
            assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(409);
        } else {
            assertThat(answer.getBody().path("status").asText()).as("%s round %d: %s", f.name(), t,
                    answer.getBody()).isEqualTo(expected);
        }
    }

    /**
     * The user's device: io.dpbandit.client's randomiser for the decision's inputs, under the
     * device's own floor, with noise seeded by the family and the round (so every world's user t
     * sends the same report for the same reward).
     */
    Object report(Family f, int t, JsonNode decision, double reward) {
        JsonNode in = decision.path("randomiser");
        SeededNoiseSource device = new SeededNoiseSource(31L * f.name().hashCode() + t);
        PrivacyFloor floor = PrivacyFloor.of(1.0, 1e-5);
        try {
            if (in.has("plan")) {
                CapriRandomiserPlan plan = JSON.treeToValue(http.getForObject(in.path("plan").asText(),
                        JsonNode.class), CapriRandomiserPlan.class);
                double[] context = f.context().stream().mapToDouble(Double::doubleValue).toArray();
                double[] action = JSON.treeToValue(in.path("actionFeatures"), double[].class);
                return new CapriRandomiser(plan, floor).randomise(context, action, reward, device);
            }
            double[] features = JSON.treeToValue(in.path("features"), double[].class);
            if (in.has("ticket")) {
                return new OnlineUcbRandomiser(JSON.treeToValue(in.path("parameters"), OnlineUcbParameters.class),
                        floor).randomise(features, JSON.treeToValue(in.path("ticket"), OnlineUcbTicket.class), reward,
                        device);
            }
            return new GpUcbRandomiser(JSON.treeToValue(in.path("parameters"), GpUcbParameters.class), floor)
                    .randomise(features, reward, device);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The decision ids of rounds {@code which} of every family's worlds. */
    List<String> rounds(List<Family> families, IntPredicate which) {
        List<String> ids = new ArrayList<>();
        for (Family f : families) {
            for (String w : WORLDS) {
                List<String> all = decisions.get(id(f, w));
                for (int t = 0; t < all.size(); t++) {
                    if (which.test(t)) {
                        ids.add(all.get(t));
                    }
                }
            }
        }
        return ids;
    }

    /** Retires the retired families' bandits (an admin's act). */
    void retire(List<Family> families) {
        for (Family f : families) {
            if (f.retired()) {
                for (String w : WORLDS) {
                    assertThat(http.postForObject("/bandits/" + id(f, w) + "/retire", "", JsonNode.class)
                            .path("serving").asText()).isEqualTo("RETIRED");
                }
            }
        }
    }

    /** What derived data of the retired families' abandoned epochs the database still holds (none). */
    void abandonedEpochsKeepNoPartialSum(List<Family> families) {
        for (Family f : families) {
            if (f.retired()) {
                for (String w : WORLDS) {
                    JsonNode epoch = read("/bandits/" + id(f, w) + "/epochs").get(0);
                    assertThat(epoch.path("status").asText()).as(id(f, w)).isEqualTo("ABANDONED");
                    assertThat(jdbc.queryForObject("SELECT count(*) FROM fold_shard WHERE bandit_id = ?", Long.class,
                            id(f, w))).as("%s: fold shards' partial sums", id(f, w)).isZero();
                    assertThat(jdbc.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id = ? AND accumulator "
                            + "IS NOT NULL", Long.class, id(f, w))).as("%s: accumulator", id(f, w)).isZero();
                }
            }
        }
    }

    // ---- what an analyst reads ----

    JsonNode read(String path) {
        return read(path, ANALYST);
    }

    JsonNode read(String path, String key) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("X-API-Key", key);
        var r = http.exchange(path, HttpMethod.GET, new HttpEntity<>(headers), String.class);
        assertThat(r.getStatusCode().is2xxSuccessful()).as("%s -> %s", path, r.getStatusCode()).isTrue();
        try {
            return JSON.readTree(r.getBody());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return new TextNode(r.getBody());
        }
    }

    /** The planner's forecast once computed (it reads only the spec; computing is background work). */
    JsonNode forecast(String bandit) {
        JsonNode plan = read("/bandits/" + bandit + "/plan");
        for (int i = 0; i < 300 && plan.path("status").asText().equals("COMPUTING"); i++) {
            pause(100);
            plan = read("/bandits/" + bandit + "/plan");
        }
        return plan;
    }

    /** Everything an analyst may GET about a bandit (and the shared budget it names); {@code list}: GET /bandits. */
    Map<String, JsonNode> analystView(Family f, String world, JsonNode list) {
        String bandit = id(f, world);
        Map<String, JsonNode> view = new LinkedHashMap<>();
        view.put("status", read("/bandits/" + bandit));
        for (JsonNode b : list) {
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
        if (f.shared()) {
            view.put("budget", read("/budgets/budget-" + world));
        }
        if (f.rollout()) {
            view.put("evaluation", read("/bandits/" + bandit + "/evaluation"));
        }
        return view;
    }

    /**
     * Every analyst view of every family, world against world (the noisy numbers and the times the
     * mode leaves out taken out); returns the views, world by world, as compared.
     */
    Map<String, Map<String, JsonNode>> compare(List<Family> families, String moment, boolean exactTimes) {
        Map<String, Map<String, JsonNode>> all = new LinkedHashMap<>();
        JsonNode list = read("/bandits?limit=1000");
        for (Family f : families) {
            Map<String, JsonNode> reference = null;
            for (String w : WORLDS) {
                Map<String, JsonNode> view = new LinkedHashMap<>();
                analystView(f, w, list).forEach((k, v) -> view.put(k, noiseFree(k.equals("recommendations")
                        ? recommendationsNoisy(v) : k.equals("evaluation") ? evaluationNoisy(v) : v, id(f, w), w,
                        exactTimes)));
                all.put(id(f, w), view);
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
        return all;
    }

    /**
     * An evaluation's noisy numbers: each window's noisy sums, the estimates computed from them and the
     * intervals a promotion event read (the counts, the looks and when they came due stay).
     */
    static JsonNode evaluationNoisy(JsonNode v) {
        ObjectNode copy = v.deepCopy();
        for (JsonNode r : copy.path("releases")) {
            for (String estimate : List.of("bandit", "baseline", "lift", "windowLift")) {
                ((ObjectNode) r).put(estimate, "<noisy: " + shape(r.path(estimate)) + ">");
            }
            for (String sum : List.of("banditSum", "baselineSum")) {
                ((ObjectNode) r.path("window")).put(sum, "<noisy>");
            }
        }
        for (JsonNode e : copy.path("promotion").path("history")) {
            for (String bound : List.of("liftLow", "liftHigh")) {
                ((ObjectNode) e).put(bound, e.path(bound).isNull() ? "<none>" : "<noisy>");
            }
        }
        return copy;
    }

    /** The recommendations are the noisy model's best actions per pool context: post-processing of it. */
    static JsonNode recommendationsNoisy(JsonNode v) {
        ObjectNode copy = v.deepCopy();
        copy.put("actions", "<noisy: " + shape(v.path("actions")) + ">");
        return copy;
    }

    /**
     * The value with the bandit's id (and its world's budget), noisy numbers and ledger ids taken out,
     * and times: with {@code exactTimes} only those a request dates (a bandit's creation: its first
     * epoch's openedAt and its creation charge; an admin's act: servingSince), otherwise all of them.
     */
    static JsonNode noiseFree(JsonNode node, String bandit, String world, boolean exactTimes) {
        if (node.isTextual()) {
            return new TextNode(node.asText().replace(bandit, "<bandit>").replace("budget-" + world, "<budget>"));
        }
        if (node.isArray()) {
            ArrayNode out = JSON.createArrayNode();
            node.forEach(e -> out.add(noiseFree(e, bandit, world, exactTimes)));
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
            } else if (name.equals("plannedSeconds")) {
                out.put(name, value.isNull() ? "<none>" : "<time>");
            } else if (name.endsWith("At") || name.endsWith("Since")) {
                if (value.isNull() || value.isMissingNode()) {
                    out.put(name, "<none>");
                } else if (!exactTimes) {
                    out.put(name, "<time>");
                } else if (requestTime(node, name)) {
                    out.put(name, "<request time>");
                } else {
                    out.set(name, value);
                }
            } else if (name.equals("id") && value.isNumber()) {
                out.put(name, "<ledger id>");
            } else {
                out.set(name, noiseFree(value, bandit, world, exactTimes));
            }
        }
        return out;
    }

    /**
     * Whether a time is dated by a request rather than by the lifecycle alone: the first epoch's opening
     * (the bandit's creation) and its plan (the first grid instant the worker saw the new bandit at: the
     * worlds' bandits are created milliseconds apart, which the grid may tell apart), a charge without an
     * epoch (made at creation), a change of serving (an admin's).
     */
    static boolean requestTime(JsonNode owner, String field) {
        return field.equals("servingSince")
                || (field.equals("openedAt") || field.equals("plannedAt")) && owner.path("number").asInt() == 1
                || field.equals("createdAt") && (owner.path("epoch").isNull() || owner.path("epoch").isMissingNode())
                || field.equals("createdAt") && owner.has("epsilonTotal");
    }

    /** A noisy value's shape (null, a number, an array of n): that much is public. */
    static String shape(JsonNode v) {
        return v.isArray() ? "array of " + v.size() : v.isNull() ? "null" : v.getNodeType().toString();
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
