package io.dpbandit.privacy;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.PrivacyCost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The tree's node calibrations against the worked numbers of docs/papers.md (§3), and their refusals. */
class TreeMechanismCalibrationTest {

    // Shariff & Sheffet 2018's experiment (worked numbers in docs/papers.md): d = 5 (D = 6), n = 5e7, ε = 1,
    // δ = 0.1, L̃² = 2.
    static final long N = 50_000_000L;
    static final double ROW = Math.sqrt(2.0);

    @Test
    void paperGaussianSigmaMatchesTheWorkedNumber() {
        TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.PAPER, N, 6, ROW, 1.0, 0.1);
        assertThat(c.levels()).isEqualTo(27);
        assertThat(c.sigma()).isCloseTo(153.3, within(0.05));
        assertThat(c.sigma() * c.sigma()).isCloseTo(2.351e4, within(5.0));
        assertThat(c.nodeEpsilon()).isCloseTo(1.0 / Math.sqrt(8 * 27 * Math.log(20)), within(1e-15));
        assertThat(c.nodeDelta()).isEqualTo(0.05);
        assertThat(c.certifiedEpsilon()).isLessThanOrEqualTo(1.0);
        assertThat(c.cost()).contains(new PrivacyCost(1.0, 0.1));
    }

    @Test
    void paperWishartDegreesOfFreedomMatchTheWorkedNumbers() {
        TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.PAPER, N, 6, ROW, 1.0, 0.1);
        assertThat(c.degreesOfFreedom()).isEqualTo(139_115);
        assertThat(c.levels() * c.degreesOfFreedom()).isEqualTo(3_756_105);
        assertThat(c.nodeDelta()).isCloseTo(0.1 / 54, within(1e-18));
        TreeMechanismCalibration ablation = TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.PAPER, 100_000, 6, ROW, 1.0, 0.1);
        assertThat(ablation.levels()).isEqualTo(18);
        assertThat(ablation.degreesOfFreedom()).isEqualTo(87_848);
    }

    @Test
    void analyticCalibrationsNeedLessNoiseThanThePapersAtTheSameBudget() {
        double paper = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN, TreeCalibrationMethod.PAPER, N, 6,
                ROW, 1.0, 0.1).sigma();
        TreeMechanismCalibration perNode = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC, N, 6, ROW, 1.0, 0.1);
        TreeMechanismCalibration joint = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC_TREE, N, 6, ROW, 1.0, 0.1);
        assertThat(perNode.sigma()).isLessThan(paper);
        assertThat(perNode.certifiedEpsilon()).isLessThanOrEqualTo(1.0);
        assertThat(joint.sigma()).isLessThan(perNode.sigma() / 4);
        // Joint: the m nodes of one datum are one Gaussian mechanism of sensitivity √m·Δ at exactly (ε, δ).
        assertThat(GaussianCalibrator.exactDelta(Math.sqrt(27) * joint.sensitivity(), 1.0, joint.sigma()))
                .isLessThanOrEqualTo(0.1).isGreaterThan(0.1 * (1 - 1e-9));
    }

    @Test
    void classicalCalibrationIsRefusedForAPerNodeEpsilonOfOneOrMore() {
        // m = 1 (n = 1): ε₀ = ε/√(8 ln(2/δ)) ≥ 1 from ε ≈ 4.9 at δ = 0.1.
        assertThatThrownBy(() -> TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.PAPER, 1, 2, 1.0, 5.0, 0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("< 1");
        assertThat(TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN, TreeCalibrationMethod.ANALYTIC, 1, 2,
                1.0, 5.0, 0.1).certifiedEpsilon()).isLessThanOrEqualTo(5.0);
        assertThatThrownBy(() -> TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.PAPER, 1, 2, 1.0, 5.0, 0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.ANALYTIC, 100, 2, 1.0, 1.0, 0.1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nonPrivateTreeHasNoCostAndNoNoise() {
        TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(NodeNoiseKind.NONE,
                TreeCalibrationMethod.PAPER, 10, 3, 1.0, 0, 0);
        assertThat(c.cost()).isEmpty();
        assertThat(c.nodeNoise()).isInstanceOf(NodeNoise.None.class);
    }

    /**
     * The sensitivity's margin for floating-point rounding grows with the length of a node's sum
     * (rows × D) and is checked, not assumed: past 2⁴⁰ numbers a tree is refused. The largest served
     * tree (horizon 2·10⁹, GP-UCB's 512 features: D = 513) sums 1.03·10¹² numbers, within it.
     */
    @Test
    void theRoundingMarginFollowsTheLengthOfTheSumsAndRefusesSumsTooLongToTrust() {
        assertThat(TreeMechanismCalibration.roundingMargin(1_000, 6)).isEqualTo(0x1.0p-20);
        assertThat(TreeMechanismCalibration.roundingMargin(1L << 30, 512)).isEqualTo(0x1.0p-11);
        assertThat(TreeMechanismCalibration.roundingMargin(2_000_000_000L, 513)).isLessThan(0x1.0p-10);
        assertThatThrownBy(() -> TreeMechanismCalibration.roundingMargin(2_000_000_000L, 4097))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2^40");
        TreeMechanismCalibration leaves = TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC_TREE, 100, 100_000, 6, 1.0, 1.0, 0.1);
        assertThat(leaves.levels()).as("m follows the leaves").isEqualTo(8);
        assertThat(leaves.sensitivity()).as("the margin follows the rows").isEqualTo(1.0 + 0x1.0p-20);
        assertThatThrownBy(() -> TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC_TREE, 100, 99, 6, 1.0, 1.0, 0.1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void calibrationRoundTripsThroughJson() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (NodeNoiseKind kind : NodeNoiseKind.values()) {
            TreeMechanismCalibration c = TreeMechanismCalibration.calibrate(kind, TreeCalibrationMethod.PAPER, 1000, 4,
                    ROW, 1.0, 0.1);
            assertThat(json.readValue(json.writeValueAsString(c), TreeMechanismCalibration.class)).isEqualTo(c);
        }
    }
}
