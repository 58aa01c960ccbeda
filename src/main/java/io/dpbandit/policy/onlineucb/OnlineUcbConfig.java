package io.dpbandit.policy.onlineucb;

import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.ReleaseMode;
import io.dpbandit.client.privacy.CalibrationMethod;

/**
 * Everything that defines an OnlineUCB bandit (OnlineUCB paper, Algorithm 1, and Algorithm 9 when
 * {@code anytimePower} &gt; 0). {@link #paper} follows the paper; {@link #engineered} is what the service
 * recommends, tuned to learn at T = 20 000 in the paper's setting.
 *
 * <p>Privacy depends only on {@code randomiser}'s ε, δ, bounds, release mode and calibration, which the
 * clients apply themselves. Every other component is a server-side utility choice: the server only
 * post-processes LDP reports, so no value here can weaken the guarantee. That is what makes the
 * engineered G, step sizes and radius safe to choose freely (theory-scale constants are configurable,
 * docs/papers.md).
 *
 * @param randomiser         the public randomiser parameters the clients use (d, ε, δ, B_x, B_y, G, ...)
 * @param horizon            T (Maler's grid and η_c; λ̄ = T^{−1/4}; the radius' logarithms)
 * @param radius             D ≥ ‖θ*‖: the learner's ball
 * @param minEigenvalue      λ_min, an assumed lower bound on the eigenvalues of E[x xᵀ] over played
 *                           actions; 0 when unknown (the safe choice: unknown λ_min, docs/papers.md)
 * @param threshold          λ̄; null means T^{−1/4} (Cor. 3.6). Δ² = λ̄ if λ_min ≤ λ̄, else 0
 * @param anytimePower       k of Algorithm 9: if &gt; 0, restart on rounds [2^m, 2^{m+1}) with
 *                           λ̄_m = 2^{−mk}; 0 runs plain Algorithm 1
 * @param learner            the online learner
 * @param learnerOffset      t₀ of OGD's rate 1/(μ(t + t₀)) (ignored by Maler)
 * @param confidence         how β is formed
 * @param failureProbability α of the confidence bounds
 * @param subgaussianScale   R, the reward noise's sub-Gaussian scale (≤ B_y for rewards in [−B_y, B_y])
 * @param refactorInterval   Ṽ⁻¹ is recomputed from Ṽ every this many reports (Sherman–Morrison between)
 */
public record OnlineUcbConfig(OnlineUcbParameters randomiser, int horizon, double radius, double minEigenvalue,
        Double threshold, double anytimePower, Learner learner, double learnerOffset, Confidence confidence,
        double failureProbability, double subgaussianScale, int refactorInterval) {

    /** The online learner of the server step (Algorithm 1, line 17). */
    public enum Learner {
        /** Maler (Algorithms 5–8): the theory's learner. */
        MALER,
        /** Projected OGD with rate 1/(μ(t + t₀)), or 2D/(G√t) if μ = 0 (paper §5: same empirical performance). */
        OGD
    }

    /**
     * The confidence radius β of C_{t−1} = {θ : ‖θ − θ̂_t‖_Ṽ ≤ β} (the paper leaves it open; docs/papers.md).
     *
     * @param mode  THEORY: β = √(M_N + K_N) of {@link OnlineUcbTheory#radius}; SCALED: value·theory;
     *              FIXED: β = value
     * @param value the scale (SCALED) or β itself (FIXED); ignored for THEORY
     * @param gamma γ of K_N, the paper's "sufficiently large constant" (default 1)
     */
    public record Confidence(Mode mode, double value, double gamma) {

        public enum Mode { THEORY, SCALED, FIXED }

        public Confidence {
            if (mode == null) {
                throw new IllegalArgumentException("confidence mode must be THEORY, SCALED or FIXED");
            }
            if (!(value >= 0) || Double.isInfinite(value) || !(gamma >= 0) || Double.isInfinite(gamma)) {
                throw new IllegalArgumentException("confidence value and gamma must be finite and >= 0");
            }
        }

        public static Confidence theory() {
            return new Confidence(Mode.THEORY, 1.0, 1.0);
        }

        public static Confidence scaled(double scale) {
            return new Confidence(Mode.SCALED, scale, 1.0);
        }

        public static Confidence fixed(double beta) {
            return new Confidence(Mode.FIXED, beta, 1.0);
        }
    }

    /**
     * The engineered λ_min [engineering]: an assumed curvature of the expected loss for unit-norm actions
     * spread over a few dimensions. It sets OGD's rate 1/(2λ_min t); with it the learner is neither
     * stuck (too large) nor jumping across the ball (too small) in the OnlineUCB paper's setting.
     */
    public static final double ENGINEERED_MIN_EIGENVALUE = 0.15;

    /**
     * The engineered confidence scale [engineering]: β = 0.05·√(M_N + K_N). Ṽ is dominated by the
     * privacy noise (Ṽ ≈ t(σ²I + E[xxᵀ])), so ‖x‖_{Ṽ⁻¹} tells actions apart only through the small
     * anisotropy E[xxᵀ]/σ², and the β needed to explore grows roughly like σ³, as the theory radius does.
     * A fixed fraction of it therefore keeps a similar balance across ε: 0.05 gives β ≈ 60 at ε = 10 and
     * ≈ 470 at ε = 1 (T = 20 000, d = 5), where regret is lowest in the OnlineUCB paper's setting (measured over
     * 20–40 seeds: at ε = 10 the regret is 0.18 of uniform play's, against 0.47 at scale 0.02 and 0.60
     * without exploration; at ε = 1 it is flat in the scale, ≈ 0.83).
     */
    public static final double ENGINEERED_CONFIDENCE_SCALE = 0.05;

    public OnlineUcbConfig {
        if (randomiser == null || learner == null || confidence == null) {
            throw new IllegalArgumentException("randomiser parameters, learner and confidence are required");
        }
        if (horizon < 2) {
            throw new IllegalArgumentException("horizon T must be >= 2, got " + horizon);
        }
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("radius D must be positive and finite, got " + radius);
        }
        if (!(minEigenvalue >= 0) || Double.isInfinite(minEigenvalue)) {
            throw new IllegalArgumentException("minEigenvalue must be finite and >= 0, got " + minEigenvalue);
        }
        if (threshold != null && (!(threshold >= 0) || threshold.isInfinite())) {
            throw new IllegalArgumentException("threshold must be finite and >= 0, got " + threshold);
        }
        if (!(anytimePower >= 0) || Double.isInfinite(anytimePower)) {
            throw new IllegalArgumentException("anytimePower must be finite and >= 0, got " + anytimePower);
        }
        if (!(learnerOffset >= 0) || Double.isInfinite(learnerOffset)) {
            throw new IllegalArgumentException("learnerOffset must be finite and >= 0, got " + learnerOffset);
        }
        if (!(failureProbability > 0 && failureProbability < 1)) {
            throw new IllegalArgumentException("failureProbability must be in (0, 1), got " + failureProbability);
        }
        if (!(subgaussianScale >= 0) || Double.isInfinite(subgaussianScale)) {
            throw new IllegalArgumentException("subgaussianScale must be finite and >= 0, got " + subgaussianScale);
        }
        if (refactorInterval < 1) {
            throw new IllegalArgumentException("refactorInterval must be >= 1, got " + refactorInterval);
        }
    }

    /**
     * The paper's Algorithm 1: two separate releases with the classical σ = 2√(2 ln(1.25/δ))/ε (so the
     * reports are (2ε, 2δ)-LDP: joint calibration of the two LDP releases; for ε &gt; 1, where the
     * classical formula under-noises, the analytic calibration is used instead: analytic Gaussian
     * calibration for ε ≥ 1), Maler, λ_min = 0 with λ̄ = T^{−1/4} (unknown λ_min), the theory radius
     * with γ = 1, α = 1/T, D = 1, and G of Cor. C.1 (with √d in the good-event norms; C = 1). The rules
     * named here are in docs/papers.md.
     */
    public static OnlineUcbConfig paper(int dimension, double epsilon, double delta, int horizon) {
        CalibrationMethod calibration = epsilon <= 1 ? CalibrationMethod.CLASSICAL : CalibrationMethod.ANALYTIC;
        OnlineUcbParameters unclipped = new OnlineUcbParameters(dimension, epsilon, delta, 1.0, 1.0, 1.0,
                ReleaseMode.PAPER_SEPARATE, calibration);
        double alpha = 1.0 / horizon;
        double threshold = StrictMath.pow(horizon, -0.25);
        double conditioningStd = StrictMath.sqrt(threshold); // λ_min = 0 ≤ λ̄
        double g = OnlineUcbTheory.theoryGradientBound(dimension, unclipped.featureSigma(), unclipped.rewardSigma(),
                conditioningStd, 1.0, 1.0, horizon, alpha, 1.0);
        OnlineUcbParameters parameters = new OnlineUcbParameters(dimension, epsilon, delta, 1.0, 1.0, g,
                ReleaseMode.PAPER_SEPARATE, calibration);
        return new OnlineUcbConfig(parameters, horizon, 1.0, 0.0, threshold, 0.0, Learner.MALER, 0.0,
                Confidence.theory(), alpha, 1.0, 1000);
    }

    /**
     * The service's recommendation [engineering]: the joint (ε, δ) release with analytic calibration, the
     * engineered G of {@link OnlineUcbTheory#engineeredGradientBound}, OGD with
     * λ_min = {@link #ENGINEERED_MIN_EIGENVALUE} (μ = 0.3; Δ² = 0 since λ_min &gt; T^{−1/4} for T ≥ 2000),
     * β = {@link #ENGINEERED_CONFIDENCE_SCALE}·theory, α = 0.05, D = 1, R = 1.
     */
    public static OnlineUcbConfig engineered(int dimension, double epsilon, double delta, int horizon) {
        OnlineUcbParameters unclipped = OnlineUcbParameters.of(dimension, epsilon, delta, 1.0);
        double g = OnlineUcbTheory.engineeredGradientBound(dimension, unclipped.featureSigma(), 1.0, 1.0, 1.0);
        return new OnlineUcbConfig(OnlineUcbParameters.of(dimension, epsilon, delta, g), horizon, 1.0,
                ENGINEERED_MIN_EIGENVALUE, null, 0.0, Learner.OGD, 0.0,
                Confidence.scaled(ENGINEERED_CONFIDENCE_SCALE), 0.05, 1.0, 1000);
    }

    public int dimension() {
        return randomiser.dimension();
    }

    /** λ̄ (explicit, or T^{−1/4}). */
    public double effectiveThreshold() {
        return threshold != null ? threshold : StrictMath.pow(horizon, -0.25);
    }

    /** Δ² of Algorithm 1 (lines 3–5): λ̄ if λ_min ≤ λ̄, else 0. */
    public double conditioningVariance() {
        double lambdaBar = effectiveThreshold();
        return minEigenvalue <= lambdaBar ? lambdaBar : 0.0;
    }

    /** The same config with another learner (e.g. OGD in place of Maler). */
    public OnlineUcbConfig withLearner(Learner newLearner) {
        return new OnlineUcbConfig(randomiser, horizon, radius, minEigenvalue, threshold, anytimePower, newLearner,
                learnerOffset, confidence, failureProbability, subgaussianScale, refactorInterval);
    }

    /** The same config with another confidence radius. */
    public OnlineUcbConfig withConfidence(Confidence newConfidence) {
        return new OnlineUcbConfig(randomiser, horizon, radius, minEigenvalue, threshold, anytimePower, learner,
                learnerOffset, newConfidence, failureProbability, subgaussianScale, refactorInterval);
    }

    /** The same config with another λ_min, threshold and anytime power (the combiner's base learners). */
    public OnlineUcbConfig withConditioning(double newMinEigenvalue, Double newThreshold, double newAnytimePower) {
        return new OnlineUcbConfig(randomiser, horizon, radius, newMinEigenvalue, newThreshold, newAnytimePower,
                learner, learnerOffset, confidence, failureProbability, subgaussianScale, refactorInterval);
    }
}
