package io.dpbandit.spec;

import io.dpbandit.policy.CalibrationMode;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.dpbandit.bandit.BanditIds;
import io.dpbandit.validation.Finite;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;

/**
 * A bandit as the operator declares it (HTTP contract). Optional fields are null in a request.
 * Field-level rules are Bean Validation annotations; {@link SpecValidation} adds the rules that
 * span fields or depend on configured limits, fills in the documented defaults, and reports every
 * problem of both kinds in one answer.
 *
 * @param id               bandit id, [A-Za-z0-9][A-Za-z0-9._-]{0,63}
 * @param algorithm        CAPRI, USCA, LINUCB (private LinUCB, JDP), ONLINEUCB (locally private) or
 *                         GPUCB (private GP-UCB with quadrature Fourier features, JDP or local JDP)
 * @param privacy          privacy model and budget
 * @param horizon          T
 * @param rewardBound      B: rewards are clipped to [-B, B]
 * @param kernel           kernel on the joint (context, action) vector (CAPRI, USCA; GPUCB: RBF)
 * @param regularization   τ (default 1.0)
 * @param contextDimension dimension of every context
 * @param actions          the action catalogue
 * @param contextPool      the public context pool κ (never user data; CAPRI and USCA)
 * @param feedback         reward wait and default reward
 * @param tuning           engineering options
 * @param linear           LINUCB and ONLINEUCB only: the joint feature map and the variant
 * @param gpucb            GPUCB only: the quadrature feature order and the variant
 * @param profile          what unset options default to: LEARN (the default; what the planners and the
 *                         real-data benchmark show learns best for this spec) or PAPER (each paper's
 *                         algorithm as written); see {@link Profile}
 * @param choices          written by the service at normalisation: each option it chose under the
 *                         profile, and why (a request's copy is ignored)
 * @param rollout          optional: launched next to the product's current logic ({@link Rollout})
 */
public record BanditSpec(
        @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String id,
        @NotNull(message = "must be CAPRI, USCA, LINUCB, ONLINEUCB or GPUCB") Algorithm algorithm,
        @NotNull(message = "is required, e.g. {\"model\": \"JDP\", \"epsilon\": 1.0, \"delta\": 1e-5}") @Valid
        Privacy privacy,
        @NotNull @Min(1) @Max(SpecLimits.MAX_HORIZON) Integer horizon,
        @Positive @Finite Double rewardBound,
        KernelSpec kernel,
        @Positive @Finite Double regularization,
        @NotNull @PositiveOrZero Integer contextDimension,
        @NotNull(message = "must list the actions") List<@NotNull @Valid Action> actions,
        @Schema(description = "Public contexts, never user data: CAPRI's and USCA's pool κ (required; under LEARN "
                + "CAPRI's kernel length scale comes from it), and for the other algorithms an optional public sample "
                + "the plan (its context-scale warning, GP-UCB's forecast) and the recommendations are computed on")
        List<@NotNull @Finite double[]> contextPool,
        @Valid Feedback feedback,
        @Valid Tuning tuning,
        @Valid Linear linear,
        @Valid GpUcb gpucb,
        @Schema(description = "What the options the spec leaves out default to: [LEARN] what the planners and the "
                + "real-data benchmark show learns best for this spec, chosen from public facts only and listed in "
                + "choices with the reason for each; PAPER each paper's algorithm as written. An option the spec "
                + "sets wins over either", allowableValues = {"LEARN", "PAPER"})
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) Profile profile,
        @Schema(accessMode = Schema.AccessMode.READ_ONLY, description = "What the service chose for the options the "
                + "spec left out under its profile, and why (written by the service; a request's copy is ignored)")
        List<DefaultChoice> choices,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        @Valid Rollout rollout) {

    public BanditSpec {
        choices = choices == null ? null : List.copyOf(choices);
    }

    /** The spec without a profile or choices (a spec stored before profiles: the options as they were). */
    public BanditSpec(String id, Algorithm algorithm, Privacy privacy, Integer horizon, Double rewardBound,
            KernelSpec kernel, Double regularization, Integer contextDimension, List<Action> actions,
            List<double[]> contextPool, Feedback feedback, Tuning tuning, Linear linear, GpUcb gpucb) {
        this(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension, actions,
                contextPool, feedback, tuning, linear, gpucb, null, null, null);
    }

    /** The spec without the linear settings (CAPRI and USCA). */
    public BanditSpec(String id, Algorithm algorithm, Privacy privacy, Integer horizon, Double rewardBound,
            KernelSpec kernel, Double regularization, Integer contextDimension, List<Action> actions,
            List<double[]> contextPool, Feedback feedback, Tuning tuning) {
        this(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension, actions,
                contextPool, feedback, tuning, null, null, null, null, null);
    }

    /** The same spec under another id. */
    public BanditSpec withId(String newId) {
        return new BanditSpec(newId, algorithm, privacy, horizon, rewardBound, kernel, regularization,
                contextDimension, actions, contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    // One copy per component, so code that rewrites one part of a spec never lists the others: a new
    // section changes the canonical constructor and this file, not every caller.

    /** The same spec with another privacy section. */
    public BanditSpec withPrivacy(Privacy p) {
        return new BanditSpec(id, algorithm, p, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another reward bound B. */
    public BanditSpec withRewardBound(Double b) {
        return new BanditSpec(id, algorithm, privacy, horizon, b, kernel, regularization, contextDimension, actions,
                contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another τ. */
    public BanditSpec withRegularization(Double tau) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, tau, contextDimension, actions,
                contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another context dimension. */
    public BanditSpec withContextDimension(Integer d) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, d, actions,
                contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with other actions. */
    public BanditSpec withActions(List<Action> a) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                a, contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another feedback section. */
    public BanditSpec withFeedback(Feedback f) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, f, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another tuning section. */
    public BanditSpec withTuning(Tuning t) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, t, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another linear section. */
    public BanditSpec withLinear(Linear l) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, l, gpucb, profile, choices, rollout);
    }

    /** The same spec with another GP-UCB section. */
    public BanditSpec withGpucb(GpUcb g) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, g, profile, choices, rollout);
    }

    /** The same spec with another context pool (null: none). */
    public BanditSpec withContextPool(List<double[]> pool) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, pool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec with another kernel. */
    public BanditSpec withKernel(KernelSpec k) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, k, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, gpucb, profile, choices, rollout);
    }

    /** The same spec under another profile. */
    public BanditSpec withProfile(Profile p) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, gpucb, p, choices, rollout);
    }

    /** The same spec with another list of choices. */
    public BanditSpec withChoices(List<DefaultChoice> c) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, gpucb, profile, c, rollout);
    }

    /** The same spec with one more choice listed. */
    public BanditSpec withChoice(String field, Object value, String reason) {
        List<DefaultChoice> c = new java.util.ArrayList<>(choices == null ? List.of() : choices);
        c.add(new DefaultChoice(field, String.valueOf(value), reason));
        return withChoices(c);
    }

    /** The same spec with another rollout section (null: none). */
    public BanditSpec withRollout(Rollout r) {
        return new BanditSpec(id, algorithm, privacy, horizon, rewardBound, kernel, regularization, contextDimension,
                actions, contextPool, feedback, tuning, linear, gpucb, profile, choices, r);
    }

    /** The profile, LEARN when the spec names none. */
    public Profile profileOrLearn() {
        return profile == null ? Profile.LEARN : profile;
    }

    /**
     * The linear bandits' settings.
     *
     * @param featureMap the joint feature of context c and action a the linear model is over:
     *                   OUTER_PRODUCT (flattened c ⊗ a, normalised to unit norm; the default: the
     *                   ranking of actions depends on the context), ACTION (the action's own features,
     *                   context-free) or CONTEXT_BLOCKS (the context holds one block per action
     *                   feature; a one-hot action picks its block)
     * @param mode       PAPER (the paper's calibration, bounds, shift and radius) or ENGINEERED
     *                   (default: tighter calibration and bounds with the same privacy)
     * @param noise      LINUCB: the tree nodes' noise, GAUSSIAN (default) or WISHART
     * @param learner    ONLINEUCB: the server's online learner, OGD (default) or MALER
     */
    @Schema(description = "LINUCB and ONLINEUCB only (optional; defaults shown in brackets).")
    public record Linear(
            @Schema(description = "The joint feature x of context c and action a that the linear model is over: "
                    + "[OUTER_PRODUCT] the flattened c⊗a, scaled to unit norm (d = dim c · dim a; the ranking of actions "
                    + "depends on the context); PER_ACTION one model per action over the context (disjoint LinUCB; "
                    + "actions take no features; d = dim c · number of actions); ACTION the action's own features, "
                    + "ignoring the context (d = dim a); CONTEXT_BLOCKS the context holds one block of dim a numbers "
                    + "per action feature and a one-hot action picks its block. d is at most 400.")
            JointFeatureMap.Kind featureMap,
            @Schema(description = "[ENGINEERED] analytic calibration and tight bounds with the same privacy, or "
                    + "PAPER: the paper's calibration, shift and radius (learns slowly at moderate horizons)")
            CalibrationMode mode,
            @Schema(description = "LINUCB only: the tree nodes' noise, [GAUSSIAN] or WISHART")
            NodeNoiseKind noise,
            @Schema(description = "ONLINEUCB only: the server's online learner, OGD (the ENGINEERED default) or MALER "
                    + "(the PAPER default)")
            OnlineUcbConfig.Learner learner,
            @Schema(description = "LINUCB only: how the noisy Gram matrix is made positive definite. [SHIFT] the "
                    + "paper's +2Υ I on every eigenvalue (Υ of one block under PER_ACTION); FLOOR: its eigenvalues "
                    + "are raised to the public noise level Υ. Both are post-processing of the release: no privacy "
                    + "cost")
            LinUcbConfig.Regulariser regulariser,
            @Schema(description = "LINUCB only: multiplies the confidence radius β (default 1; 0 plays greedily on "
                    + "the private model); at most 10", minimum = "0", maximum = "10")
            @DecimalMin("0") @DecimalMax("10") @Finite Double radiusScale,
            @Schema(description = "LINUCB only: [TREE] the paper's tree-based mechanism (a release per leaf), or "
                    + "EPOCHS (PER_ACTION only, engineering): one release per doubling epoch under parallel "
                    + "composition, the first epoch (T/8) played uniformly, later ones greedily on the sum of the "
                    + "releases; learns faster on real data (docs/benchmarks-real.md)")
            LinUcbConfig.Release release,
            @Schema(description = "LINUCB with release EPOCHS only: the first (uniform) epoch's share of the horizon, "
                    + "in (0, 0.5]; default 0.125. Longer buys a better first release for more uniform play "
                    + "(docs/benchmarks-real.md: 1/8 did best on the digits and a synthetic world; 1/3 on the digits "
                    + "scaled to their largest norm, a weaker signal per row)",
                    minimum = "0", maximum = "0.5")
            @DecimalMin(value = "0", inclusive = false) @DecimalMax("0.5") @Finite Double firstEpoch) {

        /** The section as it was before the regulariser and the radius scale were choices. */
        public Linear(JointFeatureMap.Kind featureMap, CalibrationMode mode, NodeNoiseKind noise,
                OnlineUcbConfig.Learner learner) {
            this(featureMap, mode, noise, learner, null, null, null, null);
        }

        public Linear(JointFeatureMap.Kind featureMap, CalibrationMode mode, NodeNoiseKind noise,
                OnlineUcbConfig.Learner learner, LinUcbConfig.Regulariser regulariser, Double radiusScale) {
            this(featureMap, mode, noise, learner, regulariser, radiusScale, null, null);
        }
    }

    public enum Algorithm { CAPRI, USCA, LINUCB, ONLINEUCB, GPUCB }

    /**
     * GP-UCB's settings (Dubey 2021). The kernel is the spec's (RBF only: quadrature Fourier features
     * need a squared-exponential kernel) on the joint point w = context ++ action features; the
     * features' error bound is stated on the box [0, 1]^d of w.
     *
     * @param nodesPerDimension m̄, quadrature nodes per dimension: M = 2 m̄^d features (default: the
     *                          smallest m̄ whose error bound on [0, 1]^d is at most 1/T², within M ≤ 512)
     * @param mode              ENGINEERED (default: analytic calibration, the sharper shift bound and a
     *                          radius scaled by 0.1, the same privacy) or PAPER (the paper's calibration,
     *                          shift 2Λ and theoretical radius)
     * @param regulariser       how the noisy Gram matrix is made positive definite: SHIFT (the default in
     *                          both modes: the paper's +2Λ on every eigenvalue) or FLOOR (eigenvalues
     *                          below the public noise level Λ raised to it); both post-processing
     * @param radiusScale       multiplies the confidence radius, in [0, 10] (default ENGINEERED 0.1,
     *                          PAPER 1)
     */
    @Schema(description = "GPUCB only (optional).")
    public record GpUcb(
            @Schema(description = "quadrature nodes per dimension m̄; M = 2 m̄^d features, at most 512 "
                    + "(default: the smallest m̄ whose error bound on [0,1]^d is at most 1/T², within that cap)")
            @Min(2) @Max(64) Integer nodesPerDimension,
            @Schema(description = "[ENGINEERED] or PAPER")
            CalibrationMode mode,
            @Schema(description = "How the noisy Gram matrix of the features is made positive definite: [SHIFT] the "
                    + "paper's +2Λ on every eigenvalue, or FLOOR, only its eigenvalues below the public noise level Λ "
                    + "raised to Λ. Both are post-processing of the release: no privacy cost")
            GpUcbConfig.Regulariser regulariser,
            @Schema(description = "multiplies the confidence radius (default 0.1, PAPER 1; 0 plays greedily on the "
                    + "private model); at most 10", minimum = "0", maximum = "10")
            @DecimalMin("0") @DecimalMax("10") @Finite Double radiusScale) {

        /** The section as it was before the regulariser and the radius scale were choices. */
        public GpUcb(Integer nodesPerDimension, CalibrationMode mode) {
            this(nodesPerDimension, mode, null, null);
        }
    }

    /**
     * @param model        JDP (all but ONLINEUCB) or LDP (CAPRI, ONLINEUCB, GPUCB: every user
     *                     randomises their own round with dpbandit-client; default JDP, or LDP for
     *                     ONLINEUCB)
     * @param epsilon      CAPRI: the run's total ε; USCA: ε charged per released context
     * @param delta        δ of the guarantee, in (0, 1), for every algorithm but USCA: USCA is pure
     *                     ε-DP, so its δ must be 0 or absent (a nonzero δ is refused, never dropped)
     * @param totalEpsilon USCA only: the ε budget all releases together may spend (default ε: one release)
     * @param composition  CAPRI only: how the epochs' releases compose. SEQUENTIAL (default, the
     *                     paper's): each releasing epoch is charged (ε/L, δ/L). PARALLEL: each
     *                     round's data enters exactly one epoch, so every epoch may use the whole
     *                     (ε, δ); the first release is charged it and later ones nothing.
     * @param unit         ROUND (default) or USER: whom the guarantee protects ({@link PrivacyUnit})
     * @param maxRoundsPerUser USER only: k, the most learning rounds one user contributes over the
     *                     bandit's life (default 1); every mechanism is calibrated for k rounds
     * @param budget       the id of a shared budget (POST /budgets) this bandit's charges also count
     *                     against, in zCDP; creation is refused if its worst case would overspend it
     * @param accountant   BASIC, ZCDP or EXACT ({@link Accountant}; default EXACT unless the tuning is PAPER; was ZCDP where every release is
     *                     Gaussian and the tuning is ENGINEERED, else BASIC)
     */
    public record Privacy(@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) PrivacyModel model,
            @NotNull @Positive @Finite Double epsilon,
            @Schema(description = "δ of the (ε, δ) guarantee, in (0, 1), required by every algorithm but USCA. USCA "
                    + "is pure ε-DP (the exponential mechanism): its δ must be 0 or absent, and a nonzero δ is a 400 "
                    + "naming privacy.delta")
            @Finite Double delta,
            @Positive @Finite Double totalEpsilon, CapriConfig.EpochComposition composition,
            @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) PrivacyUnit unit,
            @Min(1) @Max(SpecLimits.MAX_ROUNDS_PER_USER) Integer maxRoundsPerUser,
            @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String budget,
            @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) Accountant accountant) {

        /** Round-level privacy with the other fields given (the form before user-level privacy). */
        public Privacy(PrivacyModel model, Double epsilon, Double delta, Double totalEpsilon,
                CapriConfig.EpochComposition composition) {
            this(model, epsilon, delta, totalEpsilon, composition, null, null, null, null);
        }

        /** k: the most learning rounds one protected unit contributes (1 for ROUND). */
        public int groupSize() {
            return unit == PrivacyUnit.USER && maxRoundsPerUser != null ? maxRoundsPerUser : 1;
        }

        /** The accountant, BASIC for a spec stored before there was a choice. */
        public Accountant accountantOrBasic() {
            return accountant == null ? Accountant.BASIC : accountant;
        }

        /** How the epochs compose: as set, or SEQUENTIAL (the paper's split) when absent. */
        public CapriConfig.EpochComposition compositionOrSequential() {
            return composition == null ? CapriConfig.EpochComposition.SEQUENTIAL : composition;
        }

        /** The same section with the epochs' composition set. */
        public Privacy withComposition(CapriConfig.EpochComposition c) {
            return new Privacy(model, epsilon, delta, totalEpsilon, c, unit, maxRoundsPerUser, budget, accountant);
        }

        /** The same section with the accountant set. */
        public Privacy withAccountant(Accountant a) {
            return new Privacy(model, epsilon, delta, totalEpsilon, composition, unit, maxRoundsPerUser, budget, a);
        }

        /** Whether the epochs compose in parallel (each round's data in one epoch only). */
        public boolean parallel() {
            return composition == CapriConfig.EpochComposition.PARALLEL;
        }
    }

    /**
     * @param id       the action's id
     * @param features its feature vector; required except for a linear bandit with
     *                 {@code linear.featureMap: PER_ACTION}, whose model has one block per action and
     *                 which fills in the one-hot e_i itself
     */
    public record Action(@NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String id,
            @Finite double[] features) {
    }

    /**
     * @param mode              PAPER (the paper's algorithm) or ENGINEERED (default; see README)
     * @param confidenceScale   scale of CAPRI's statistical width (default 3e-4; PAPER uses 1)
     * @param projectionCap     cap on CAPRI's projection set S (default 1000)
     * @param approximationSize USCA's approximating set size n_Z (default 1000)
     * @param clippingQuantile  CAPRI's contribution clipping quantile (default 1: support maximum)
     * @param elimination       CAPRI's elimination test: WIDTH (default, the paper's 4Δ_r) or PAIRWISE
     *                          (the exact noise of each difference μ̂(c,x') − μ̂(c,x); needs
     *                          projectionCap ≤ 300, since each release then carries its m × m factor A)
     * @param statisticalWidth  CAPRI's statistical width: THEORY (default, confidenceScale · β σ̃_max) or
     *                          VARIANCE (z B ‖A v‖, no tuned scale)
     * @param projection        CAPRI's |S_r|: RANDOM (default, the paper's draws up to projectionCap) or
     *                          PLANNED (from the public kernel spectrum of the epoch's support)
     * @param tauRule           CAPRI's τ: FIXED (default, {@code regularization}) or PLANNED per epoch
     *                          (1 + σ_r² / B², public)
     * @param residualFloor     CAPRI's PLANNED projection: |S_r| is at least the rank whose truncation keeps
     *                          all but this share of the kernel's trace (default 0.1)
     * @param rewardOffset      CAPRI-JDP: rewards enter as clip(y − b₀, −B, B) (default 0); with rewards
     *                          in [0, 1], b₀ = 0.5 and rewardBound 0.5 halve the noise of B = 1
     * @param exploit           CAPRI: NONE (default, the paper: every decision uniform over X_r(c)) or
     *                          ARGMAX (engineering, not in the paper: decisions that do not learn play the
     *                          latest released μ̂'s argmax inside X_r(c); post-processing, no privacy cost)
     * @param exploitShare      CAPRI with exploit ARGMAX: the share s ∈ [0, 1) of a learning epoch's
     *                          decisions that exploit on a public coin instead of learning (default 0:
     *                          exploit only after the last release); the horizon still counts learning
     *                          rounds, so learning takes about horizon / (1 − s) decisions
     * @param leafRounds        LINUCB and GPUCB with JDP: learning rounds per tree leaf B (default
     *                          ⌈horizon / 256⌉): the model takes its rounds in leaves of B, in decision
     *                          order, each once all its rounds' waits have passed, and the tree's
     *                          ⌈horizon / B⌉ leaves fix its depth m = ⌈log₂ ⌈horizon / B⌉⌉ + 1
     */
    public record Tuning(
            @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) TuningMode mode,
            @Positive @Finite Double confidenceScale,
            @Min(10) @Max(2000) Integer projectionCap,
            @Min(10) @Max(100000) Integer approximationSize,
            @Positive @DecimalMax("1") Double clippingQuantile,
            CapriConfig.Refinements.EliminationTest elimination,
            CapriConfig.Refinements.StatisticalTerm statisticalWidth,
            CapriConfig.Refinements.ProjectionRule projection,
            CapriConfig.Refinements.TauRule tauRule,
            @Finite Double rewardOffset,
            @DecimalMin(value = "0", inclusive = false) @DecimalMax(value = "1", inclusive = false)
            Double residualFloor,
            @Min(1) @Max(SpecLimits.MAX_LEAF_ROUNDS) Integer leafRounds,
            CapriConfig.Refinements.Exploit exploit,
            @Finite @DecimalMin("0") @DecimalMax(value = "1", inclusive = false) Double exploitShare) {

        /** The paper's refinements (none) with the other fields given. */
        public Tuning(TuningMode mode, Double confidenceScale, Integer projectionCap, Integer approximationSize,
                Double clippingQuantile) {
            this(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, null, null, null, null,
                    null, null, null);
        }

        /** The tuning without exploitation (the paper's decisions). */
        public Tuning(TuningMode mode, Double confidenceScale, Integer projectionCap, Integer approximationSize,
                Double clippingQuantile, CapriConfig.Refinements.EliminationTest elimination,
                CapriConfig.Refinements.StatisticalTerm statisticalWidth, CapriConfig.Refinements.ProjectionRule projection,
                CapriConfig.Refinements.TauRule tauRule, Double rewardOffset, Double residualFloor, Integer leafRounds) {
            this(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, null, null);
        }

        /** The same tuning with the tree's leaf size set. */
        public Tuning withLeafRounds(Integer rounds) {
            return new Tuning(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, rounds, exploit, exploitShare);
        }

        /** The same tuning with CAPRI's exploitation set. */
        public Tuning withExploit(CapriConfig.Refinements.Exploit rule, Double share) {
            return new Tuning(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile, elimination,
                    statisticalWidth, projection, tauRule, rewardOffset, residualFloor, leafRounds, rule, share);
        }

        /**
         * The same tuning with each refinement it leaves out set to the paper's (no refinement:
         * the paper's width test, statistical term, random projection, fixed τ, no exploitation),
         * reward offset 0 and residual floor 0.1.
         */
        public Tuning withPaperRefinements() {
            var paper = CapriConfig.Refinements.paper();
            return new Tuning(mode, confidenceScale, projectionCap, approximationSize, clippingQuantile,
                    elimination == null ? paper.elimination() : elimination,
                    statisticalWidth == null ? paper.statistical() : statisticalWidth,
                    projection == null ? paper.projection() : projection, tauRule == null ? paper.tau() : tauRule,
                    rewardOffset == null ? 0.0 : rewardOffset, residualFloor == null ? 0.1 : residualFloor,
                    leafRounds, exploit == null ? paper.exploit() : exploit, exploitShare == null ? 0.0 : exploitShare);
        }

        /** Whether a refinement of this (defaulted) tuning departs from the paper's; only CAPRI reads them. */
        public boolean refined() {
            var paper = CapriConfig.Refinements.paper();
            return elimination != paper.elimination() || statisticalWidth != paper.statistical()
                    || projection != paper.projection() || tauRule != paper.tau() || rewardOffset != 0.0
                    || residualFloor != paper.residualFloor() || exploit != paper.exploit() || exploitShare != 0.0;
        }

        /** CAPRI's refinements as the core takes them (a spec stored before exploitation: NONE). */
        public CapriConfig.Refinements refinements() {
            return new CapriConfig.Refinements(elimination, statisticalWidth, projection, tauRule,
                    rewardOffset == null ? 0.0 : rewardOffset, residualFloor == null ? 0.1 : residualFloor,
                    exploit, exploitShare == null ? 0.0 : exploitShare);
        }
    }
}
