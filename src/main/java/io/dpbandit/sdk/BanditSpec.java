package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.kernel.KernelSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A bandit as POST /bandits (and POST /bandits/plan) takes it. Every field but {@code id},
 * {@code algorithm}, {@code privacy}, {@code horizon}, {@code contextDimension} and {@code actions}
 * is optional: null means the service's documented default, and null fields are not sent. Build
 * one with {@link #builder(String, Algorithm)}, or read one from JSON with
 * {@link DpbanditClient#readSpec(String)}.
 *
 * @param id               [A-Za-z0-9][A-Za-z0-9._-]{0,63}
 * @param privacy          privacy model and budget
 * @param horizon          T, the rounds the bandit learns over
 * @param rewardBound      B: rewards are clipped to [−B, B]
 * @param kernel           kernel on w = context ++ action features (CAPRI, USCA; GPUCB: RBF)
 * @param regularization   τ (CAPRI, USCA)
 * @param contextDimension the length of every context
 * @param actions          the action catalogue
 * @param contextPool      the public context pool (CAPRI, USCA): never user data
 * @param feedback         how long a decision waits for its reward, and the reward it counts with otherwise
 * @param tuning           engineering options
 * @param linear           the linear bandits' options (LINUCB and ONLINEUCB)
 * @param profile          LEARN (the default) or PAPER: what the options left out default to
 * @param choices          read only: what the service chose for the options left out, and why (in a
 *                         spec read back from the service)
 * @param options          an algorithm's own options section, by key, as JSON (for example {@code gpucb}):
 *                         set one with {@link Builder#options(SpecOptions)}, read it with
 *                         {@link #options(Class)}; each algorithm's record is in its own package
 *                         ({@code io.dpbandit.sdk.gpucb.GpUcbOptions})
 */
public record BanditSpec(String id, Algorithm algorithm, Privacy privacy, Integer horizon, Double rewardBound,
        KernelSpec kernel, Double regularization, Integer contextDimension, List<Action> actions,
        List<double[]> contextPool, Feedback feedback, Tuning tuning, Linear linear, Profile profile,
        List<DefaultChoice> choices, @JsonAnySetter @JsonIgnore Map<String, JsonNode> options) {

    private static final ObjectMapper JSON = SdkJson.mapper();

    public BanditSpec {
        actions = actions == null ? null : List.copyOf(actions);
        contextPool = contextPool == null ? null : contextPool.stream().map(double[]::clone).toList();
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** Each options section under its key, as the API takes it. */
    @JsonAnyGetter
    Map<String, JsonNode> optionsByKey() {
        return options;
    }

    /**
     * The spec's options section of {@code type} (its key is the record's {@link JsonTypeName}), if set.
     *
     * @throws IllegalArgumentException if {@code type} declares no key, or the section does not read as it
     */
    public <O extends SpecOptions> Optional<O> options(Class<O> type) {
        String key = SpecOptions.key(type);
        JsonNode section = options.get(key);
        if (section == null || section.isNull()) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.treeToValue(section, type));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the '" + key + "' section does not read as " + type.getSimpleName()
                    + ": " + e.getOriginalMessage(), e);
        }
    }

    /** A spec to fill in: id and algorithm now, the rest with the builder's methods. */
    public static Builder builder(String id, Algorithm algorithm) {
        return new Builder(id, algorithm);
    }

    /** The same spec under another id. */
    public BanditSpec withId(String newId) {
        return new BanditSpec(newId, algorithm, privacy, horizon, rewardBound, kernel, regularization,
                contextDimension, actions, contextPool, feedback, tuning, linear, profile, choices, options);
    }

    @Override
    public List<double[]> contextPool() {
        return contextPool == null ? null : contextPool.stream().map(double[]::clone).toList();
    }

    @Override
    public String toString() {
        return "BanditSpec[id=" + id + ", algorithm=" + algorithm + ", privacy=" + privacy + ", horizon=" + horizon
                + ", actions=" + (actions == null ? 0 : actions.size()) + "]";
    }

    /** An action: its id and feature vector (none for a linear bandit with featureMap PER_ACTION). */
    public record Action(String id, double[] features) {

        public Action {
            features = features == null ? null : features.clone();
        }

        public static Action of(String id, double... features) {
            return new Action(id, features);
        }

        @Override
        public double[] features() {
            return features == null ? null : features.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Action a && java.util.Objects.equals(a.id, id) && Arrays.equals(a.features, features);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(id) + Arrays.hashCode(features);
        }

        @Override
        public String toString() {
            return "Action[" + id + ", " + Arrays.toString(features) + "]";
        }
    }

    /**
     * The privacy section.
     *
     * @param model            JDP or LDP (default JDP; ONLINEUCB: LDP)
     * @param epsilon          CAPRI, LINUCB, ONLINEUCB, GPUCB: the run's ε; USCA: ε per released context
     * @param delta            δ in (0, 1); USCA: 0 or absent (it is pure ε-DP)
     * @param totalEpsilon     USCA only: the ε all releases together may spend
     * @param composition      CAPRI only: how its epochs' releases compose
     * @param unit             whom the guarantee protects: each ROUND (default) or each USER
     * @param maxRoundsPerUser USER only: the most learning rounds one user contributes
     * @param budget           the id of a shared budget (POST /budgets) the charges also count against
     * @param accountant       BASIC, ZCDP or EXACT (default EXACT unless the tuning is PAPER)
     */
    public record Privacy(PrivacyModel model, Double epsilon, Double delta, Double totalEpsilon,
            Composition composition, Unit unit, Integer maxRoundsPerUser, String budget, Accountant accountant) {

        /** Joint DP at (ε, δ). */
        public static Privacy jdp(double epsilon, double delta) {
            return new Privacy(PrivacyModel.JDP, epsilon, delta, null, null, null, null, null, null);
        }

        /** Local DP at (ε, δ) (CAPRI, ONLINEUCB, GPUCB). */
        public static Privacy ldp(double epsilon, double delta) {
            return new Privacy(PrivacyModel.LDP, epsilon, delta, null, null, null, null, null, null);
        }

        /** USCA: pure ε-DP, {@code epsilon} per released context and {@code totalEpsilon} in all. */
        public static Privacy pure(double epsilon, double totalEpsilon) {
            return new Privacy(PrivacyModel.JDP, epsilon, null, totalEpsilon, null, null, null, null, null);
        }

        /** The same, protecting each user's {@code maxRoundsPerUser} learning rounds together. */
        public Privacy perUser(int maxRoundsPerUser) {
            return new Privacy(model, epsilon, delta, totalEpsilon, composition, Unit.USER, maxRoundsPerUser, budget,
                    accountant);
        }

        /** The same, also charged to the shared budget {@code budgetId}. */
        public Privacy sharing(String budgetId) {
            return new Privacy(model, epsilon, delta, totalEpsilon, composition, unit, maxRoundsPerUser, budgetId,
                    accountant);
        }

        public Privacy with(Accountant newAccountant) {
            return new Privacy(model, epsilon, delta, totalEpsilon, composition, unit, maxRoundsPerUser, budget,
                    newAccountant);
        }

        public Privacy with(Composition newComposition) {
            return new Privacy(model, epsilon, delta, totalEpsilon, newComposition, unit, maxRoundsPerUser, budget,
                    accountant);
        }

        /** CAPRI's epoch composition. */
        public enum Composition { SEQUENTIAL, PARALLEL }

        /** The unit of privacy. */
        public enum Unit { ROUND, USER }

        /** How charges compose. */
        public enum Accountant { BASIC, ZCDP, EXACT }
    }

    /**
     * @param waitSeconds   how long a decision waits for its reward (default 600)
     * @param defaultReward the reward a round counts with when none came in time (default 0)
     */
    public record Feedback(Integer waitSeconds, Double defaultReward) {

        public static Feedback of(int waitSeconds, double defaultReward) {
            return new Feedback(waitSeconds, defaultReward);
        }
    }

    /** ENGINEERED (the default: the same privacy, tighter constants) or PAPER (the papers' own). */
    public enum Mode { PAPER, ENGINEERED }

    /**
     * Engineering options (README, "Algorithms and their options"); null fields take the defaults.
     *
     * @param approximationSize USCA's approximating set size
     * @param leafRounds        LINUCB and GPUCB with JDP: learning rounds per tree leaf
     * @param exploit           CAPRI: NONE (default, the paper's uniform decisions over X_r(c)) or
     *                          ARGMAX (post-processing: play the latest release's best action)
     * @param exploitShare      CAPRI with ARGMAX: the share in [0, 1) of a learning epoch's decisions
     *                          that exploit on a public coin (default 0: only after the last release)
     */
    public record Tuning(TuningMode mode, Double confidenceScale, Integer projectionCap, Integer approximationSize,
            Double clippingQuantile, Elimination elimination, StatisticalWidth statisticalWidth,
            Projection projection, TauRule tauRule, Double rewardOffset, Double residualFloor, Integer leafRounds,
            Exploit exploit, Double exploitShare) {

        /** No option set: every default. */
        public static Tuning defaults() {
            return new Tuning(null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        }

        public Tuning withMode(TuningMode m) {
            return new Tuning(m, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, exploit,
                    exploitShare);
        }

        public Tuning withProjectionCap(int cap) {
            return new Tuning(mode, confidenceScale, cap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, exploit,
                    exploitShare);
        }

        public Tuning withApproximationSize(int size) {
            return new Tuning(mode, confidenceScale, projectionCap, size, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, exploit,
                    exploitShare);
        }

        public Tuning withLeafRounds(int rounds) {
            return new Tuning(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, rounds, exploit, exploitShare);
        }

        /** CAPRI's exploitation rule and share (null share: the default). */
        public Tuning withExploit(Exploit rule, Double share) {
            return new Tuning(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, rule, share);
        }

        public enum TuningMode { ENGINEERED, PAPER }

        public enum Elimination { WIDTH, PAIRWISE }

        public enum StatisticalWidth { THEORY, VARIANCE }

        public enum Projection { RANDOM, PLANNED }

        public enum TauRule { FIXED, PLANNED }

        public enum Exploit { NONE, ARGMAX }
    }

    /** LINUCB's and ONLINEUCB's options; null fields take the defaults. */
    public record Linear(FeatureMap featureMap, Mode mode, NodeNoise noise, Learner learner, Regulariser regulariser,
            Double radiusScale, Release release, Double firstEpoch) {

        /** The joint feature map, every other option at its default. */
        public static Linear of(FeatureMap featureMap) {
            return new Linear(featureMap, null, null, null, null, null, null, null);
        }

        public Linear withRelease(Release r) {
            return new Linear(featureMap, mode, noise, learner, regulariser, radiusScale, r, firstEpoch);
        }

        public Linear withLearner(Learner l) {
            return new Linear(featureMap, mode, noise, l, regulariser, radiusScale, release, firstEpoch);
        }

        public enum FeatureMap { OUTER_PRODUCT, ACTION, CONTEXT_BLOCKS, CONCATENATION, PER_ACTION }

        public enum NodeNoise { GAUSSIAN, WISHART, NONE }

        public enum Learner { MALER, OGD }

        public enum Regulariser { SHIFT, FLOOR }

        public enum Release { TREE, EPOCHS }
    }

    /** Fills in a spec field by field. */
    public static final class Builder {
        private final String id;
        private final Algorithm algorithm;
        private Privacy privacy;
        private Integer horizon;
        private Double rewardBound;
        private KernelSpec kernel;
        private Double regularization;
        private Integer contextDimension;
        private final List<Action> actions = new ArrayList<>();
        private List<double[]> contextPool;
        private Feedback feedback;
        private Tuning tuning;
        private Linear linear;
        private Profile profile;
        private final Map<String, JsonNode> options = new LinkedHashMap<>();

        private Builder(String id, Algorithm algorithm) {
            this.id = id;
            this.algorithm = algorithm;
        }

        public Builder privacy(Privacy p) {
            this.privacy = p;
            return this;
        }

        public Builder horizon(int t) {
            this.horizon = t;
            return this;
        }

        public Builder rewardBound(double b) {
            this.rewardBound = b;
            return this;
        }

        public Builder kernel(KernelSpec k) {
            this.kernel = k;
            return this;
        }

        public Builder regularization(double tau) {
            this.regularization = tau;
            return this;
        }

        public Builder contextDimension(int d) {
            this.contextDimension = d;
            return this;
        }

        /** Adds an action with its features (none for PER_ACTION). */
        public Builder action(String actionId, double... features) {
            actions.add(new Action(actionId, features.length == 0 ? null : features));
            return this;
        }

        /** Adds a context to the public pool. */
        public Builder poolContext(double... context) {
            if (contextPool == null) {
                contextPool = new ArrayList<>();
            }
            contextPool.add(context.clone());
            return this;
        }

        public Builder feedback(int waitSeconds, double defaultReward) {
            this.feedback = new Feedback(waitSeconds, defaultReward);
            return this;
        }

        public Builder tuning(Tuning t) {
            this.tuning = t;
            return this;
        }

        public Builder linear(Linear l) {
            this.linear = l;
            return this;
        }

        /** The profile the options left out default to: LEARN (the service's default) or PAPER. */
        public Builder profile(Profile p) {
            this.profile = p;
            return this;
        }

        /** An algorithm's own options section ({@code GpUcbOptions.nodesPerDimension(8)}), under its key. */
        public Builder options(SpecOptions section) {
            options.put(SpecOptions.key(section.getClass()), JSON.valueToTree(section));
            return this;
        }

        public BanditSpec build() {
            return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization,
                    contextDimension, actions.isEmpty() ? null : actions, contextPool, feedback, tuning, linear, profile,
                    null, options);
        }
    }
}
