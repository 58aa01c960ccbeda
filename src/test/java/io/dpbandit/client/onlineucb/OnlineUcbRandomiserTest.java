package io.dpbandit.client.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.testing.ZeroNoise;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import org.junit.jupiter.api.Test;

class OnlineUcbRandomiserTest {

    private static final OnlineUcbParameters JOINT = OnlineUcbParameters.of(3, 1.0, 0.1, 50.0);
    private static final OnlineUcbParameters SEPARATE = new OnlineUcbParameters(3, 1.0, 0.1, 1.0, 1.0, 50.0,
            ReleaseMode.PAPER_SEPARATE, CalibrationMethod.ANALYTIC);
    private static final OnlineUcbTicket TICKET = new OnlineUcbTicket(0, 7, new double[] {0.1, -0.2, 0.3}, 0.0);

    @Test
    void clipsFeaturesToTheUnitBallAndTheRewardToItsBoundBeforeNoise() {
        OnlineUcbReport report = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE)
                .randomise(new double[] {3.0, 4.0, 0.0}, TICKET, 5.0, new ZeroNoise());

        assertThat(report.noisyFeatures()).containsExactly(new double[] {0.6, 0.8, 0.0}, within(1e-12));
        assertThat(report.noisyReward()).isEqualTo(1.0);
        double norm = Math.sqrt(0.36 + 0.64);
        assertThat(norm).isLessThanOrEqualTo(1.0);
        OnlineUcbReport negative = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE)
                .randomise(new double[] {0.1, 0.0, 0.0}, TICKET, -7.0, new ZeroNoise());
        assertThat(negative.noisyFeatures()).containsExactly(0.1, 0.0, 0.0);
        assertThat(negative.noisyReward()).isEqualTo(-1.0);
    }

    @Test
    void reportHasTheShapesAndProvenanceOfTheParameters() {
        OnlineUcbReport report = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE)
                .randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.5, new SeededNoiseSource(1));

        assertThat(report.dimension()).isEqualTo(3);
        assertThat(report.noisyFeatures()).hasSize(3);
        assertThat(report.gradient()).hasSize(3);
        assertThat(report.base()).isZero();
        assertThat(report.round()).isEqualTo(7);
        assertThat(report.featureSigma()).isEqualTo(JOINT.featureSigma());
        assertThat(report.rewardSigma()).isEqualTo(JOINT.featureSigma());
        assertThat(report.release()).isEqualTo(ReleaseMode.JOINT_VECTOR);
        assertThat(report.calibration()).isEqualTo(CalibrationMethod.ANALYTIC);
        assertThat(report.conditioningStd()).isZero();
    }

    @Test
    void jointReleaseReportsEpsilonDeltaAndSeparateReleasesReportTheComposedCost() {
        OnlineUcbReport joint = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE)
                .randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.5, new SeededNoiseSource(2));
        OnlineUcbReport separate = new OnlineUcbRandomiser(SEPARATE, PrivacyFloor.NONE)
                .randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.5, new SeededNoiseSource(2));

        assertThat(joint.epsilon()).isEqualTo(1.0);
        assertThat(joint.delta()).isEqualTo(0.1);
        assertThat(JOINT.privacyCost()).isEqualTo(new PrivacyCost(1.0, 0.1));
        assertThat(separate.epsilon()).isEqualTo(2.0);
        assertThat(separate.delta()).isEqualTo(0.2);
        assertThat(SEPARATE.privacyCost()).isEqualTo(new PrivacyCost(2.0, 0.2));
    }

    @Test
    void jointSigmaIsCalibratedOnTheJointSensitivityTwoRootTwo() {
        // σ is linear in the sensitivity (δ(σ) depends on σ/Δ only), so the joint σ is √2 times the
        // per-release σ of the paper's separate releases.
        assertThat(JOINT.featureCalibration().sensitivity()).isCloseTo(2 * Math.sqrt(2), within(1e-15));
        assertThat(JOINT.featureSigma()).isCloseTo(Math.sqrt(2) * SEPARATE.featureSigma(), within(1e-12));
        assertThat(JOINT.featureSigma())
                .isEqualTo(GaussianCalibrator.analyticSigma(2 * Math.sqrt(2), 1.0, 0.1));
        // The table under "analytic Gaussian calibration for ε ≥ 1" (docs/papers.md): analytic σ/Δ = 1.09
        // at ε = 1, δ = 0.1 (classical: 2.25).
        assertThat(SEPARATE.featureSigma() / 2).isCloseTo(1.09, within(0.005));
        assertThat(SEPARATE.rewardSigma()).isEqualTo(SEPARATE.featureSigma());
    }

    @Test
    void classicalCalibrationIsRefusedAboveEpsilonOne() {
        assertThatThrownBy(() -> new OnlineUcbParameters(3, 10.0, 0.1, 1, 1, 50, ReleaseMode.PAPER_SEPARATE,
                CalibrationMethod.CLASSICAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ANALYTIC");
        OnlineUcbParameters paper = new OnlineUcbParameters(3, 0.5, 0.1, 1, 1, 50, ReleaseMode.PAPER_SEPARATE,
                CalibrationMethod.CLASSICAL);
        // The paper's σ = 2√(2 ln(1.25/δ))/ε.
        assertThat(paper.featureSigma()).isCloseTo(2 * Math.sqrt(2 * Math.log(1.25 / 0.1)) / 0.5, within(1e-12));
    }

    @Test
    void seededSourceMakesTheReportReproducible() {
        OnlineUcbRandomiser randomiser = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE);
        OnlineUcbTicket ticket = new OnlineUcbTicket(0, 3, new double[] {0.5, 0.0, -0.5}, 0.3);
        double[] x = {0.2, 0.1, -0.3};

        OnlineUcbReport first = randomiser.randomise(x, ticket, 0.4, new SeededNoiseSource(11));
        OnlineUcbReport again = randomiser.randomise(x, ticket, 0.4, new SeededNoiseSource(11));
        OnlineUcbReport other = randomiser.randomise(x, ticket, 0.4, new SeededNoiseSource(12));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(x).containsExactly(0.2, 0.1, -0.3);
    }

    @Test
    void gradientIsTheBiasCorrectedLossGradientAtTheTicketsThetaClippedToG() {
        OnlineUcbRandomiser randomiser = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE);
        OnlineUcbReport report = randomiser.randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.4,
                new SeededNoiseSource(5));
        double sigma2 = report.featureSigma() * report.featureSigma();
        double[] expected = BiasCorrectedLoss.gradient(report.noisyFeatures(), report.noisyReward(),
                TICKET.theta(), sigma2);
        double norm = Math.sqrt(BiasCorrectedLoss.dot(expected, expected));
        double[] reported = report.gradient();
        double scale = Math.min(1.0, JOINT.gradientBound() / norm);
        for (int i = 0; i < 3; i++) {
            assertThat(reported[i]).isCloseTo(expected[i] * scale, within(1e-9 * (1 + Math.abs(expected[i]))));
        }

        OnlineUcbParameters tight = OnlineUcbParameters.of(3, 1.0, 0.1, 0.5);
        double[] clipped = new OnlineUcbRandomiser(tight, PrivacyFloor.NONE).randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.4,
                new SeededNoiseSource(5)).gradient();
        assertThat(Math.sqrt(BiasCorrectedLoss.dot(clipped, clipped))).isLessThanOrEqualTo(0.5);
    }

    @Test
    void lossGradientMatchesFiniteDifferencesOfTheLoss() {
        double[] x = {1.5, -0.7, 2.0};
        double[] theta = {0.3, 0.2, -0.4};
        double y = 0.8;
        double s2 = 4.0;
        double[] g = BiasCorrectedLoss.gradient(x, y, theta, s2);
        for (int i = 0; i < 3; i++) {
            double[] up = theta.clone();
            double[] down = theta.clone();
            up[i] += 1e-6;
            down[i] -= 1e-6;
            double fd = (BiasCorrectedLoss.value(x, y, up, s2) - BiasCorrectedLoss.value(x, y, down, s2)) / 2e-6;
            assertThat(g[i]).isCloseTo(fd, within(1e-6));
        }
    }

    @Test
    void conditioningPerturbationDrawsOneExtraGaussianPerCoordinateOnlyWhenDeltaIsPositive() {
        ZeroNoise none = new ZeroNoise();
        new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE).randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.4, none);
        assertThat(none.gaussianDraws()).isEqualTo(4); // the (d+1)-vector release
        ZeroNoise conditioned = new ZeroNoise();
        new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE).randomise(new double[] {0.2, 0.1, -0.3},
                new OnlineUcbTicket(0, 0, new double[3], 0.5), 0.4, conditioned);
        assertThat(conditioned.gaussianDraws()).isEqualTo(4 + 3);
    }

    @Test
    void refusesNonFiniteInputsAndWrongDimensions() {
        OnlineUcbRandomiser randomiser = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE);
        SeededNoiseSource noise = new SeededNoiseSource(3);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {Double.NaN, 0, 0}, TICKET, 0.1, noise))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {Double.POSITIVE_INFINITY, 0, 0}, TICKET, 0.1,
                noise)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {0, 0, 0}, TICKET, Double.NaN, noise))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {0, 0, 0}, TICKET, Double.NEGATIVE_INFINITY,
                noise)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {0, 0}, TICKET, 0.1, noise))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension 3");
        assertThatThrownBy(() -> randomiser.randomise(new double[] {0, 0, 0},
                new OnlineUcbTicket(0, 0, new double[] {0, 0}, 0), 0.1, noise))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OnlineUcbTicket(0, 0, new double[] {Double.NaN, 0, 0}, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OnlineUcbTicket(0, 0, new double[3], Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void productionSourceProducesFiniteReportsWithItsGridInflatedSigma() {
        OnlineUcbReport report = new OnlineUcbRandomiser(JOINT, PrivacyFloor.NONE)
                .randomise(new double[] {0.2, 0.1, -0.3}, TICKET, 0.4, new SecureNoiseSource());
        // The secure source rounds inputs to a power-of-two grid; σ is raised by at most ~2^-40 relative.
        assertThat(report.featureSigma()).isGreaterThanOrEqualTo(JOINT.featureSigma())
                .isCloseTo(JOINT.featureSigma(), within(1e-9));
        assertThat(java.util.Arrays.stream(report.noisyFeatures()).allMatch(Double::isFinite)).isTrue();
    }

    /**
     * What the server folds for a round whose report is missing is this randomiser on (x, y) = (0, 0):
     * bit for bit a device's report of zeros from the same noise, with the σ's the device derives.
     */
    @Test
    void aMissingReportsStandInIsTheDevicesRandomiserOnZeros() {
        for (OnlineUcbParameters p : new OnlineUcbParameters[] {JOINT, SEPARATE}) {
            OnlineUcbRandomiser device = new OnlineUcbRandomiser(p, PrivacyFloor.NONE);
            OnlineUcbReport standIn = device.absent(TICKET, new SeededNoiseSource(9));
            assertThat(standIn).isEqualTo(device.randomise(new double[3], TICKET, 0.0, new SeededNoiseSource(9)));
            assertThat(standIn.featureSigma()).isEqualTo(p.featureSigma());
            assertThat(standIn.noisyFeatures()).as("noise, not nothing").doesNotContain(0.0);
        }
    }
}
