package io.dpbandit.client.gpucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.StatisticalBounds;
import io.dpbandit.testing.ThresholdAudit;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Privacy audit of the local-JDP GP-UCB randomiser (Dubey 2021, Alg. 3), in the manner of
 * {@code OnlineUcbRandomiserPrivacyTest} (it lives in the service's tests to share {@link ThresholdAudit}
 * and {@link StatisticalBounds}). The report is two Gaussian releases, each calibrated for (α/2, β/2)
 * (vector-level local-JDP calibration, docs/papers.md); each is audited on its own worst-case pair of
 * users, at α = 1, β = 0.1, M = 2.
 *
 * <ul>
 *   <li>Gram release: user A has Φ = (5, 0), user B Φ = (0, −4); both are clipped to norm b = 1 − 2^-20.
 *       The upper triangles (b², 0, 0) and (0, 0, b²) differ by √2 b², the sensitivity √2; the laws
 *       differ only along (1, 0, −1)/√2, so the likelihood ratio is monotone in
 *       s = (g₀₀ − g₁₁)/√2 ~ N(±b²/√2, σ_X²).</li>
 *   <li>Reward-feature release: user A has Φ = (5, 0), y = 5, user B Φ = (3, 0), y = −2: clipped to
 *       yΦ = (b, 0) and (−b, 0), 2Y apart; s = (yΦ)₀ + noise ~ N(±b, σ_u²).</li>
 * </ul>
 * Inputs outside the bounds make the audit cover the clipping. Together the two releases are (α, β) by
 * basic composition.
 *
 * <p>Error rates: by DKW the two empirical CDFs of n = 5·10⁵ draws each lie within τ of the truth with
 * probability ≥ 1 − 10⁻⁷ ({@link ThresholdAudit#slack}). A passing check therefore fails with probability
 * ≤ 10⁻⁷ although the randomiser is private, and a failing check (true violation &gt; 2·slack, verified
 * from the exact CDFs) passes with probability ≤ 10⁻⁷. All sources are seeded, so each outcome is fixed.
 */
@Tag("statistical")
class GpUcbRandomiserPrivacyTest {

    private static final double ALPHA = 1.0;
    private static final double BETA = 0.1;
    private static final double FALSE_FAILURE = 1e-7;
    private static final int N = 500_000;
    private static final double B = GpUcbParameters.FEATURE_NORM_BOUND;
    private static final GpUcbParameters PARAMETERS = GpUcbParameters.of(2, ALPHA, BETA, 1.0);

    private static double[] statistics(GpUcbRandomiser randomiser, double[] phi, double y,
            ToDoubleFunction<GpUcbReport> statistic, long seed) {
        NoiseSource noise = new SeededNoiseSource(seed);
        double[] s = new double[N];
        for (int i = 0; i < N; i++) {
            s[i] = statistic.applyAsDouble(randomiser.randomise(phi, y, noise));
        }
        return s;
    }

    private static double gramStatistic(GpUcbReport r) {
        double[] g = r.noisyGram();
        return (g[0] - g[2]) / Math.sqrt(2);
    }

    private static double rewardStatistic(GpUcbReport r) {
        return r.noisyRewardFeatures()[0];
    }

    private static double exactViolation(double mean, double sigma, double[] thresholds) {
        double[] cdfA = new double[thresholds.length];
        double[] cdfB = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfA[i] = NormalDistribution.cdf((thresholds[i] - mean) / sigma);
            cdfB[i] = NormalDistribution.cdf((thresholds[i] + mean) / sigma);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfA, cdfB, ALPHA / 2, BETA / 2);
    }

    private static void audit(double mean, double sigma, double[] phiA, double yA, double[] phiB, double yB,
            ToDoubleFunction<GpUcbReport> statistic, long seed) {
        double slack = ThresholdAudit.slack(N, ALPHA / 2, FALSE_FAILURE);
        double[] thresholds = StatisticalBounds.grid(-mean - 6 * sigma, mean + 6 * sigma, 2000);
        // Not vacuous: at the calibrated σ the exact profile is tight; at half of it the violation is large.
        assertThat(exactViolation(mean, sigma, thresholds)).isBetween(-1e-3, 1e-9);
        assertThat(exactViolation(mean, sigma / 2, thresholds)).isGreaterThan(2 * slack);

        GpUcbRandomiser calibrated = new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE);
        assertThat(ThresholdAudit.maxViolation(statistics(calibrated, phiA, yA, statistic, seed),
                statistics(calibrated, phiB, yB, statistic, seed + 1), thresholds, ALPHA / 2, BETA / 2))
                .isLessThanOrEqualTo(slack);
        GpUcbRandomiser halfNoise = new GpUcbRandomiser(PARAMETERS, 0.5);
        assertThat(ThresholdAudit.maxViolation(statistics(halfNoise, phiA, yA, statistic, seed + 2),
                statistics(halfNoise, phiB, yB, statistic, seed + 3), thresholds, ALPHA / 2, BETA / 2))
                .isGreaterThan(slack);
    }

    @Test
    void gramReleasePassesTheAuditAtItsCalibratedNoiseAndFailsAtHalf() {
        double sigma = PARAMETERS.gramCalibration().sigma();
        assertThat(sigma).isEqualTo(GaussianCalibrator.analyticSigma(Math.sqrt(2), ALPHA / 2, BETA / 2));
        audit(B * B / Math.sqrt(2), sigma, new double[] {5, 0}, 0.5, new double[] {0, -4}, 0.5,
                GpUcbRandomiserPrivacyTest::gramStatistic, 101);
    }

    @Test
    void rewardFeatureReleasePassesTheAuditAtItsCalibratedNoiseAndFailsAtHalf() {
        double sigma = PARAMETERS.rewardFeaturesCalibration().sigma();
        assertThat(sigma).isEqualTo(GaussianCalibrator.analyticSigma(2.0, ALPHA / 2, BETA / 2));
        audit(B, sigma, new double[] {5, 0}, 5.0, new double[] {3, 0}, -2.0,
                GpUcbRandomiserPrivacyTest::rewardStatistic, 201);
    }

    @Test
    void gramStatisticFollowsTheCalibratedNormalDistribution() {
        // Closeness: KS of s against N(b²/√2, σ_X²) with the DKW band at 1e-7.
        double sigma = PARAMETERS.gramCalibration().sigma();
        double[] s = statistics(new GpUcbRandomiser(PARAMETERS, PrivacyFloor.NONE), new double[] {5, 0}, 0.5,
                GpUcbRandomiserPrivacyTest::gramStatistic, 301);
        double mean = B * B / Math.sqrt(2);
        assertThat(StatisticalBounds.kolmogorovSmirnov(s, t -> NormalDistribution.cdf((t - mean) / sigma)))
                .isLessThan(StatisticalBounds.dkwBand(N, FALSE_FAILURE));
    }
}
