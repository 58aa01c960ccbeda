package io.dpbandit.policy.gpucb;

import io.dpbandit.privacy.NodeNoise;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.TreeCalibrationMethod;
import io.dpbandit.privacy.TreeMechanismCalibration;
import io.dpbandit.client.privacy.ZcdpCost;

/**
 * The node noise of the JDP privatiser (Dubey 2021, Alg. 2) for one configuration, and its provenance:
 * every node of the tree over the (M+1) × (M+1) items [Φ; y][Φ; y]ᵀ gets its own symmetrised noise
 * (v + vᵀ)/√2, v with i.i.d. N(0, σ²) entries, drawn once when the node completes (tree noise drawn
 * once per node, docs/papers.md; that is {@link NodeNoise.Gaussian}: variance σ² off the diagonal, 2σ²
 * on it).
 *
 * <h2>Sensitivity</h2>
 * Features are clipped to ‖Φ‖ ≤ 1 − 2^-20 and rewards to |y| ≤ Y, so every augmented row has
 * ‖[Φ; y]‖² ≤ L̃² = 1 + Y². Replacing one row a by b changes a node by aaᵀ − bbᵀ, whose Frobenius norm is
 * ≤ √2 L̃²; whitened by the noise's standard deviations (σ off the diagonal, √2σ on it) that is an L2
 * sensitivity of L̃² per node ({@link JdpTreeCalibration#nodeNoiseVariance}). A row enters
 * one leaf and hence ≤ n = 1 + ⌈log₂ T⌉ nodes; everything released is a sum of nodes.
 *
 * <h2>Calibration (σ)</h2>
 * <ul>
 *   <li>PAPER: σ² = 16 n (1 + Y²)² ln(10/β)²/α² ([reconstructed], "JDP node noise" in docs/papers.md:
 *       the proof of Lemma 12 with Lemma 2's 1/α²). Certified here by zCDP: n nodes at
 *       ρ₀ = L̃⁴/(2σ²) give nρ₀-zCDP, i.e.
 *       (nρ₀ + 2√(nρ₀ ln(1/β)), β)-DP (Bun &amp; Steinke Prop 1.3), which must be ≤ α.</li>
 *   <li>ANALYTIC [engineering]: σ = analyticSigma(√n·L̃²(1 + 2^-20), α, β), the tree's
 *       {@link TreeCalibrationMethod#ANALYTIC_TREE}: the n node releases are adaptively composed
 *       Gaussian mechanisms, √n L̃²/σ-GDP together (Dong, Roth &amp; Su 2022, Cor 3.3), which is exactly
 *       (α, β)-DP at that σ (Balle &amp; Wang 2018, Thm 8).</li>
 * </ul>
 * Either way the whole stream of releases is (α, β)-DP in any one user's (Φ, y), and every decision is
 * post-processing of the releases and of the round's own candidates: (α, β)-JDP (Lemma 2, Claim 7 of
 * Shariff &amp; Sheffet's billboard argument).
 *
 * @param method           PAPER or ANALYTIC
 * @param horizon          the most leaves, ⌈T/B⌉ for leaves of B rounds
 * @param treeNodes        n = 1 + ⌈log₂ ⌈T/B⌉⌉
 * @param rewardBound      Y
 * @param alpha            α
 * @param beta             β
 * @param sensitivity      L̃² = 1 + Y² with the relative margin for rounding in sums of up to T rows
 * @param sigma            σ, the off-diagonal standard deviation of a node's noise
 * @param certifiedEpsilon the ε the composition rule certifies at δ = β (≤ α)
 */
public record JdpNoiseCalibration(GpUcbConfig.Calibration method, int horizon, int treeNodes, double rewardBound,
        double alpha, double beta, double sensitivity, double sigma, double certifiedEpsilon) {

    public JdpNoiseCalibration {
        if (method == null) {
            throw new IllegalArgumentException("method is required");
        }
        JdpTreeCalibration.requirePositive(sigma, "sigma");
        JdpTreeCalibration.requirePositive(sensitivity, "sensitivity");
    }

    /**
     * The calibration for a JDP configuration.
     *
     * @throws IllegalArgumentException if the configuration is not JDP
     * @throws IllegalStateException    if the PAPER σ's zCDP certificate exceeds α (never for α ≤ ~150)
     */
    public static JdpNoiseCalibration of(GpUcbConfig config) {
        if (config.privacy().model() != GpUcbConfig.Model.JDP) {
            throw new IllegalArgumentException("the tree's node noise is for the JDP model, got "
                    + config.privacy().model());
        }
        int horizon = config.leaves(); // the tree's leaves: one per fold of B rounds
        int n = JdpTreeCalibration.treeNodeCount(horizon);
        double y = config.rewardBound();
        double alpha = config.privacy().alpha();
        double beta = config.privacy().beta();
        double rowNormSquared = 1.0 + y * y;
        // A user's k rows: node sensitivity k·L̃² (TreeMechanismCalibration's group argument).
        int k = config.groupSize();
        double sensitivity = k * rowNormSquared * (1.0 + TreeMechanismCalibration.roundingMargin(config.horizon(),
                config.featureDimension() + 1)); // a node sums at most T rows
        if (config.calibration() == GpUcbConfig.Calibration.ANALYTIC) {
            TreeMechanismCalibration tree = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                    TreeCalibrationMethod.ANALYTIC_TREE, horizon, config.horizon(), config.featureDimension() + 1,
                    StrictMath.sqrt(rowNormSquared), alpha, beta, k);
            return new JdpNoiseCalibration(config.calibration(), horizon, n, y, alpha, beta, tree.sensitivity(),
                    tree.sigma(), alpha);
        }
        // The reconstructed σ² is for one row (L̃² = 1 + Y²); a group of k rows scales σ by k.
        double sigma = k * StrictMath.sqrt(JdpTreeCalibration.nodeNoiseVariance(n, y, alpha, beta));
        // zCDP over the n nodes a row touches, on the sensitivity with its rounding margin.
        double rho = n * ZcdpCost.ofGaussian(sensitivity, sigma).rho();
        double certified = new ZcdpCost(rho).toApproximateDp(beta).epsilon();
        if (certified > alpha) {
            throw new IllegalStateException("zCDP certifies epsilon " + certified + " > alpha " + alpha
                    + " for the reconstructed sigma " + sigma + "; use ANALYTIC");
        }
        return new JdpNoiseCalibration(config.calibration(), horizon, n, y, alpha, beta, sensitivity, sigma,
                certified);
    }

    /** The tree's node noise: symmetrised Gaussian with this σ. */
    public NodeNoise nodeNoise() {
        return new NodeNoise.Gaussian(sensitivity, sigma);
    }

    /** What the ledger charges once for the whole horizon (continual observation). */
    public PrivacyCost cost() {
        return new PrivacyCost(alpha, beta);
    }
}
