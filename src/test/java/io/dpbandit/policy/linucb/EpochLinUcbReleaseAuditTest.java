package io.dpbandit.policy.linucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.testing.StatisticalBounds;
import io.dpbandit.testing.ThresholdAudit;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An (ε, δ) audit of the EPOCHS release ({@link EpochLinUcb}) as an attacker would run it: two
 * neighbouring worlds that differ in the first user's reward (+5 and −3, both clipped to ±1), at the
 * full sensitivity (the released ũ entry of that user's action moves by 2 = L̃²), and the released
 * sums of the whole run. Horizon 8 with one round per leaf: the first epoch is that user's round
 * alone; every later epoch holds only other users' rounds, identical in both worlds, so the whole
 * run's privacy loss is that of the first release (parallel composition), and Y = ũ₀ after it is
 * N(±1, σ²): threshold events on Y are the informative ones. The whole run must be (ε, δ)-DP; the
 * same path with every Gaussian draw halved must fail.
 *
 * <p>False-failure rate: by DKW each check passes a private release (and detects one whose true
 * violation exceeds 2·slack, checked from the exact CDFs) except with probability 1e-7 &lt; 1e-6;
 * the sources are seeded, so each outcome is in fact fixed.
 */
@Tag("statistical")
class EpochLinUcbReleaseAuditTest {

    private static final double FALSE_FAILURE = 1e-7;
    private static final double EPSILON = 1.0;
    private static final double DELTA = 0.1;
    private static final int RUNS = 40_000;
    private static final EpochLinUcb POLICY = new EpochLinUcb(8, 2, 1, EPSILON, DELTA, 1, 1);

    @Test
    void theEpochReleasePassesTheWholeRunAuditAndHalfItsNoiseFails() {
        assertThat(POLICY.firstEpoch()).isEqualTo(1);
        double sd = POLICY.sigma();
        double[] thresholds = StatisticalBounds.grid(-1 - 6 * sd, 1 + 6 * sd, 2000);
        double slack = ThresholdAudit.slack(RUNS, EPSILON, FALSE_FAILURE);
        assertThat(exactViolation(1, -1, sd, thresholds)).as("the calibration is tight, not loose")
                .isBetween(-2e-2, 1e-9);
        assertThat(exactViolation(1, -1, sd / 2, thresholds)).isGreaterThan(2 * slack);

        assertThat(ThresholdAudit.maxViolation(statistics(5.0, 201, 1.0), statistics(-3.0, 202, 1.0), thresholds,
                EPSILON, DELTA)).isLessThanOrEqualTo(slack);
        assertThat(ThresholdAudit.maxViolation(statistics(5.0, 203, 0.5), statistics(-3.0, 204, 0.5), thresholds,
                EPSILON, DELTA)).isGreaterThan(slack);
    }

    private static double exactViolation(double meanD, double meanNeighbour, double sd, double[] thresholds) {
        double[] cdfD = new double[thresholds.length];
        double[] cdfN = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfD[i] = NormalDistribution.cdf((thresholds[i] - meanD) / sd);
            cdfN[i] = NormalDistribution.cdf((thresholds[i] - meanNeighbour) / sd);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfD, cdfN, EPSILON, DELTA);
    }

    private static double[] statistics(double firstReward, long seed, double noiseScale) {
        NoiseSource noise = new Scaled(new SeededNoiseSource(seed), noiseScale);
        double[] out = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            out[i] = run(noise, firstReward);
        }
        return out;
    }

    /** The whole run (8 rounds, 3 releases); Y = the first release's ũ of action 0 in the summed releases. */
    private static double run(NoiseSource noise, double firstReward) {
        EpochLinUcbState s = POLICY.start(noise);
        double[] rewards = {firstReward, 0.2, -0.4, 0.7, 0.1, -0.9, 0.3, 0.5};
        double y = Double.NaN;
        for (int t = 0; t < 8; t++) {
            // User 1 plays action 0 (x = 1 in block 0); the others alternate with contexts of their own.
            double c = t == 0 ? 1.0 : 0.3 + 0.05 * t;
            double[] x = t % 2 == 0 ? new double[] {c, 0} : new double[] {0, c};
            s = POLICY.fold(s, List.of(new LinUcbObservation(x, rewards[t])), noise);
            if (t == 0) {
                y = s.released()[0][SymmetricMatrix.index(2, 0, 1)];
            }
        }
        assertThat(s.releases()).isEqualTo(3);
        return y;
    }

    /** A source whose Gaussian draws are scaled: 1 is the source, 1/2 half the noise. */
    private record Scaled(NoiseSource inner, double factor) implements NoiseSource {
        @Override
        public double gaussian(double sigma) {
            return inner.gaussian(sigma * factor);
        }

        @Override
        public double laplace(double scale) {
            return inner.laplace(scale * factor);
        }

        @Override
        public double uniform() {
            return inner.uniform();
        }

        @Override
        public int uniformInt(int n) {
            return inner.uniformInt(n);
        }

        @Override
        public boolean bernoulli(double p) {
            return inner.bernoulli(p);
        }
    }
}
