package io.dpbandit.policy.linucb;

import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.privacy.TreeCalibrationMethod;

/**
 * Everything that defines a JDP-LinUCB bandit (Shariff &amp; Sheffet 2018, Algorithm 1 with the tree
 * mechanism of §4). Names keep privacy and confidence apart (separate privacy and confidence names,
 * docs/papers.md): {@code epsilonDp}/{@code deltaDp} are the privacy parameters, {@code alphaConf} the
 * failure probability of the confidence sets.
 *
 * <p>Privacy depends only on (horizon, epsilonDp, deltaDp, featureBound, rewardBound, noise,
 * calibration): they fix the clipping, hence the sensitivity, and the node noise. Everything else
 * (alphaConf, thetaBound, rewardNoise, tuning, ridge) only shapes the regulariser shift, the PSD
 * repair and the confidence radius, all of which are computed from the private release alone
 * (post-processing, Claim 7): any value keeps the (ε, δ)-JDP guarantee.
 *
 * @param horizon      T: the most rows (learning rounds) the tree takes
 * @param leafRounds   B: rows per tree leaf; the tree takes n = ⌈T/B⌉ leaves, which fixes
 *                     m = ⌈log₂ n⌉ + 1 (one leaf per fold of B rounds; 1: a leaf per round)
 * @param groupSize    k: the rows one protected user contributes at most (user-level privacy; 1:
 *                     round-level); the tree's node sensitivity is k·L̃²
 *                     ({@link io.dpbandit.privacy.TreeMechanismCalibration})
 * @param dimension    d: the feature dimension (the tree runs on (d+1)×(d+1) matrices)
 * @param epsilonDp    ε of the whole run (ignored for NONE)
 * @param deltaDp      δ of the whole run (ignored for NONE)
 * @param alphaConf    α: the confidence sets fail with probability ≤ α (the paper's experiments: 1/n)
 * @param featureBound L: every feature vector is clipped to ‖x‖ ≤ L (Assumption 1/6)
 * @param rewardBound  B̃: every reward is clipped to [−B̃, B̃]; L̃² = L² + B̃² (Assumption 6)
 * @param thetaBound   S ≥ ‖θ*‖ (Assumption 3)
 * @param rewardNoise  σ: the reward noise is σ²-subgaussian (Assumption 5)
 * @param noise        the tree's node noise: GAUSSIAN (§4.2), WISHART (§4.1) or NONE (non-private)
 * @param calibration  PAPER, ANALYTIC or ANALYTIC_TREE (Gaussian; Wishart takes PAPER only)
 * @param tuning       accuracy bounds, shift and radius (see {@link Tuning})
 * @param ridge        ρ of the non-private H_t = ρI (NONE); unused by the private variants
 * @param blocks       K: the features are K independent blocks of d/K (PER_ACTION: one per action,
 *                     disjoint LinUCB); the model keeps only the released matrix's diagonal blocks
 *                     (post-processing), 1 for one joint model
 */
public record LinUcbConfig(long horizon, int dimension, double epsilonDp, double deltaDp, double alphaConf,
        double featureBound, double rewardBound, double thetaBound, double rewardNoise, NodeNoiseKind noise,
        TreeCalibrationMethod calibration, Tuning tuning, double ridge, long leafRounds, int groupSize, int blocks) {

    /** A leaf per fold, whatever its size: the tree takes {@code horizon} leaves (the simulator's folds). */
    public LinUcbConfig(long horizon, int dimension, double epsilonDp, double deltaDp, double alphaConf,
            double featureBound, double rewardBound, double thetaBound, double rewardNoise, NodeNoiseKind noise,
            TreeCalibrationMethod calibration, Tuning tuning, double ridge) {
        this(horizon, dimension, epsilonDp, deltaDp, alphaConf, featureBound, rewardBound, thetaBound, rewardNoise,
                noise, calibration, tuning, ridge, 1, 1, 1);
    }

    /**
     * The utility knobs. None of them touches the data or the noise, so none changes privacy.
     *
     * <ul>
     *   <li>{@code mode}: {@link CalibrationMode#PAPER} uses the accuracy bounds as printed (Υ of §4.2 with
     *       (4√d + 2 ln(2n/α)), Prop 9's γ'). {@link CalibrationMode#ENGINEERED} uses sharper bounds that are
     *       still (α/2n)-accurate, so Prop 4's radius stays valid: for Gaussian noise
     *       Υ = σ√(2m)(2√d + √(2 ln(4n/α))) (the top-left block of a sum of j ≤ m symmetrised nodes is
     *       (Z + Zᵀ)/√2 with Z_ij ~ N(0, jσ²), ‖·‖ ≤ √2‖Z‖, and ‖Z‖ ≤ √j σ(2√d + √(2 ln(2/α'))) with
     *       probability 1 − α' by the paper's own Claim 18 at α' = α/2n); for Wishart, Claim 20's γ'
     *       instead of its looser printed simplification.</li>
     *   <li>{@code shiftScale}: multiplies the regulariser shift (+2Υ Gaussian, −c Wishart). 1 is the
     *       paper's choice; Wishart with 0 is the paper's WishartUnshifted. The bounds ρ_min, ρ_max
     *       and γ follow the shift (ρ_min must stay positive).</li>
     *   <li>{@code radiusScale}: multiplies β_t (1 = Prop 4; below 1 is a heuristic without the
     *       confidence guarantee, privacy is unaffected).</li>
     *   <li>{@code radiusForm}: Prop 4's exact, data-dependent form (ln det V_t) or its bound form
     *       (a function of t); the paper leaves the choice open.</li>
     *   <li>{@code regulariser}: {@link Regulariser#SHIFT} adds the shift to every eigenvalue of the
     *       noisy Gram matrix (the paper's H_t = N_t + 2ΥI); {@link Regulariser#FLOOR} [engineering]
     *       raises only the eigenvalues below the public noise level Υ to Υ. Both are functions of
     *       the release alone (post-processing, Claim 7).</li>
     * </ul>
     */
    public record Tuning(CalibrationMode mode, double shiftScale, double radiusScale, RadiusForm radiusForm,
            Regulariser regulariser) {

        /** The paper's shift as the regulariser. */
        public Tuning(CalibrationMode mode, double shiftScale, double radiusScale, RadiusForm radiusForm) {
            this(mode, shiftScale, radiusScale, radiusForm, Regulariser.SHIFT);
        }

        public Tuning {
            if (mode == null || radiusForm == null || regulariser == null) {
                throw new IllegalArgumentException("tuning mode, radius form and regulariser must not be null");
            }
            if (!(shiftScale >= 0) || Double.isInfinite(shiftScale)) {
                throw new IllegalArgumentException("shiftScale must be finite and >= 0, got " + shiftScale);
            }
            if (!(radiusScale >= 0) || Double.isInfinite(radiusScale)) {
                throw new IllegalArgumentException("radiusScale must be finite and >= 0, got " + radiusScale);
            }
        }

        /** The paper's bounds, shift and radius (exact form). */
        public static Tuning paper() {
            return new Tuning(CalibrationMode.PAPER, 1.0, 1.0, RadiusForm.EXACT);
        }

        /** Sharper valid bounds, the paper's shift rule, Prop 4's radius (exact form). */
        public static Tuning engineered() {
            return new Tuning(CalibrationMode.ENGINEERED, 1.0, 1.0, RadiusForm.EXACT);
        }

        public Tuning withRegulariser(Regulariser r) {
            return new Tuning(mode, shiftScale, radiusScale, radiusForm, r);
        }

        public Tuning withRadiusScale(double scale) {
            return new Tuning(mode, shiftScale, scale, radiusForm, regulariser);
        }
    }

    /**
     * How the noisy Gram matrix G̃ = G + N is made positive definite.
     *
     * <ul>
     *   <li>SHIFT: V = G̃ + shift·I (Shariff &amp; Sheffet 2018, §4.2: +2Υ I), so V ⪰ G + ΥI on the
     *       analysis' good event ‖N‖ ≤ Υ; every direction carries the 2Υ bias, which swamps the data
     *       when a direction has fewer than about 2Υ/L² rows.</li>
     *   <li>FLOOR [engineering]: V = Q max(Λ, Υ) Qᵀ for G̃ = QΛQᵀ: eigenvalues below the noise level
     *       are raised to it, the others kept. On the good event V ⪰ ΥI as the paper's analysis needs of
     *       the regulariser's floor ρ_min, while a well-observed direction is not biased at all.</li>
     * </ul>
     */
    public enum Regulariser { SHIFT, FLOOR }

    /**
     * How the model is released: TREE (Shariff &amp; Sheffet 2018's tree-based mechanism, a release
     * per leaf) or EPOCHS [engineering] ({@link EpochLinUcb}: one release per doubling epoch under
     * parallel composition, greedy play on their sum; PER_ACTION only).
     */
    public enum Release { TREE, EPOCHS }




    /** Prop 4's exact form (ln det V_t) or bound form (t L²). */
    public enum RadiusForm { EXACT, BOUND }

    public LinUcbConfig {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, got " + horizon);
        }
        if (leafRounds < 1) {
            throw new IllegalArgumentException("leafRounds must be >= 1, got " + leafRounds);
        }
        if (groupSize < 1) {
            throw new IllegalArgumentException("groupSize must be >= 1, got " + groupSize);
        }
        if (blocks < 1 || dimension % blocks != 0) {
            throw new IllegalArgumentException("blocks must divide the dimension " + dimension + ", got " + blocks);
        }
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        if (noise == null || calibration == null || tuning == null) {
            throw new IllegalArgumentException("noise, calibration and tuning must not be null");
        }
        if (noise != NodeNoiseKind.NONE) {
            if (!(epsilonDp > 0) || Double.isInfinite(epsilonDp)) {
                throw new IllegalArgumentException("epsilonDp must be positive and finite, got " + epsilonDp);
            }
            if (!(deltaDp > 0 && deltaDp < 1)) {
                throw new IllegalArgumentException("deltaDp must be in (0, 1), got " + deltaDp);
            }
        }
        if (!(alphaConf > 0 && alphaConf < 1)) {
            throw new IllegalArgumentException("alphaConf must be in (0, 1), got " + alphaConf);
        }
        positiveFinite(featureBound, "featureBound L");
        positiveFinite(rewardBound, "rewardBound B~");
        positiveFinite(thetaBound, "thetaBound S");
        if (!(rewardNoise >= 0) || Double.isInfinite(rewardNoise)) {
            throw new IllegalArgumentException("rewardNoise must be finite and >= 0, got " + rewardNoise);
        }
        positiveFinite(ridge, "ridge");
    }

    private static void positiveFinite(double v, String name) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + v);
        }
    }

    /**
     * Shariff &amp; Sheffet 2018's algorithm as analysed, in its experiments' world (L = B̃ = S = σ = 1, so L̃² = 2):
     * the paper's calibration, bounds, shift and radius.
     */
    public static LinUcbConfig paper(long horizon, int dimension, double epsilonDp, double deltaDp, double alphaConf,
            NodeNoiseKind noise) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, 1.0, 1.0, 1.0, 1.0, noise,
                TreeCalibrationMethod.PAPER, Tuning.paper(), 1.0);
    }

    /**
     * The recommended private configuration (same world as {@link #paper}): Gaussian node noise
     * calibrated jointly over the tree (ANALYTIC_TREE, the least noise at the same (ε, δ)) and the
     * sharper accuracy bounds; the shift and radius still follow the paper's rules, so the regret
     * analysis holds. Privacy is exactly as in {@link #paper}: only σ's derivation and the
     * post-processing differ.
     */
    public static LinUcbConfig engineered(long horizon, int dimension, double epsilonDp, double deltaDp,
            double alphaConf) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, 1.0, 1.0, 1.0, 1.0,
                NodeNoiseKind.GAUSSIAN, TreeCalibrationMethod.ANALYTIC_TREE, Tuning.engineered(), 1.0);
    }

    /** Non-private LinUCB (H_t = ρI, h_t = 0), the paper's NonPrivate baseline with ρ = ridge. */
    public static LinUcbConfig nonPrivate(long horizon, int dimension, double alphaConf, double ridge) {
        return new LinUcbConfig(horizon, dimension, 0, 0, alphaConf, 1.0, 1.0, 1.0, 1.0, NodeNoiseKind.NONE,
                TreeCalibrationMethod.PAPER, Tuning.paper(), ridge);
    }

    /** n = ⌈T/B⌉: the leaves the tree takes. */
    public long leaves() {
        return (horizon + leafRounds - 1) / leafRounds;
    }

    /** The same configuration with leaves of B rounds each. */
    public LinUcbConfig withLeafRounds(long b) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, featureBound, rewardBound,
                thetaBound, rewardNoise, noise, calibration, tuning, ridge, b, groupSize, blocks);
    }

    /** The same configuration protecting users of up to k rows each. */
    public LinUcbConfig withGroupSize(int k) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, featureBound, rewardBound,
                thetaBound, rewardNoise, noise, calibration, tuning, ridge, leafRounds, k, blocks);
    }

    /** The same configuration with K independent blocks (PER_ACTION: one per action). */
    public LinUcbConfig withBlocks(int k) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, featureBound, rewardBound,
                thetaBound, rewardNoise, noise, calibration, tuning, ridge, leafRounds, groupSize, k);
    }

    /** The same configuration with other utility knobs (privacy unchanged). */
    public LinUcbConfig withTuning(Tuning t) {
        return new LinUcbConfig(horizon, dimension, epsilonDp, deltaDp, alphaConf, featureBound, rewardBound,
                thetaBound, rewardNoise, noise, calibration, t, ridge, leafRounds, groupSize, blocks);
    }

    /** d/K: the dimension of one block. */
    public int blockDimension() {
        return dimension / blocks;
    }

    /** L̃ = √(L² + B̃²), the row-norm bound of the augmented rows [x; y] (Assumption 6). */
    public double rowNormBound() {
        return Math.sqrt(featureBound * featureBound + rewardBound * rewardBound);
    }

    /** Whether the bandit releases anything private (noise is not NONE). */
    public boolean privateRelease() {
        return noise != NodeNoiseKind.NONE;
    }
}
