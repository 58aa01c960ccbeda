package io.dpbandit.privacy;

import io.dpbandit.testing.ThresholdAudit;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.SeededNoiseSource;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * (ε, δ) audits of the tree mechanism's Gaussian node noise on neighbouring inputs, in the manner of
 * {@link GaussianMechanismPrivacyTest}: the calibrated noise passes, half the noise fails.
 *
 * <p>Neighbours at the full sensitivity: D = 2 (d = 1), L̃ = 1, one row a = e₁ replaced by b = e₂,
 * so a node holding it changes by e₂e₂ᵀ − e₁e₁ᵀ (‖·‖_F = √2 L̃², the worst case). The node release
 * has independent entries (0,0) ~ N(P₀₀, 2σ²), (0,1) ~ N(P₀₁, σ²), (1,1) ~ N(P₁₁, 2σ²); the
 * likelihood ratio of the two inputs is monotone in X = (r₁₁ − r₀₀)/2, which is N(∓½, σ²): a
 * one-dimensional Gaussian mechanism with sensitivity 1 = L̃² and noise σ, exactly the whitened
 * sensitivity the calibration assumes. Threshold events in X are therefore the informative ones
 * ({@link ThresholdAudit}); the audit shifts X by ½ so the two means are 0 and 1.
 *
 * <p>False-failure rate: by DKW, each audit passes a correct mechanism (and detects one whose true
 * violation exceeds 2·slack, checked from the exact CDFs) except with probability 1e-7 &lt; 1e-6.
 * The seeds are fixed, so the outcome is deterministic.
 */
@Tag("statistical")
class TreeMechanismPrivacyTest {

    private static final double FALSE_FAILURE = 1e-7;

    /** n draws of X + ½ from the node release of {@code exact}. */
    private static double[] nodeStatistics(NodeNoise nodeNoise, SymmetricMatrix exact, int n, NoiseSource noise) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            SymmetricMatrix r = nodeNoise.perturb(exact, noise);
            out[i] = 0.5 * (r.get(1, 1) - r.get(0, 0)) + 0.5;
        }
        return out;
    }

    private static final SymmetricMatrix WITH_A = SymmetricMatrix.outer(new double[] {1.0, 0.0});
    private static final SymmetricMatrix WITH_B = SymmetricMatrix.outer(new double[] {0.0, 1.0});

    private static double exactViolation(double sigma, double shift, double[] thresholds, double epsilon,
            double delta) {
        double[] cdfD = new double[thresholds.length];
        double[] cdfNeighbour = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfD[i] = NormalDistribution.cdf(thresholds[i] / sigma);
            cdfNeighbour[i] = NormalDistribution.cdf((thresholds[i] - shift) / sigma);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfD, cdfNeighbour, epsilon, delta);
    }

    /**
     * Per node, ANALYTIC calibration: n = 4 leaves (m = 3), ε = 4, δ = 0.1 give the per-node budget
     * ε₀ = 4/√(24 ln 20) ≈ 0.472, δ₀ = δ/(2m) ≈ 0.0167; the node release must be (ε₀, δ₀)-DP.
     * 10⁶ draws per input: slack = τ(1 + e^{ε₀}) ≈ 0.0077.
     */
    @Test
    void analyticNodeNoisePassesThePerNodeAuditAndHalfOfItFails() {
        TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC, 4, 2, 1.0, 4.0, 0.1);
        double eps0 = c.nodeEpsilon();
        double delta0 = c.nodeDelta();
        double sigma = c.sigma();
        // Whitened sensitivity L̃² = 1 (and the 2^-20 rounding margin).
        assertThat(c.sensitivity()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
        int n = 1_000_000;
        double slack = ThresholdAudit.slack(n, eps0, FALSE_FAILURE);
        double[] thresholds = StatisticalBounds.grid(-6 * sigma, 1 + 6 * sigma, 2000);

        double[] fromD = nodeStatistics(c.nodeNoise(), WITH_A, n, new SeededNoiseSource(101));
        double[] fromNeighbour = nodeStatistics(c.nodeNoise(), WITH_B, n, new SeededNoiseSource(102));
        assertThat(ThresholdAudit.maxViolation(fromD, fromNeighbour, thresholds, eps0, delta0))
                .isLessThanOrEqualTo(slack);
        assertThat(exactViolation(sigma, 1.0, thresholds, eps0, delta0)).isBetween(-1e-4, 1e-9); // tight

        NodeNoise half = new NodeNoise.Gaussian(c.sensitivity(), sigma / 2);
        assertThat(exactViolation(sigma / 2, 1.0, thresholds, eps0, delta0)).isGreaterThan(2 * slack);
        double[] halfD = nodeStatistics(half, WITH_A, n, new SeededNoiseSource(103));
        double[] halfNeighbour = nodeStatistics(half, WITH_B, n, new SeededNoiseSource(104));
        assertThat(ThresholdAudit.maxViolation(halfD, halfNeighbour, thresholds, eps0, delta0))
                .isGreaterThan(slack);
    }

    /**
     * Whole tree, ANALYTIC_TREE calibration: n = 4 leaves (m = 3), ε = 1, δ = 0.1. The row sits in
     * leaf 0, which lies in the nodes completed at k = 1, 2 and 4 (levels 0, 1, 2); Y = Σ over those
     * three nodes of X is N(∓3/2, 3σ²), the joint Gaussian mechanism of sensitivity √m·L̃² relative
     * to its noise that the calibration solves for. Built by running the real tree; 3·10⁵ runs per
     * input: slack ≈ 0.0201.
     */
    @Test
    void jointlyCalibratedTreePassesTheWholeRunAuditAndHalfOfItFails() {
        TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC_TREE, 4, 2, 1.0, 1.0, 0.1);
        assertThat(c.levels()).isEqualTo(3);
        double sigma = c.sigma();
        double sigmaY = Math.sqrt(3) * sigma;
        int n = 300_000;
        double slack = ThresholdAudit.slack(n, 1.0, FALSE_FAILURE);
        double[] thresholds = StatisticalBounds.grid(-6 * sigmaY, 3 + 6 * sigmaY, 2000);

        TreeMechanism tree = TreeMechanism.calibrated(c);
        assertThat(ThresholdAudit.maxViolation(treeStatistics(tree, WITH_A, n, 201),
                treeStatistics(tree, WITH_B, n, 202), thresholds, 1.0, 0.1)).isLessThanOrEqualTo(slack);
        assertThat(exactViolation(sigmaY, 3.0, thresholds, 1.0, 0.1)).isBetween(-1e-4, 1e-9);

        TreeMechanism half = new TreeMechanism(2, 4, new NodeNoise.Gaussian(c.sensitivity(), sigma / 2));
        assertThat(exactViolation(sigmaY / 2, 3.0, thresholds, 1.0, 0.1)).isGreaterThan(2 * slack);
        assertThat(ThresholdAudit.maxViolation(treeStatistics(half, WITH_A, n, 203),
                treeStatistics(half, WITH_B, n, 204), thresholds, 1.0, 0.1)).isGreaterThan(slack);
    }

    /** n runs of a 4-leaf tree with {@code first} in leaf 0 and zeros after: Y + 3/2 per run. */
    private static double[] treeStatistics(TreeMechanism tree, SymmetricMatrix first, int n, long seed) {
        NoiseSource noise = new SeededNoiseSource(seed);
        SymmetricMatrix zero = SymmetricMatrix.zero(2);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            TreeState state = tree.insert(tree.empty(noise), first, noise);
            double y = statistic(state.nodeAt(0));
            state = tree.insert(state, zero, noise);
            y += statistic(state.nodeAt(1));
            state = tree.insert(tree.insert(state, zero, noise), zero, noise);
            y += statistic(state.nodeAt(2));
            out[i] = y + 1.5;
        }
        return out;
    }

    private static double statistic(TreeNode node) {
        return 0.5 * (node.noisy().get(1, 1) - node.noisy().get(0, 0));
    }
}
