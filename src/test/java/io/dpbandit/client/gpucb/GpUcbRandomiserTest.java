package io.dpbandit.client.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.testing.ZeroNoise;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import org.junit.jupiter.api.Test;

/** The local-JDP GP-UCB randomiser: clipping, layout, calibration and provenance of its report. */
class GpUcbRandomiserTest {

    private static final GpUcbParameters PARAMETERS = GpUcbParameters.of(3, 1.0, 0.1, 1.0);

    @Test
    void reportHoldsTheUpperTriangleOfPhiPhiTransposedRowByRowAndYPhi() {
        ZeroNoise zero = new ZeroNoise();
        double[] phi = {0.6, 0.0, -0.8}; // norm 1: rescaled by 1 − 2^-20
        GpUcbReport report = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE).randomise(phi, 0.5, zero);
        double s = GpUcbParameters.FEATURE_NORM_BOUND;
        double[] expected = {0.36, 0.0, -0.48, 0.0, 0.0, 0.64};
        assertThat(report.noisyGram()).hasSize(6);
        for (int k = 0; k < 6; k++) {
            assertThat(report.noisyGram()[k]).isCloseTo(expected[k] * s * s, within(1e-12));
        }
        assertThat(report.noisyRewardFeatures()).containsExactly(new double[] {0.3 * s, 0.0, -0.4 * s},
                within(1e-12));
        assertThat(zero.gaussianDraws()).isEqualTo(6 + 3); // every entry on and above the diagonal, and yΦ
    }

    @Test
    void clipsFeaturesToUnitNormAndRewardsToTheBoundBeforeNoise() {
        ZeroNoise zero = new ZeroNoise();
        GpUcbReport report = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE).randomise(new double[] {30.0, 40.0, 0.0}, -7.0, zero);
        double[] gram = report.noisyGram();
        double trace = gram[0] + gram[3] + gram[5]; // ‖Φ‖² after clipping
        assertThat(trace).isLessThanOrEqualTo(GpUcbParameters.FEATURE_NORM_BOUND * GpUcbParameters.FEATURE_NORM_BOUND);
        assertThat(trace).isCloseTo(1.0, within(1e-5));
        double[] u = report.noisyRewardFeatures();
        assertThat(Math.hypot(u[0], u[1])).isCloseTo(1.0, within(1e-5)); // |y| clipped to Y = 1
        assertThat(u[0]).isNegative();
    }

    @Test
    void refusesWrongLengthsAndNonFiniteInputs() {
        GpUcbRandomiser randomiser = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE);
        NoiseSource noise = new SeededNoiseSource(1);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {1, 0}, 0, noise))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length M = 3");
        assertThatThrownBy(() -> randomiser.randomise(new double[] {Double.NaN, 0, 0}, 0, noise))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {1, 0, 0}, Double.POSITIVE_INFINITY, noise))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> randomiser.randomise(new double[] {1, 0, 0}, 0, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * σ_X: sensitivity √2 at (α/2, β/2); σ_u: 2Y at (α/2, β/2) (vector-level local-JDP calibration,
     * docs/papers.md). Classical at α = 1, β = 0.1:
     * σ_X² = 16 ln 25 = 51.50201320, σ_u² = 32 Y² ln 25 = 103.0040264 (Y = 1).
     */
    @Test
    void derivesBothNoiseScalesFromThePublicParametersAlone() {
        GpUcbParameters classical = new GpUcbParameters(3, 1.0, 0.1, 1.0, CalibrationMethod.CLASSICAL);
        assertThat(Math.pow(classical.gramCalibration().sigma(), 2)).isCloseTo(51.50201319789121, within(1e-10));
        assertThat(Math.pow(classical.rewardFeaturesCalibration().sigma(), 2)).isCloseTo(103.00402639578242,
                within(1e-10));
        assertThat(PARAMETERS.gramCalibration().sigma())
                .isEqualTo(GaussianCalibrator.analyticSigma(Math.sqrt(2), 0.5, 0.05));
        assertThat(PARAMETERS.rewardFeaturesCalibration().sigma())
                .isEqualTo(GaussianCalibrator.analyticSigma(2.0, 0.5, 0.05));
        assertThat(PARAMETERS.privacyCost().epsilon()).isEqualTo(1.0);
        assertThat(PARAMETERS.privacyCost().delta()).isEqualTo(0.1);
        assertThatThrownBy(() -> new GpUcbParameters(3, 4.0, 0.1, 1.0, CalibrationMethod.CLASSICAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ANALYTIC");
    }

    @Test
    void reportCarriesItsProvenanceAndTheSigmaActuallyUsed() {
        GpUcbReport seeded = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE).randomise(new double[] {1, 0, 0}, 1, new SeededNoiseSource(2));
        assertThat(seeded.featureDimension()).isEqualTo(3);
        assertThat(seeded.epsilon()).isEqualTo(1.0);
        assertThat(seeded.delta()).isEqualTo(0.1);
        assertThat(seeded.rewardBound()).isEqualTo(1.0);
        assertThat(seeded.calibration()).isEqualTo(CalibrationMethod.ANALYTIC);
        assertThat(seeded.gramSigma()).isEqualTo(PARAMETERS.gramCalibration().sigma());
        assertThat(seeded.rewardFeaturesSigma()).isEqualTo(PARAMETERS.rewardFeaturesCalibration().sigma());
        // A lattice source inflates σ by its grid's rounding slack only (never below the calibrated σ).
        GpUcbReport secure = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE).randomise(new double[] {1, 0, 0}, 1, new SecureNoiseSource());
        assertThat(secure.gramSigma()).isBetween(seeded.gramSigma(), seeded.gramSigma() * (1 + 1e-9));
        assertThat(secure.rewardFeaturesSigma()).isBetween(seeded.rewardFeaturesSigma(),
                seeded.rewardFeaturesSigma() * (1 + 1e-9));
        assertThat(seeded.toString()).contains("6 entries").doesNotContain(String.valueOf(seeded.noisyGram()[0]));
    }

    @Test
    void reportRefusesMalformedContent() {
        assertThatThrownBy(() -> new GpUcbReport(2, new double[] {1, 2}, new double[] {1, 2}, 1, 0.1, 1, 1, 1,
                CalibrationMethod.ANALYTIC)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 upper");
        assertThatThrownBy(() -> new GpUcbReport(2, new double[] {1, 2, Double.NaN}, new double[] {1, 2}, 1, 0.1, 1, 1,
                1, CalibrationMethod.ANALYTIC)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GpUcbReport(2, new double[] {1, 2, 3}, new double[] {1, 2}, 1, 0.1, 1, 0, 1,
                CalibrationMethod.ANALYTIC)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * What the server folds for a round whose report is missing is this randomiser on Φ = 0, y = 0:
     * bit for bit a device's report of zeros from the same noise, with the σ's the device derives.
     */
    @Test
    void aMissingReportsStandInIsTheDevicesRandomiserOnZeros() {
        GpUcbRandomiser device = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE);
        GpUcbReport standIn = device.absent(new SeededNoiseSource(4));
        assertThat(standIn).isEqualTo(device.randomise(new double[3], 0.0, new SeededNoiseSource(4)));
        assertThat(standIn.gramSigma()).isEqualTo(PARAMETERS.gramCalibration().sigma());
        assertThat(standIn.noisyGram()).as("noise, not nothing").doesNotContain(0.0);
    }
}
