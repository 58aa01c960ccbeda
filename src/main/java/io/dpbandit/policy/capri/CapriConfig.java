package io.dpbandit.policy.capri;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.privacy.Accountant;
import java.util.List;

/**
 * Everything that defines a CAPRI bandit: the CAPRI paper's parameters plus the [engineering] options
 * of docs/papers.md. {@link #paper} gives the paper's algorithm exactly; {@link #engineered} the
 * configuration the service recommends. Every option changes utility only, except the noise
 * calibration and the composition rule, which change the noise but keep the stated (ε, δ).
 *
 * @param horizon          T
 * @param actionFeatures   feature vector x of every action (index = action)
 * @param kernel           kernel on the joint vector (c, x)
 * @param regularization   τ
 * @param rewardBound      B; rewards are clipped to [-B, B]
 * @param deltaErr         failure probability δ_err of the confidence bounds (utility only)
 * @param privacy          the privacy model and (ε, δ)
 * @param calibration      how the Gaussian noise is calibrated
 * @param composition      how (ε, δ) is split over epochs
 * @param width            how the elimination width Δ_r is formed
 * @param projectionCap    m_max: the cap on the deduplicated projection set S (R is never capped)
 * @param clipping         how the contribution bound C_r is chosen
 * @param supportSampleCap at most this many support points for the maxima C_r and σ̃_max (a
 *                         random public subsample beyond it; privacy holds for any C_r)
 * @param refinements      the elimination test, projection size, τ rule and reward offset
 *                         ({@link Refinements#paper()} = the paper's algorithm)
 */
public record CapriConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
        double rewardBound, double deltaErr, Privacy privacy, NoiseCalibration calibration,
        EpochComposition composition, Width width, int projectionCap, Clipping clipping, int supportSampleCap,
        Refinements refinements) {

    /** The configuration without refinements: the paper's elimination, projection and τ. */
    public CapriConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
            double rewardBound, double deltaErr, Privacy privacy, NoiseCalibration calibration,
            EpochComposition composition, Width width, int projectionCap, Clipping clipping, int supportSampleCap) {
        this(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy, calibration, composition,
                width, projectionCap, clipping, supportSampleCap, Refinements.paper());
    }

    /** The privacy model. {@code NONE} runs without noise (ε = ∞), for comparison. */
    public enum Model { NONE, JDP, LDP }

    /**
     * Privacy model and budget.
     *
     * @param accountant how the epochs' releases compose: BASIC (the paper's (ε/L, δ/L)), or ZCDP or EXACT (Gaussian DP)
     *                   (each release a share of ρ = μ²/2; see {@link EpochNoiseCalibrator})
     * @param groupSize  k: the most rounds one protected unit (a user) contributes; 1 for round-level
     *                   privacy. Every release is calibrated for a user's k rounds.
     */
    public record Privacy(Model model, double epsilon, double delta, Accountant accountant, int groupSize) {
        public Privacy {
            if (model != Model.NONE && !(epsilon > 0 && Double.isFinite(epsilon))) {
                throw new IllegalArgumentException("epsilon must be a positive finite number, was " + epsilon);
            }
            if (model != Model.NONE && !(delta > 0 && delta < 1)) {
                throw new IllegalArgumentException("delta must lie in (0, 1), was " + delta);
            }
            if (accountant == null || groupSize < 1) {
                throw new IllegalArgumentException("an accountant and a group size k >= 1 are required");
            }
        }

        /** Round-level privacy under the paper's basic composition. */
        public Privacy(Model model, double epsilon, double delta) {
            this(model, epsilon, delta, Accountant.BASIC, 1);
        }

        public static Privacy none() {
            return new Privacy(Model.NONE, Double.POSITIVE_INFINITY, 0);
        }

        public boolean privacyEnabled() {
            return model != Model.NONE;
        }
    }

    /**
     * Noise calibration. PAPER_SIGMA0: σ_0 of eq. 5 (sensitivity bound 2Bσ̃_max, classical
     * Gaussian with 2√2 rounded to 4). ANALYTIC: Balle &amp; Wang's exact calibration on the clipped
     * sensitivity 2C_r (valid for every ε, least noise). CLASSICAL: Δ√(2 ln(1.25/δ))/ε on 2C_r,
     * refused for a per-epoch ε above 1.
     */
    public enum NoiseCalibration { PAPER_SIGMA0, ANALYTIC, CLASSICAL }

    /**
     * SEQUENTIAL (paper, Lemma 3.1): each releasing epoch is (ε/L, δ/L)-DP with
     * L = max(1, ln T, number of releasing epochs), so the releases compose to (ε, δ) by basic
     * composition (the paper uses L = ln T, which is at least the epoch count for T &gt; 20).
     * PARALLEL [engineering]: each round's data enters exactly one epoch's accumulator, and the
     * partition of rounds into epochs is fixed in advance by the schedule, so by parallel
     * composition (adaptive: later epochs see earlier releases only as public inputs) every epoch
     * may spend the full (ε, δ) and the whole run is still (ε, δ)-JDP for every user.
     */
    public enum EpochComposition { SEQUENTIAL, PARALLEL }

    /**
     * How Δ_r is formed: Δ_r = statisticalScale · β σ̃_max + privacy term, where the privacy term
     * is privacyScale · β_1 σ̃²_max (THEORY, the paper's) or the exact noise quantile
     * (EXACT_NOISE, [engineering]; see {@link ConfidenceWidth#exactNoiseQuantile}).
     */
    public record Width(double statisticalScale, PrivacyTerm privacyTerm, double privacyScale) {
        public enum PrivacyTerm { THEORY, EXACT_NOISE }

        public Width {
            if (!(statisticalScale >= 0) || !(privacyScale >= 0)) {
                throw new IllegalArgumentException("width scales must be non-negative");
            }
        }

        public static Width theory() {
            return new Width(1.0, PrivacyTerm.THEORY, 1.0);
        }
    }

    /**
     * The contribution bound. SUPPORT_MAX: C_r = B · max over the support of ‖A k_S(w)‖ (contribution
     * bounding, docs/papers.md).
     * PUBLIC_QUANTILE [engineering]: B times the given quantile of ‖A k_S(w)‖ over a public sample
     * of the epoch's sampling measure; contributions above it are scaled down (bias, no privacy cost).
     */
    public record Clipping(double quantile) {
        public Clipping {
            if (!(quantile > 0 && quantile <= 1)) {
                throw new IllegalArgumentException("clipping quantile must lie in (0, 1], was " + quantile);
            }
        }

        public static Clipping supportMax() {
            return new Clipping(1.0);
        }
    }

    /**
     * Options that change how an epoch is planned and how its model eliminates [engineering]. None
     * of them touches the privacy argument, which needs only that (a) every contribution is clipped
     * to the norm C_r the noise is calibrated on and (b) everything the plan uses (S, R, A, C_r, σ,
     * τ_r, m_r) is a function of public inputs: the pool, the kernel, the configuration and the
     * models released before the epoch. Each option below says why it meets both.
     *
     * @param elimination   WIDTH: the paper's rule (eq. 7), drop x when μ̂_r(c,x) &lt; max μ̂_r − 4Δ_r.
     *                      PAIRWISE: drop x when some active x' has μ̂_r(c,x') − μ̂_r(c,x) above a
     *                      width for that pair, built on the exact noise of the difference (see
     *                      {@link Elimination}). Post-processing of the released model and public
     *                      quantities: no privacy cost.
     * @param statistical   THEORY: the statistical part of the width is statisticalScale · β σ̃_max
     *                      (paper eq. 7). VARIANCE: z · B · ‖A v‖, the sub-Gaussian quantile of the
     *                      reward noise carried into μ̂ (rewards in [b₀ − B, b₀ + B] are
     *                      B-sub-Gaussian about their mean), with no hand-tuned scale. Utility only.
     * @param projection    RANDOM: |S_r| ≤ projectionCap, the paper's draws (eq. 3). PLANNED: |S_r| =
     *                      m_r chosen per epoch from the public kernel spectrum of the epoch's support
     *                      (see {@link ProjectionPlanner}); S is still an i.i.d. draw from the public
     *                      sampling measure, only shorter, so the estimator is the paper's with a
     *                      smaller S. Privacy holds for any public S (rule "cap S, never R",
     *                      docs/papers.md).
     * @param tau           FIXED: τ_r = regularization. PLANNED: τ_r = 1 + σ_r² / B², the ridge that
     *                      weighs the noise on g (privacy σ_r² plus reward noise B² per coordinate)
     *                      against a coefficient scale B; σ_r is public, so τ_r is. C_r is computed
     *                      for the τ_r used, so the sensitivity bound 2C_r holds as before.
     * @param rewardOffset  b₀: rewards are clipped to [b₀ − B, b₀ + B] and enter as y − b₀ ∈ [−B, B],
     *                      so the contribution bound and sensitivity are those of the paper with B.
     *                      For rewards in [0, 1], b₀ = 0.5 and B = 0.5 halve the noise of B = 1.
     *                      The released model then estimates f − b₀; elimination compares
     *                      differences and is unchanged by the shift. JDP only (a device's
     *                      randomiser clips to [−B, B]).
     * @param residualFloor PLANNED projection: m_r is at least the rank whose eigen-truncation keeps
     *                      all but this fraction of the support's kernel trace (0.1 by default)
     * @param exploit       NONE (the paper): every decision is uniform over X_r(c). ARGMAX
     *                      [engineering, not in the paper]: once a model is released, a decision that
     *                      does not learn plays argmax over X_r(c) of the latest released μ̂, see
     *                      {@link Exploit}. Post-processing of the releases: no privacy cost.
     * @param exploitShare  ARGMAX: s ∈ [0, 1), the share of decisions of a learning epoch that exploit
     *                      (a public coin, independent of the context) instead of taking a learning
     *                      round; 0 exploits only after the last release
     * @param firstEpoch    0 (the paper): T_1 = ⌈√T⌉. In (0, 1/2] [engineering, a simulator prototype for issue
     *                      33; the service's spec does not offer it]: T_1 = ⌈firstEpoch · T⌉, doubling as
     *                      before, so fewer and larger releases. The schedule stays a public function of the
     *                      configuration, so under a Gaussian accountant (every epoch at the whole μ) privacy
     *                      is unchanged; under BASIC SEQUENTIAL the split follows the schedule's releases.
     */
    public record Refinements(EliminationTest elimination, StatisticalTerm statistical, ProjectionRule projection,
            TauRule tau, double rewardOffset, double residualFloor, Exploit exploit, double exploitShare,
            double firstEpoch) {

        public enum EliminationTest { WIDTH, PAIRWISE }

        public enum StatisticalTerm { THEORY, VARIANCE }

        public enum ProjectionRule { RANDOM, PLANNED }

        public enum TauRule { FIXED, PLANNED }

        /**
         * How a decision that is not a learning round is played.
         *
         * <p>NONE: the paper's decisions (Pavlovic, Salgia &amp; Zhao, CAPRI, Algorithm 1 line 12, "take
         * the action x_t ~ Unif(X_r(c_t))"): uniform over the active set in every round, also after the
         * horizon.
         *
         * <p>ARGMAX [engineering; the paper does not cover it]: after the first release, a public coin
         * with probability {@code exploitShare}, independent of the context and of every reward, makes
         * a decision an <em>exploit</em> decision: it plays argmax over X_r(c) of the latest released
         * μ̂ and is never a learning round (its reward enters no sum). The other decisions are the
         * paper's: uniform over X_r(c) and learning. Once the last releasing epoch has closed
         * (the service's EXPLOIT phase, the simulator's rounds after the last release) every decision
         * exploits. Why the estimator stays valid: the paper's μ̂_r (eq. 4, Lemma 3.1) needs R_r and S_r
         * to be i.i.d. copies of the epoch's points W_t, which it draws from κ × Unif(X_r(c)); so the
         * epoch's learning rounds must be i.i.d. with c from the users' law and x ~ Unif(X_r(c)). The
         * coin is independent of the context, so the learning rounds are still exactly such draws, only
         * fewer per decision. Exploiting inside the learning rounds instead would bias μ̂_r toward the
         * exploited actions (their k_S terms would be over-counted against the uniform R_r), and
         * importance weights to undo it would multiply the contribution bound C_r, and the noise, by
         * the largest weight.
         * Why privacy holds: an exploit decision is a function of the released models and of its own
         * context (post-processing, as the active sets are), and its reward is never used, so the
         * epochs' Gaussian releases and their calibration are unchanged (JDP: the action shown to user
         * t may depend on t's own context). An epoch still waits for T_r learning rounds, so with a
         * share s a bandit learns its horizon's rounds over about T/(1 − s) decisions.
         */
        public enum Exploit { NONE, ARGMAX }

        public Refinements {
            if (elimination == null) {
                elimination = EliminationTest.WIDTH;
            }
            if (statistical == null) {
                statistical = StatisticalTerm.THEORY;
            }
            if (projection == null) {
                projection = ProjectionRule.RANDOM;
            }
            if (tau == null) {
                tau = TauRule.FIXED;
            }
            if (!Double.isFinite(rewardOffset)) {
                throw new IllegalArgumentException("rewardOffset must be a finite number, was " + rewardOffset);
            }
            if (!(residualFloor > 0 && residualFloor < 1)) {
                throw new IllegalArgumentException("residualFloor must lie in (0, 1), was " + residualFloor);
            }
            if (exploit == null) {
                exploit = Exploit.NONE;
            }
            if (!(exploitShare >= 0 && exploitShare < 1)) {
                throw new IllegalArgumentException("exploitShare must lie in [0, 1), was " + exploitShare);
            }
            if (exploit == Exploit.NONE && exploitShare != 0) {
                throw new IllegalArgumentException("exploitShare needs exploit ARGMAX");
            }
            if (!(firstEpoch == 0 || firstEpoch > 0 && firstEpoch <= 0.5)) {
                throw new IllegalArgumentException("firstEpoch must be 0 (the paper's sqrt T) or lie in (0, 1/2], was "
                        + firstEpoch);
            }
        }

        /** The refinements with the paper's first epoch ⌈√T⌉. */
        public Refinements(EliminationTest elimination, StatisticalTerm statistical, ProjectionRule projection,
                TauRule tau, double rewardOffset, double residualFloor, Exploit exploit, double exploitShare) {
            this(elimination, statistical, projection, tau, rewardOffset, residualFloor, exploit, exploitShare, 0.0);
        }

        /** The refinements without exploitation (the paper's decisions). */
        public Refinements(EliminationTest elimination, StatisticalTerm statistical, ProjectionRule projection,
                TauRule tau, double rewardOffset, double residualFloor) {
            this(elimination, statistical, projection, tau, rewardOffset, residualFloor, Exploit.NONE, 0.0);
        }

        /** The paper's algorithm: 4Δ elimination, theory statistics, random S, fixed τ, no offset. */
        public static Refinements paper() {
            return new Refinements(EliminationTest.WIDTH, StatisticalTerm.THEORY, ProjectionRule.RANDOM,
                    TauRule.FIXED, 0.0, 0.1);
        }

        /**
         * Everything chosen by the planner from public quantities: pairwise test, variance width,
         * planned |S| and τ, with the given reward offset b₀.
         */
        public static Refinements planned(double rewardOffset) {
            return new Refinements(EliminationTest.PAIRWISE, StatisticalTerm.VARIANCE, ProjectionRule.PLANNED,
                    TauRule.PLANNED, rewardOffset, 0.1);
        }

        public Refinements withElimination(EliminationTest e) {
            return new Refinements(e, statistical, projection, tau, rewardOffset, residualFloor, exploit,
                    exploitShare, firstEpoch);
        }

        public Refinements withStatistical(StatisticalTerm t) {
            return new Refinements(elimination, t, projection, tau, rewardOffset, residualFloor, exploit, exploitShare,
                    firstEpoch);
        }

        public Refinements withProjection(ProjectionRule p) {
            return new Refinements(elimination, statistical, p, tau, rewardOffset, residualFloor, exploit, exploitShare,
                    firstEpoch);
        }

        public Refinements withTau(TauRule t) {
            return new Refinements(elimination, statistical, projection, t, rewardOffset, residualFloor, exploit,
                    exploitShare, firstEpoch);
        }

        public Refinements withRewardOffset(double b0) {
            return new Refinements(elimination, statistical, projection, tau, b0, residualFloor, exploit, exploitShare,
                    firstEpoch);
        }

        public Refinements withResidualFloor(double floor) {
            return new Refinements(elimination, statistical, projection, tau, rewardOffset, floor, exploit,
                    exploitShare, firstEpoch);
        }

        /** The same refinements with another exploitation rule and share ({@link Exploit}). */
        public Refinements withExploit(Exploit e, double share) {
            return new Refinements(elimination, statistical, projection, tau, rewardOffset, residualFloor, e, share,
                    firstEpoch);
        }

        /** The same refinements with another first epoch (0: the paper's ⌈√T⌉; else a share of T). */
        public Refinements withFirstEpoch(double share) {
            return new Refinements(elimination, statistical, projection, tau, rewardOffset, residualFloor, exploit,
                    exploitShare, share);
        }

        /** Whether decisions exploit the released μ̂ ({@link Exploit#ARGMAX}). */
        public boolean exploits() {
            return exploit == Exploit.ARGMAX;
        }
    }

    public CapriConfig {
        if (refinements == null) {
            refinements = Refinements.paper();
        }
        if (privacy != null && privacy.model() == Model.LDP && refinements.rewardOffset() != 0.0) {
            throw new IllegalArgumentException("a reward offset needs JDP: a CAPRI-LDP device clips its reward to "
                    + "[-B, B] itself");
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be at least 1");
        }
        if (actionFeatures == null || actionFeatures.size() < 2) {
            throw new IllegalArgumentException("CAPRI needs at least two actions");
        }
        actionFeatures = actionFeatures.stream().map(double[]::clone).toList();
        if (!(regularization > 0) || !(rewardBound > 0) || !(deltaErr > 0 && deltaErr < 1)) {
            throw new IllegalArgumentException("need regularization > 0, rewardBound > 0 and deltaErr in (0, 1)");
        }
        if (projectionCap < 1 || supportSampleCap < 1) {
            throw new IllegalArgumentException("projectionCap and supportSampleCap must be positive");
        }
        if (privacy.model() == Model.NONE && calibration == null) {
            calibration = NoiseCalibration.ANALYTIC;
        }
    }

    /** The paper's algorithm: σ_0 noise, ε split over ln T epochs, theory widths, support-max clipping. */
    public static CapriConfig paper(int horizon, List<double[]> actions, KernelSpec kernel, double tau, double b,
            Privacy privacy) {
        return new CapriConfig(horizon, actions, kernel, tau, b, 0.05, privacy, NoiseCalibration.PAPER_SIGMA0,
                EpochComposition.SEQUENTIAL, Width.theory(), 1000, Clipping.supportMax(), 5000);
    }

    /**
     * The configuration the service recommends: analytic calibration on the clipped sensitivity,
     * exact noise width, and the given statistical scale. Composition stays the paper's SEQUENTIAL
     * split; tighter accounting is an explicit choice ({@link #withComposition}), never a side
     * effect of the tuning mode.
     */
    public static CapriConfig engineered(int horizon, List<double[]> actions, KernelSpec kernel, double tau, double b,
            Privacy privacy, double statisticalScale, double clippingQuantile) {
        return new CapriConfig(horizon, actions, kernel, tau, b, 0.05, privacy, NoiseCalibration.ANALYTIC,
                EpochComposition.SEQUENTIAL, new Width(statisticalScale, Width.PrivacyTerm.EXACT_NOISE, 1.0), 1000,
                new Clipping(clippingQuantile), 5000);
    }

    /** The same configuration with another composition rule over epochs. */
    public CapriConfig withComposition(EpochComposition rule) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, rule, width, projectionCap, clipping, supportSampleCap, refinements);
    }

    /** The same configuration with another elimination width. */
    public CapriConfig withWidth(Width w) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, composition, w, projectionCap, clipping, supportSampleCap, refinements);
    }

    /** The same configuration with another cap on the projection set. */
    public CapriConfig withProjectionCap(int cap) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, composition, width, cap, clipping, supportSampleCap, refinements);
    }

    /** The same configuration with other refinements. */
    public CapriConfig withRefinements(Refinements r) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, composition, width, projectionCap, clipping, supportSampleCap, r);
    }

    /** The same configuration with another τ (and reward bound B). */
    public CapriConfig withRegularization(double tau, double b) {
        return new CapriConfig(horizon, actionFeatures, kernel, tau, b, deltaErr, privacy, calibration, composition,
                width, projectionCap, clipping, supportSampleCap, refinements);
    }

    public int actionCount() {
        return actionFeatures.size();
    }
}
