package io.dpbandit.policy.gpucb;

/**
 * Calibration of the JDP PRIVATIZER of Dubey 2021 (Alg. 2, §5.1): a binary tree over the T rounds
 * whose nodes each hold a partial sum of the augmented items [Φ(x_t); y_t][Φ(x_t); y_t]ᵀ, of size
 * (M+1) × (M+1), plus their own symmetrised noise (v + vᵀ)/√2, v with i.i.d. N(0, σ²) entries (tree
 * noise drawn once per node, docs/papers.md: per-node noise, not the paper's "leaf noise summed by
 * parents"). The prefix sum (Σ̃_t, ũ_t) then carries the noise of at most n = 1 + ⌈log₂ T⌉ nodes, plus
 * the PSD shift 2ΛI.
 *
 * <p>Everything here is a pure function of public parameters. The noise itself, the tree and the
 * clipping of rewards to [−Y, Y] (deterministic sensitivity: the privacy guarantee needs the clip, not a
 * high-probability bound) belong to the policy.
 */
public final class JdpTreeCalibration {

    private JdpTreeCalibration() {
    }

    /** n = 1 + ⌈log₂ T⌉: the most tree nodes any prefix sum, or any datum, touches (§5.1). */
    public static int treeNodeCount(int horizon) {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon T must be at least 1, got " + horizon);
        }
        int ceilLog2 = horizon == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(horizon - 1);
        return 1 + ceilLog2;
    }

    /**
     * Y = B + ρ√(2 ln(8T/β)): Lemma 7 (|y| ≤ μ* + ρ√(2 ln(2/δ)) for ρ-sub-Gaussian y with mean ≤ μ*)
     * with δ = β/(4T), so that all T rewards lie in [−Y, Y] with probability ≥ 1 − β/4, the event
     * Lemma 2's proof conditions on. Used as the clipping bound, it makes that event sure (deterministic
     * sensitivity, docs/papers.md).
     *
     * <p>The proof of Lemma 2/12 (eq. 43) prints |y|² ≤ B² + 2ρ² ln(8T/β) instead, which drops the
     * cross term 2Bρ√(2 ln(8T/β)) of squaring Lemma 7; see {@link #printedRewardBound}.
     */
    public static double chernoffRewardBound(double rkhsNormBound, double noiseScale, int horizon, double beta) {
        requireNonNegative(rkhsNormBound, "B");
        requireNonNegative(noiseScale, "rho");
        requireProbability(beta, "beta");
        requirePositiveHorizon(horizon);
        return rkhsNormBound + noiseScale * StrictMath.sqrt(2.0 * StrictMath.log(8.0 * horizon / beta));
    }

    /**
     * Y = √(B² + 2ρ² ln(8T/β)), the reward bound as printed in Lemma 2 and in the reconstructed σ². Smaller than
     * {@link #chernoffRewardBound}, so rewards clipped to it are clipped slightly more often than
     * Lemma 7 promises; privacy is unaffected, as long as the σ² is computed with the same Y the
     * rewards are clipped to.
     */
    public static double printedRewardBound(double rkhsNormBound, double noiseScale, int horizon, double beta) {
        requireNonNegative(rkhsNormBound, "B");
        requireNonNegative(noiseScale, "rho");
        requireProbability(beta, "beta");
        requirePositiveHorizon(horizon);
        return StrictMath.sqrt(rkhsNormBound * rkhsNormBound
                + 2.0 * noiseScale * noiseScale * StrictMath.log(8.0 * horizon / beta));
    }

    /**
     * σ²_{α,β} = 16 n (1 + Y²)² ln(10/β)² / α², the variance of each entry of a node's v
     * ([reconstructed]: "JDP node noise" in docs/papers.md), for rewards clipped to [−Y, Y] and ‖Φ‖ ≤ 1.
     * With Bernoulli rewards (Y = 1, the experiments' setting) it is 64 n ln(10/β)²/α².
     *
     * <p><b>Why reconstructed.</b> The paper prints three mutually inconsistent forms: Lemma 2 bounds
     * σ (not σ²) by 16n(1+B²+2ρ² log(8T/β)) ln(10/β)²/α², with an unsquared sensitivity; Lemma 12
     * bounds σ by 16(1+⌈log₂T⌉)(1+B²+ρ² ln(4T/β)) ln(4/β)² α², multiplying by α²; Lemma 12's proof
     * has σ² &gt; 16n(1+B²+2ρ² log(8T/β))² ln(10/β)² without the 1/α². This follows the proof's form
     * (σ², squared sensitivity L̃² = 1 + Y², ln(10/β)²) with the 1/α² of Lemma 2, which is also
     * Shariff &amp; Sheffet's 16 m L̃⁴ ln(·)²/ε² for their Gaussian tree. Y is the clip bound, with
     * Y² = B² + 2ρ² ln(8T/β) ({@link #printedRewardBound}) reproducing the reconstructed formula exactly.
     *
     * <p><b>Why it is (α, β)-JDP.</b> A datum enters ≤ n nodes. Per node, replacing it changes the
     * node's matrix by Δ = ww ᵀ − w'w'ᵀ with ‖Δ‖_F ≤ √2 L̃²; the symmetrised noise has variance σ²
     * off the diagonal and 2σ² on it, so the released triangle moves by ‖Δ‖_F/(√2σ) ≤ L̃²/σ noise
     * standard deviations: effective sensitivity L̃². The classical Gaussian mechanism at the
     * per-node budget (ε₀, β/2) = (α/√(8n ln(2/β)), β/2) needs σ² ≥ 16 n L̃⁴ ln(2.5/β) ln(2/β)/α², which
     * this σ² exceeds; and by zCDP the n nodes cost ρ = n L̃⁴/(2σ²) = α²/(32 ln(10/β)²), i.e.
     * ε = ρ + 2√(ρ ln(1/β)) ≤ 0.12α + α²/170 at δ = β, below α for every α up to ~150 without the
     * classical formula's ε₀ &lt; 1 condition (analytic Gaussian calibration for ε ≥ 1, docs/papers.md).
     * The tests check both.
     *
     * @param treeNodes   n, see {@link #treeNodeCount}
     * @param rewardBound Y ≥ 0, the bound rewards are clipped to
     * @param alpha       privacy α &gt; 0 (ε_DP)
     * @param beta        privacy β ∈ (0, 1) (δ_DP)
     */
    public static double nodeNoiseVariance(int treeNodes, double rewardBound, double alpha, double beta) {
        if (treeNodes < 1) {
            throw new IllegalArgumentException("tree node count n must be at least 1, got " + treeNodes);
        }
        requireNonNegative(rewardBound, "reward bound Y");
        requirePositive(alpha, "alpha");
        requireProbability(beta, "beta");
        double squaredSensitivity = 1.0 + rewardBound * rewardBound; // L̃² = ‖[Φ; y]‖² with ‖Φ‖ ≤ 1, |y| ≤ Y
        double log = StrictMath.log(10.0 / beta);
        return 16.0 * treeNodes * squaredSensitivity * squaredSensitivity * log * log / (alpha * alpha);
    }

    /** ε₀ = α/√(8 n ln(2/β)), the per-node budget of Lemma 2's proof (for provenance). */
    public static double perNodeEpsilon(int treeNodes, double alpha, double beta) {
        if (treeNodes < 1) {
            throw new IllegalArgumentException("tree node count n must be at least 1, got " + treeNodes);
        }
        requirePositive(alpha, "alpha");
        requireProbability(beta, "beta");
        return alpha / StrictMath.sqrt(8.0 * treeNodes * StrictMath.log(2.0 / beta));
    }

    /**
     * Λ = σ √(2n) (4√m + 2 ln(2T/ζ)) (Lemma 3; Υ of Shariff &amp; Sheffet Prop. 11): with probability
     * ≥ 1 − ζ/2 the summed symmetrised noise of every prefix has spectral norm ≤ Λ. The policy adds
     * 2ΛI to make H_t ⪰ ΛI ({@link #lemma3Bounds}); the paper says only "we must shift" ([reconstructed]:
     * JDP shift 2Λ, docs/papers.md). Λ dwarfs the data at the paper's scale (3.1e4 at T = 1024, α = 1,
     * M = 72, against tr Σ_T ≤ 1024; theory-scale constants are configurable), which is why the shift is
     * a policy option.
     *
     * @param sigma            σ_{α,β} = √{@link #nodeNoiseVariance}
     * @param featureDimension m = M, the dimension of Φ (the Σ block is m × m)
     * @param zeta             ζ ∈ (0, 1), failure probability of the confidence bounds
     */
    public static double noiseNormBound(double sigma, int treeNodes, int featureDimension, int horizon, double zeta) {
        requirePositive(sigma, "sigma");
        if (treeNodes < 1 || featureDimension < 1) {
            throw new IllegalArgumentException("need n >= 1 and m >= 1, got n = " + treeNodes + ", m = " + featureDimension);
        }
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        return sigma * StrictMath.sqrt(2.0 * treeNodes)
                * (4.0 * StrictMath.sqrt(featureDimension) + 2.0 * StrictMath.log(2.0 * horizon / zeta));
    }

    /**
     * Lemma 3 with the shift 2Λ: λ_min = Λ, λ_max = 3Λ, κ = σ √(n/Λ) (√m + √(2 ln(2T/ζ))).
     * (Λ from {@link #noiseNormBound}.)
     */
    public static SpectralBounds lemma3Bounds(double sigma, int treeNodes, int featureDimension, int horizon,
            double zeta) {
        double norm = noiseNormBound(sigma, treeNodes, featureDimension, horizon, zeta);
        return boundsForShift(sigma, treeNodes, featureDimension, horizon, zeta, 2.0 * norm);
    }

    /**
     * The bounds for a configurable shift s ([derived] from Lemma 3's proof; theory-scale constants are
     * configurable, docs/papers.md): with ‖noise‖ ≤ Λ,
     * H_t = noise + sI has λ_min = s − Λ and λ_max = s + Λ; ‖h_t‖ ≤ σ√n (√m + √(2 ln(2T/ζ))) (a sum of
     * ≤ n vectors with N(0, σ²) entries), so κ = ‖h_t‖/√λ_min. At s = 2Λ this is Lemma 3.
     *
     * @throws IllegalArgumentException if s ≤ Λ: then H_t need not be positive definite and Thm 1
     *                                  gives no radius (the policy must then use a configured β)
     */
    public static SpectralBounds boundsForShift(double sigma, int treeNodes, int featureDimension, int horizon,
            double zeta, double shift) {
        double norm = noiseNormBound(sigma, treeNodes, featureDimension, horizon, zeta);
        return boundsForShift(sigma, treeNodes, featureDimension, horizon, zeta, norm, shift);
    }

    /**
     * A sharper Λ than Lemma 3's, still (ζ/2T)-accurate [derived]: Λ' = σ √(2n) (2√m + √(2 ln(2T/ζ))).
     *
     * <p>Proof. The top-left m × m block of a prefix release carries the noise of j ≤ n nodes, each
     * (v + vᵀ)/√2 with v i.i.d. N(0, σ²), so it is (Z + Zᵀ)/√2 with Z = Σ v i.i.d. N(0, jσ²), and
     * ‖(Z + Zᵀ)/√2‖ ≤ √2 ‖Z‖. For an m × m matrix with i.i.d. N(0, s²) entries E‖Z‖ ≤ 2√m s (Gordon's
     * inequality, Davidson &amp; Szarek 2001 Thm II.13), and ‖Z‖ is 1-Lipschitz in the entries (Frobenius
     * norm), so by Gaussian concentration P(‖Z‖ ≥ s(2√m + τ)) ≤ e^{−τ²/2}. At τ = √(2 ln(2T/ζ)) this is
     * ζ/(2T) per round, the accuracy Thm 1 asks for, and s ≤ √n σ. Λ' ≤ Λ always (2√m ≤ 4√m, and
     * √(2L) ≤ 2L for L = ln(2T/ζ) ≥ 1/2); at m = 200, T = 10⁴, ζ = 0.1 it is 0.41 Λ. The shift 2Λ'
     * then gives Lemma 3's bounds with Λ' for Λ ({@link #boundsForShift(double, int, int, int, double,
     * double, double)}), so Thm 1 and the regret analysis hold unchanged.
     */
    public static double sharpNoiseNormBound(double sigma, int treeNodes, int featureDimension, int horizon,
            double zeta) {
        requirePositive(sigma, "sigma");
        if (treeNodes < 1 || featureDimension < 1) {
            throw new IllegalArgumentException("need n >= 1 and m >= 1, got n = " + treeNodes + ", m = " + featureDimension);
        }
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        return sigma * StrictMath.sqrt(2.0 * treeNodes) * (2.0 * StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
    }

    /**
     * The bounds for shift s given any (ζ/2T)-accurate bound {@code noiseNorm} on the noise's spectral
     * norm (Lemma 3's Λ or {@link #sharpNoiseNormBound}): λ_min = s − Λ, λ_max = s + Λ,
     * κ = σ√n (√m + √(2 ln(2T/ζ)))/√λ_min.
     *
     * @throws IllegalArgumentException if s ≤ Λ
     */
    public static SpectralBounds boundsForShift(double sigma, int treeNodes, int featureDimension, int horizon,
            double zeta, double noiseNorm, double shift) {
        requirePositive(sigma, "sigma");
        requirePositive(noiseNorm, "noise norm bound Lambda");
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        double norm = noiseNorm;
        if (!(shift > norm) || !Double.isFinite(shift)) {
            throw new IllegalArgumentException("shift " + shift + " must exceed the noise norm bound Lambda = " + norm
                    + " for Thm 1's lambda_min > 0; with a smaller shift configure beta_t directly");
        }
        double lambdaMin = shift - norm;
        double vectorNorm = sigma * StrictMath.sqrt(treeNodes) * (StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
        return new SpectralBounds(lambdaMin, shift + norm, vectorNorm / StrictMath.sqrt(lambdaMin));
    }

    /**
     * The bounds for the eigenvalue floor f = s·Λ of {@link GpUcbConfig.Regulariser#FLOOR} [engineering], as
     * LinUCB's FLOOR takes them: V_t − λI = Q max(D, f) Qᵀ ⪰ fI always, so λ_min = f; on the good event
     * ‖noise‖ ≤ Λ the regulariser V_t − λI − Σ_t has norm ≤ f + Λ = λ_max; κ = ‖h_t‖/√f with ‖h_t‖ bounded
     * as in {@link #boundsForShift(double, int, int, int, double, double, double)}. The floor is computed
     * from the release and the public Λ only: post-processing, no privacy cost.
     *
     * @throws IllegalArgumentException if f is not positive and finite
     */
    public static SpectralBounds boundsForFloor(double sigma, int treeNodes, int featureDimension, int horizon,
            double zeta, double noiseNorm, double floor) {
        requirePositive(sigma, "sigma");
        requirePositive(noiseNorm, "noise norm bound Lambda");
        requirePositive(floor, "eigenvalue floor");
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        double vectorNorm = sigma * StrictMath.sqrt(treeNodes) * (StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
        return new SpectralBounds(floor, floor + noiseNorm, vectorNorm / StrictMath.sqrt(floor));
    }

    static void requirePositive(double value, String name) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }

    static void requireNonNegative(double value, String name) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
    }

    static void requireProbability(double value, String name) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1), got " + value);
        }
    }

    static void requirePositiveHorizon(int horizon) {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon T must be at least 1, got " + horizon);
        }
    }
}
