package io.dpbandit.policy.gpucb;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.kernel.QuadratureFeatureSpec;
import io.dpbandit.kernel.QuadratureFourierFeatures;

/**
 * Everything that defines a private GP-UCB bandit with quadrature Fourier features (Dubey 2021,
 * NQFF-GP-UCB: Alg. 1, with the tree privatiser of Alg. 2 for JDP or the client noise of Alg. 3 for
 * local JDP; docs/papers.md). Names follow the paper with the symbol collisions of docs/papers.md resolved:
 * {@code alpha}/{@code beta} are the privacy parameters, {@code zeta} the failure probability of the
 * confidence bounds, {@code noiseScale} the reward noise's ρ.
 *
 * <p>Privacy depends only on (horizon, privacy, calibration, rewardBound) and on the feature map's
 * dimension M (the clipping ‖Φ‖ ≤ 1 is enforced whatever the map): they fix the clipping, hence the
 * sensitivity, and the noise. Everything else (ridge, noiseScale, rkhsNormBound, zeta, domain, tuning)
 * only shapes the PSD shift, the repair floor and the confidence radius, all computed from the private
 * release alone (post-processing): any value keeps the (α, β) guarantee.
 *
 * @param features      the QFF map: m̄ nodes per dimension (explicit m̄, docs/papers.md), SE length scale ℓ,
 *                      input dimension d of the joint points; M = 2 m̄^d
 * @param domain        the declared box of the joint points on which ε_qff = {@link #approximationError()}
 *                      holds (m̄ chosen on the actual domain, docs/papers.md); points outside still work,
 *                      but the radius' approximation term no longer covers them
 * @param horizon       T: JDP: the most rows (learning rounds) the tree takes; local JDP: the most
 *                      client reports; also the T of the union bounds ln(2T/ζ) (kept at T rounds
 *                      when leaves hold several: a union over more events than releases is only
 *                      looser)
 * @param privacy       NONE, JDP (α, β) or LOCAL_JDP (α, β) per user
 * @param calibration   how σ is derived from (α, β), see {@link Calibration}
 * @param ridge         λ &gt; 0: V_t = Σ̃_t + λI ([open] in the paper; Thm 4 sets λ = ρ²)
 * @param noiseScale    ρ &gt; 0, the sub-Gaussian scale of the reward noise (Bernoulli rewards: 1/2)
 * @param rkhsNormBound B ≥ 0, ‖f‖_k ≤ B (the experiments: B = 1)
 * @param zeta          ζ ∈ (0, 1), failure probability of the confidence bounds
 * @param rewardBound   Y &gt; 0: rewards are clipped to [−Y, Y] before they reach any sum (deterministic
 *                      sensitivity, docs/papers.md); the sensitivity uses this Y. Bernoulli rewards: 1;
 *                      otherwise e.g.
 *                      {@link JdpTreeCalibration#chernoffRewardBound}
 * @param tuning        the PSD shift and the radius scale (utility only)
 * @param leafRounds    JDP: B, rows per tree leaf; the tree takes ⌈T/B⌉ leaves, which fixes its
 *                      node count n = 1 + ⌈log₂ ⌈T/B⌉⌉ (1: a leaf per fold, as the simulator folds)
 * @param groupSize     JDP: k, the rows one protected user contributes at most (1: round-level); the
 *                      node sensitivity is k·L̃² ({@link JdpNoiseCalibration})
 */
public record GpUcbConfig(QuadratureFeatureSpec features, BoxDomain domain, int horizon, Privacy privacy,
        Calibration calibration, double ridge, double noiseScale, double rkhsNormBound, double zeta,
        double rewardBound, Tuning tuning, int leafRounds, int groupSize) {

    /** A leaf per fold: the tree takes {@code horizon} leaves. */
    public GpUcbConfig(QuadratureFeatureSpec features, BoxDomain domain, int horizon, Privacy privacy,
            Calibration calibration, double ridge, double noiseScale, double rkhsNormBound, double zeta,
            double rewardBound, Tuning tuning) {
        this(features, domain, horizon, privacy, calibration, ridge, noiseScale, rkhsNormBound, zeta, rewardBound,
                tuning, 1, 1);
    }

    /** JDP: the leaves the tree takes, ⌈T/B⌉. */
    public int leaves() {
        return (int) ((horizon + (long) leafRounds - 1) / leafRounds);
    }

    /** The same configuration with leaves of B rounds each. */
    public GpUcbConfig withLeafRounds(int b) {
        return new GpUcbConfig(features, domain, horizon, privacy, calibration, ridge, noiseScale, rkhsNormBound,
                zeta, rewardBound, tuning, b, groupSize);
    }

    /** The same configuration with other utility knobs (privacy unchanged). */
    public GpUcbConfig withTuning(Tuning t) {
        return new GpUcbConfig(features, domain, horizon, privacy, calibration, ridge, noiseScale, rkhsNormBound,
                zeta, rewardBound, t, leafRounds, groupSize);
    }

    /** The same configuration protecting users of up to k rows each (JDP). */
    public GpUcbConfig withGroupSize(int k) {
        return new GpUcbConfig(features, domain, horizon, privacy, calibration, ridge, noiseScale, rkhsNormBound,
                zeta, rewardBound, tuning, leafRounds, k);
    }

    /** Who adds the noise. */
    public enum Model {
        /** No noise, no shift: GP-UCB on the exact sums (the simulator's baseline; not private). */
        NONE,
        /** Alg. 2: a trusted privatiser keeps the tree over [Φ; y][Φ; y]ᵀ; (α, β)-JDP. */
        JDP,
        /** Alg. 3: each client adds its own noise; (α, β)-local JDP (hence JDP, Lemma 4). */
        LOCAL_JDP
    }

    /**
     * The privacy model and its parameters.
     *
     * @param model who adds the noise
     * @param alpha α (ε of DP) &gt; 0; ignored for NONE
     * @param beta  β (δ of DP) ∈ (0, 1); ignored for NONE
     */
    public record Privacy(Model model, double alpha, double beta) {

        public Privacy {
            if (model == null) {
                throw new IllegalArgumentException("privacy model must be NONE, JDP or LOCAL_JDP");
            }
            if (model != Model.NONE) {
                if (!(alpha > 0) || Double.isInfinite(alpha)) {
                    throw new IllegalArgumentException("alpha must be positive and finite, got " + alpha);
                }
                if (!(beta > 0 && beta < 1)) {
                    throw new IllegalArgumentException("beta must be in (0, 1), got " + beta);
                }
            }
        }

        public static Privacy none() {
            return new Privacy(Model.NONE, 0, 0);
        }

        public static Privacy jdp(double alpha, double beta) {
            return new Privacy(Model.JDP, alpha, beta);
        }

        public static Privacy localJdp(double alpha, double beta) {
            return new Privacy(Model.LOCAL_JDP, alpha, beta);
        }
    }

    /** How the noise scale is derived from (α, β). Every method is (α, β)-private; they differ in noise. */
    public enum Calibration {
        /**
         * JDP: the reconstructed σ² = 16 n (1 + Y²)² ln(10/β)²/α² ("JDP node noise" in docs/papers.md;
         * classical per node at (α/√(8n ln(2/β)), β/2), composed by zCDP;
         * {@link JdpTreeCalibration#nodeNoiseVariance}).
         * Local JDP: the vector-level classical σ_X, σ_u at (α/2, β/2) (vector-level local-JDP
         * calibration), refused for α &gt; 2 (analytic Gaussian calibration for ε ≥ 1).
         */
        PAPER,
        /**
         * [engineering] JDP: the n node releases a datum touches are jointly one Gaussian mechanism of
         * sensitivity √n·L̃² (Gaussian-DP composition), each node's σ solved exactly by Balle &amp; Wang's
         * analytic profile at (α, β) (the tree's ANALYTIC_TREE). Local JDP: Balle &amp; Wang at (α/2, β/2)
         * per release, valid for every α. Less noise, the same guarantee.
         */
        ANALYTIC
    }

    /** Which high-probability bound Λ on the noise's spectral norm the PSD shift is built on. */
    public enum ShiftRule {
        /**
         * As printed: JDP Λ = σ√(2n)(4√M + 2 ln(2T/ζ)) (Lemma 3); local JDP Λ = √T(4√M + 2 ln(2T/ζ)),
         * shift 2σ_XΛ (Lemma 6).
         */
        PAPER,
        /**
         * [derived, still (ζ/2T)-accurate] JDP Λ' = σ√(2n)(2√M + √(2 ln(2T/ζ)))
         * ({@link JdpTreeCalibration#sharpNoiseNormBound}); local JDP Lemma 6 with √(t − 1) for √T
         * ({@link LocalJdpCalibration#roundBounds}), i.e. the bound for the reports actually summed.
         */
        SHARP
    }

    /**
     * How the noisy Gram matrix Σ̃_t (data plus the indefinite privacy noise) is made positive definite
     * before θ̃_t = V_t⁻¹ũ_t. Both are functions of the release (Σ̃_t, ũ_t) and of the public noise
     * level Λ alone, so both are post-processing and neither changes privacy (Dubey 2021, Remark 1:
     * the model depends on the data only through the release; Dwork &amp; Roth 2014, Prop. 2.1).
     */
    public enum Regulariser {
        /**
         * The paper's shift: V_t = Σ̃_t + (s·2Λ + λ)I (Dubey 2021 §5.1 "we must shift", with Shariff &amp;
         * Sheffet 2018 Prop. 11's 2Λ; local JDP 2σ_XΛ, Lemma 6). Every direction carries the 2Λ bias,
         * which swamps the data wherever fewer than about 2Λ rows' worth of ‖Φ‖² fall.
         */
        SHIFT,
        /**
         * [engineering] An eigenvalue floor at the noise level: V_t = Q max(D, s·Λ) Qᵀ + λI for
         * Σ̃_t = QDQᵀ (local JDP: s·σ_XΛ_r). Directions the noise could have produced (eigenvalue below
         * s·Λ) are raised to it; well-observed directions keep their data unbiased. V_t ⪰ (sΛ + λ)I
         * always, so the snapshot never needs a repair; on the good event ‖N‖ ≤ Λ the regulariser
         * H_t = V_t − λI − Σ_t has ‖H_t‖ ≤ (s + 1)Λ, and the radius uses λ_min = sΛ,
         * λ_max = (s + 1)Λ, κ = ‖h‖/√(sΛ), as LinUCB's FLOOR does. Thm 1 needs H_t ⪰ λ_min I, which a
         * floor does not give in well-observed directions: the radius is then a heuristic (the
         * engineered radius scale already is one). Costs one M × M eigendecomposition per snapshot.
         */
        FLOOR
    }

    /**
     * The utility knobs. None touches the data or the noise, so none changes privacy.
     *
     * @param shiftRule   which Λ the shift (or floor) uses
     * @param shiftScale  s &gt; 1/2: the shift is s·2Λ (JDP) or s·2σ_XΛ (local JDP), so λ_min = (2s − 1)Λ
     *                    &gt; 0 and Thm 1 keeps its radius (s = 1 is the paper's 2Λ); the floor is s·Λ.
     *                    Ignored for NONE
     * @param radiusScale c ≥ 0: the UCB bonus is c·r_t‖Φ‖_{V⁻¹} with r_t the reconciled radius of docs/papers.md
     *                    ({@link ConfidenceRadius#reconciledRadius}); c = 1 is the theory, c &lt; 1 a
     *                    heuristic without the confidence guarantee (privacy unaffected)
     * @param regulariser SHIFT (the paper's) or FLOOR; ignored for NONE (no noise: V_t = Σ_t + λI)
     */
    public record Tuning(ShiftRule shiftRule, double shiftScale, double radiusScale, Regulariser regulariser) {

        /** The paper's shift as the regulariser. */
        public Tuning(ShiftRule shiftRule, double shiftScale, double radiusScale) {
            this(shiftRule, shiftScale, radiusScale, Regulariser.SHIFT);
        }

        public Tuning {
            if (shiftRule == null) {
                throw new IllegalArgumentException("shift rule must be PAPER or SHARP");
            }
            if (regulariser == null) {
                throw new IllegalArgumentException("regulariser must be SHIFT or FLOOR");
            }
            if (!(shiftScale > 0.5) || Double.isInfinite(shiftScale)) {
                throw new IllegalArgumentException("shiftScale must be finite and > 1/2 (lambda_min = (2s - 1) Lambda "
                        + "must be positive), got " + shiftScale);
            }
            if (!(radiusScale >= 0) || Double.isInfinite(radiusScale)) {
                throw new IllegalArgumentException("radiusScale must be finite and >= 0, got " + radiusScale);
            }
        }

        /** The paper's shift 2Λ and the theoretical radius. */
        public static Tuning paper() {
            return new Tuning(ShiftRule.PAPER, 1.0, 1.0);
        }

        /** The same knobs with another regulariser. */
        public Tuning withRegulariser(Regulariser r) {
            return new Tuning(shiftRule, shiftScale, radiusScale, r);
        }

        /** The same knobs with another radius scale. */
        public Tuning withRadiusScale(double c) {
            return new Tuning(shiftRule, shiftScale, c, regulariser);
        }
    }

    public GpUcbConfig {
        if (features == null || domain == null || privacy == null || calibration == null || tuning == null) {
            throw new IllegalArgumentException("features, domain, privacy, calibration and tuning are required");
        }
        if (domain.dimension() != features.inputDimension()) {
            throw new IllegalArgumentException("domain has dimension " + domain.dimension() + ", the feature map "
                    + features.inputDimension());
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon T must be >= 1, got " + horizon);
        }
        if (leafRounds < 1 || groupSize < 1) {
            throw new IllegalArgumentException("leafRounds and groupSize must be >= 1, got " + leafRounds + " and "
                    + groupSize);
        }
        JdpTreeCalibration.requirePositive(ridge, "ridge lambda");
        JdpTreeCalibration.requirePositive(noiseScale, "noise scale rho");
        JdpTreeCalibration.requireNonNegative(rkhsNormBound, "RKHS norm bound B");
        JdpTreeCalibration.requireProbability(zeta, "zeta");
        JdpTreeCalibration.requirePositive(rewardBound, "reward bound Y");
        if (features.featureDimension() > 4096) {
            throw new IllegalArgumentException("feature dimension M = " + features.featureDimension() + " > 4096: "
                    + "every fold factors an M x M matrix (the feature dimension cost, docs/papers.md); lower nodesPerDimension");
        }
    }

    /**
     * The paper's algorithm as analysed: its calibration (JDP: the reconstructed σ²; local JDP: the
     * vector-level classical σ's; both in docs/papers.md), the shift 2Λ and the theoretical radius.
     *
     * @param nodesPerDimension m̄ (explicit: the paper's m = 2(6 log T)^d is impractical; docs/papers.md)
     * @param lengthScale       ℓ of the SE kernel exp(−‖x − y‖²/(2ℓ²))
     * @param domain            the joint points' box; d = its dimension
     */
    public static GpUcbConfig paper(int nodesPerDimension, double lengthScale, BoxDomain domain, int horizon,
            Privacy privacy, double ridge, double noiseScale, double rkhsNormBound, double zeta, double rewardBound) {
        return new GpUcbConfig(new QuadratureFeatureSpec(nodesPerDimension, lengthScale, domain.dimension()), domain,
                horizon, privacy, Calibration.PAPER, ridge, noiseScale, rkhsNormBound, zeta, rewardBound,
                Tuning.paper());
    }

    /**
     * The recommended configuration: analytic calibration (less noise at the same (α, β)), the sharper
     * but still valid shift bound at scale {@code shiftScale} (&gt; 1/2) and the reconciled radius times
     * {@code radiusScale} (1 keeps the confidence guarantee).
     */
    public static GpUcbConfig engineered(int nodesPerDimension, double lengthScale, BoxDomain domain, int horizon,
            Privacy privacy, double ridge, double noiseScale, double rkhsNormBound, double zeta, double rewardBound,
            double shiftScale, double radiusScale) {
        return new GpUcbConfig(new QuadratureFeatureSpec(nodesPerDimension, lengthScale, domain.dimension()), domain,
                horizon, privacy, Calibration.ANALYTIC, ridge, noiseScale, rkhsNormBound, zeta, rewardBound,
                new Tuning(ShiftRule.SHARP, shiftScale, radiusScale));
    }

    /** M = 2 m̄^d. */
    public int featureDimension() {
        return features.featureDimension();
    }

    /** ε_qff: the Thm 2 bound of the map on the declared domain ({@link QuadratureFourierFeatures#errorBound}). */
    public double approximationError() {
        return features.toFeatureMap().errorBound(domain);
    }
}
