package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.privacy.NodeNoise;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.StatisticalBounds;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.testing.ThresholdAudit;
import io.dpbandit.privacy.TreeMechanism;
import io.dpbandit.privacy.TreeNode;
import io.dpbandit.privacy.TreeState;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * (α, β) audits of JDP GP-UCB's tree releases (Dubey 2021, Alg. 2), built by the policy itself: its
 * feature map, its clipping and its leaves, in the manner of {@code TreeMechanismPrivacyTest}.
 *
 * <p>Neighbours at the full sensitivity, given <em>outside</em> the bounds so that the clipping is
 * audited too: user D plays x = 0.3 with reward y = 5 (clipped to Y = 1), user D' the same x with
 * y = −3 (clipped to −1). Their rows [Φ; y] differ only in y, so a node holding the row differs only in
 * the last column's first M entries, by 2Φ (the corner y² is 1 for both, the Gram block is equal).
 * The node's noise on those entries is i.i.d. N(0, σ²), so the likelihood ratio of D and D' is monotone
 * in s = ⟨column, Φ⟩/‖Φ‖ ~ N(±‖Φ‖ + c, σ²): a one-dimensional Gaussian mechanism whose means are
 * 2‖Φ‖ ≈ 2 = L̃² apart, exactly the whitened sensitivity the calibration assumes. Threshold events in s
 * are therefore the informative ones ({@link ThresholdAudit}).
 *
 * <p>False-failure rate: by DKW, each check passes a private release (and detects one whose true
 * violation exceeds 2·slack, verified from the exact CDFs in each test) except with probability
 * 1e-7 &lt; 1e-6. All sources are seeded, so each outcome is in fact fixed.
 */
@Tag("statistical")
class GpUcbJdpPrivacyTest {

    private static final double FALSE_FAILURE = 1e-7;
    private static final double ALPHA = 1.0;
    private static final double BETA = 0.1;
    private static final double[] POINT = {0.3};

    /** T = 4 leaves (n = 3 nodes per row), m̄ = 2, d = 1 (M = 4, nodes of size 5). */
    private static GpUcbConfig config(GpUcbConfig.Calibration calibration) {
        return new GpUcbConfig(new io.dpbandit.kernel.QuadratureFeatureSpec(2, 0.5, 1), BoxDomain.unitCube(1), 4,
                GpUcbConfig.Privacy.jdp(ALPHA, BETA), calibration, 0.25, 0.5, 1.0, 0.1, 1.0,
                GpUcbConfig.Tuning.paper());
    }

    /** The exact leaf the policy builds for one observation (its clipped row's outer product). */
    private static SymmetricMatrix leaf(GpUcb policy, double[] point, double reward) {
        NoiseSource noise = new SeededNoiseSource(0);
        // After one leaf the level-1 node still being filled holds exactly that leaf.
        return policy.fold(policy.start(noise), List.of(new GpUcbObservation(point, reward)), noise).tree().open()
                .get(1);
    }

    /** s = ⟨last column's first M entries, Φ⟩/‖Φ‖ of a node. */
    private static double statistic(SymmetricMatrix node, double[] phi) {
        int m = phi.length;
        double dot = 0;
        double norm = 0;
        for (int i = 0; i < m; i++) {
            dot += node.get(i, m) * phi[i];
            norm += phi[i] * phi[i];
        }
        return dot / Math.sqrt(norm);
    }

    private static double exactViolation(double meanD, double meanNeighbour, double sd, double[] thresholds,
            double epsilon, double delta) {
        double[] cdfD = new double[thresholds.length];
        double[] cdfN = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfD[i] = NormalDistribution.cdf((thresholds[i] - meanD) / sd);
            cdfN[i] = NormalDistribution.cdf((thresholds[i] - meanNeighbour) / sd);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfD, cdfN, epsilon, delta);
    }

    /**
     * ANALYTIC: the n = 3 node releases holding the row are jointly one Gaussian mechanism, so the sum Y
     * of the three nodes' statistics, N(±3‖Φ‖ + c, 3σ²), must be (α, β)-DP for the whole run. Built by
     * running the policy's tree over 4 leaves (the row in leaf 0, another user's row in leaves 1–3).
     * 2·10⁵ runs per input: slack ≈ 0.0246.
     */
    @Test
    void analyticTreePassesTheWholeRunAuditAndHalfOfItsNoiseFails() {
        GpUcb policy = new GpUcb(config(GpUcbConfig.Calibration.ANALYTIC));
        double sigma = policy.noiseCalibration().orElseThrow().sigma();
        assertThat(sigma).isCloseTo(GaussianCalibrator.analyticSigma(Math.sqrt(3) * 2 * (1 + 0x1.0p-20), ALPHA, BETA),
                within(1e-12 * sigma));
        double[] phi = policy.features(POINT);
        SymmetricMatrix leafD = leaf(policy, POINT, 5.0);
        SymmetricMatrix leafNeighbour = leaf(policy, POINT, -3.0);
        SymmetricMatrix other = leaf(policy, new double[] {0.8}, 1.0);
        // The node release at k = 1 is the node noise on the leaf (what the audit samples below).
        NoiseSource a = new SeededNoiseSource(41);
        TreeNode node = policy.fold(policy.start(a), List.of(new GpUcbObservation(POINT, 5.0)), a).tree().nodeAt(0);
        assertThat(node.noisy()).isEqualTo(policy.tree().nodeNoise().perturb(leafD, new SeededNoiseSource(41)));

        double norm = Math.sqrt(phi[0] * phi[0] + phi[1] * phi[1] + phi[2] * phi[2] + phi[3] * phi[3]);
        double c = 4 * statistic(other, phi); // leaf 1 in the level-1 node, leaves 1–3 in the level-2 node
        double sd = Math.sqrt(3) * sigma;
        int n = 200_000;
        double slack = ThresholdAudit.slack(n, ALPHA, FALSE_FAILURE);
        double[] thresholds = StatisticalBounds.grid(c - 3 * norm - 6 * sd, c + 3 * norm + 6 * sd, 2000);
        assertThat(exactViolation(c + 3 * norm, c - 3 * norm, sd, thresholds, ALPHA, BETA)).isBetween(-1e-3, 1e-9);

        TreeMechanism tree = policy.tree();
        assertThat(ThresholdAudit.maxViolation(treeStatistics(tree, leafD, other, phi, n, 101),
                treeStatistics(tree, leafNeighbour, other, phi, n, 102), thresholds, ALPHA, BETA))
                .isLessThanOrEqualTo(slack);

        TreeMechanism half = new TreeMechanism(5, 4,
                new NodeNoise.Gaussian(policy.noiseCalibration().orElseThrow().sensitivity(), sigma / 2));
        assertThat(exactViolation(c + 3 * norm, c - 3 * norm, sd / 2, thresholds, ALPHA, BETA))
                .isGreaterThan(2 * slack);
        assertThat(ThresholdAudit.maxViolation(treeStatistics(half, leafD, other, phi, n, 103),
                treeStatistics(half, leafNeighbour, other, phi, n, 104), thresholds, ALPHA, BETA))
                .isGreaterThan(slack);
    }

    /**
     * PAPER (the reconstructed σ², "JDP node noise" in docs/papers.md): each node release must be
     * (ε₀, β/2)-DP at the paper's per-node budget ε₀ = α/√(8n ln(2/β)) (Lemma 2's proof). It passes. The
     * reconstruction is conservative: at n = 3, β = 0.1 its σ = 63.8 is 7.6 times the σ that makes a node
     * exactly (ε₀, β/2)-DP (8.41, Balle &amp; Wang), so half of it passes too (asserted from the exact
     * profile); the validity check is therefore run at half the exact need, which must fail. 2·10⁵ draws per
     * input: slack ≈ 0.0140.
     */
    @Test
    void paperCalibrationPassesThePerNodeAuditAtItsPerNodeBudget() {
        GpUcb policy = new GpUcb(config(GpUcbConfig.Calibration.PAPER));
        JdpNoiseCalibration calibration = policy.noiseCalibration().orElseThrow();
        double sigma = calibration.sigma();
        assertThat(sigma * sigma).isCloseTo(JdpTreeCalibration.nodeNoiseVariance(3, 1.0, ALPHA, BETA),
                within(1e-12 * sigma * sigma));
        double eps0 = JdpTreeCalibration.perNodeEpsilon(3, ALPHA, BETA);
        double delta0 = BETA / 2;
        double[] phi = policy.features(POINT);
        double norm = Math.sqrt(phi[0] * phi[0] + phi[1] * phi[1] + phi[2] * phi[2] + phi[3] * phi[3]);
        SymmetricMatrix leafD = leaf(policy, POINT, 5.0);
        SymmetricMatrix leafNeighbour = leaf(policy, POINT, -3.0);
        int n = 200_000;
        double slack = ThresholdAudit.slack(n, eps0, FALSE_FAILURE);
        double[] thresholds = StatisticalBounds.grid(-norm - 6 * sigma, norm + 6 * sigma, 2000);

        NodeNoise nodeNoise = policy.tree().nodeNoise();
        assertThat(ThresholdAudit.maxViolation(nodeStatistics(nodeNoise, leafD, phi, n, 201),
                nodeStatistics(nodeNoise, leafNeighbour, phi, n, 202), thresholds, eps0, delta0))
                .isLessThanOrEqualTo(slack);
        double exactNeed = GaussianCalibrator.analyticSigma(calibration.sensitivity(), eps0, delta0);
        assertThat(sigma / exactNeed).isGreaterThan(7.0);
        assertThat(exactViolation(norm, -norm, sigma / 2, thresholds, eps0, delta0)).isLessThanOrEqualTo(0.0);

        double tooSmall = exactNeed / 2;
        NodeNoise half = new NodeNoise.Gaussian(calibration.sensitivity(), tooSmall);
        double[] fine = StatisticalBounds.grid(-norm - 6 * tooSmall, norm + 6 * tooSmall, 2000);
        assertThat(exactViolation(norm, -norm, tooSmall, fine, eps0, delta0)).isGreaterThan(2 * slack);
        assertThat(ThresholdAudit.maxViolation(nodeStatistics(half, leafD, phi, n, 203),
                nodeStatistics(half, leafNeighbour, phi, n, 204), fine, eps0, delta0)).isGreaterThan(slack);
    }

    /** n runs of a 4-leaf tree with {@code first} in leaf 0 and {@code other} after: Y per run. */
    private static double[] treeStatistics(TreeMechanism tree, SymmetricMatrix first, SymmetricMatrix other,
            double[] phi, int n, long seed) {
        NoiseSource noise = new SeededNoiseSource(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            TreeState state = tree.insert(tree.empty(noise), first, noise);
            double y = statistic(state.nodeAt(0).noisy(), phi);
            state = tree.insert(state, other, noise);
            y += statistic(state.nodeAt(1).noisy(), phi);
            state = tree.insert(tree.insert(state, other, noise), other, noise);
            y += statistic(state.nodeAt(2).noisy(), phi);
            out[i] = y;
        }
        return out;
    }

    private static double[] nodeStatistics(NodeNoise nodeNoise, SymmetricMatrix leaf, double[] phi, int n,
            long seed) {
        NoiseSource noise = new SeededNoiseSource(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = statistic(nodeNoise.perturb(leaf, noise), phi);
        }
        return out;
    }
}
