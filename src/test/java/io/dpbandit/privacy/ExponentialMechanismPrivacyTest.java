package io.dpbandit.privacy;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;

import io.dpbandit.client.privacy.NoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Statistical tests of the exponential mechanism: closeness of its selection frequencies to its
 * probabilities, a pure ε-DP audit on neighbouring utilities that must pass, and the same audit on
 * mechanisms that double ε internally or halve the sensitivity, which must fail.
 *
 * <p>Neighbours: the near-tight pair of the test vectors with 10 candidates: u = 0 everywhere, u' = +Δ
 * for nine candidates and −Δ for the last (a rare candidate lowered while all others rise). Its log
 * ratio at ε = 1 is 0.934, close to ε, so the audit is informative.
 *
 * <p>Audit: for every candidate i and both directions, P̂_D(i) − e^ε·P̂_D'(i) ≤ slack (δ = 0; for a
 * finite output set, singletons are the worst events of a pure-DP check). The 2k = 20 frequencies
 * each deviate from the truth by more than τ with probability ≤ 2·exp(−2nτ²) (Hoeffding); a union
 * bound sets the total to 1e-7: n = 10⁶ gives τ = 0.00315 and slack = τ(1 + e^ε) = 0.0117.
 * <ul>
 *   <li>Pass: the truth is ≤ 0 for every candidate, so the audit passes except with probability 1e-7.</li>
 *   <li>Fail: with 2ε inside (or Δu/2) the rare candidate has P_D = 0.100 vs e·P_D' = 0.040, a true
 *       violation of 0.060 > 2·slack = 0.023 (checked in the test), detected except with probability
 *       1e-7.</li>
 * </ul>
 */
@Tag("statistical")
class ExponentialMechanismPrivacyTest {

    private static final double EPSILON = 1.0;
    private static final double SENSITIVITY = 1.0;
    private static final int CANDIDATES = 10;
    private static final double FALSE_FAILURE = 1e-7;

    private static final double[] UTILITIES = new double[CANDIDATES];
    private static final double[] NEIGHBOUR_UTILITIES = new double[CANDIDATES];

    static {
        Arrays.fill(NEIGHBOUR_UTILITIES, SENSITIVITY);
        NEIGHBOUR_UTILITIES[CANDIDATES - 1] = -SENSITIVITY;
    }

    private static double[] frequencies(ExponentialDistribution distribution, int n, NoiseSource noise) {
        long[] counts = new long[distribution.size()];
        for (int i = 0; i < n; i++) {
            counts[distribution.sample(noise)]++;
        }
        return Arrays.stream(counts).mapToDouble(c -> (double) c / n).toArray();
    }

    /** max over candidates and directions of P_D(i) − e^ε·P_D'(i). */
    private static double violation(double[] p, double[] pNeighbour) {
        double factor = Math.exp(EPSILON);
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.length; i++) {
            worst = Math.max(worst, p[i] - factor * pNeighbour[i]);
            worst = Math.max(worst, pNeighbour[i] - factor * p[i]);
        }
        return worst;
    }

    private static double slack(int n) {
        return StatisticalBounds.hoeffdingBand(n, 2 * CANDIDATES, FALSE_FAILURE) * (1 + Math.exp(EPSILON));
    }

    @Test
    void selectionFrequenciesMatchTheProbabilities() {
        // Hoeffding over 5 candidates at 1e-7 in total: |p̂ − p| ≤ 0.0068 at n = 200 000.
        ExponentialDistribution distribution = new ExponentialMechanism(2.0, 1.0)
                .distribution(new double[] {0.0, 0.5, 1.0, 2.0, 3.0});
        int n = 200_000;
        double band = StatisticalBounds.hoeffdingBand(n, 5, FALSE_FAILURE);
        assertThat(frequencies(distribution, n, new SeededNoiseSource(4001L)))
                .containsExactly(distribution.probabilities(), within(band));
        // The production source, unseeded: fails with probability ≤ 1e-7 when correct.
        assertThat(frequencies(distribution, n, new SecureNoiseSource()))
                .containsExactly(distribution.probabilities(), within(band));
    }

    @Test
    void mechanismPassesThePureDpAuditOnNeighbouringUtilities() {
        int n = 1_000_000;
        ExponentialMechanism mechanism = new ExponentialMechanism(EPSILON, SENSITIVITY);
        double[] p = frequencies(mechanism.distribution(UTILITIES), n, new SeededNoiseSource(5001L));
        double[] pNeighbour = frequencies(mechanism.distribution(NEIGHBOUR_UTILITIES), n, new SeededNoiseSource(5002L));
        assertThat(violation(p, pNeighbour)).isLessThanOrEqualTo(slack(n));

        // Sanity: the pair is near-tight (the exact log ratio is 0.934 of ε), so the audit is not vacuous.
        double[] exact = mechanism.distribution(UTILITIES).logProbabilities();
        double[] exactNeighbour = mechanism.distribution(NEIGHBOUR_UTILITIES).logProbabilities();
        assertThat(exact[CANDIDATES - 1] - exactNeighbour[CANDIDATES - 1]).isBetween(0.93, EPSILON);
    }

    @ParameterizedTest(name = "epsilon inside = {0}, sensitivity inside = {1}")
    @CsvSource({"2.0, 1.0", "1.0, 0.5"})
    void mechanismWithTooLittleRandomnessFailsTheSameAudit(double epsilonInside, double sensitivityInside) {
        int n = 1_000_000;
        ExponentialMechanism broken = new ExponentialMechanism(epsilonInside, sensitivityInside);
        ExponentialDistribution d = broken.distribution(UTILITIES);
        ExponentialDistribution dNeighbour = broken.distribution(NEIGHBOUR_UTILITIES);

        // Detection margin from the exact probabilities: the true violation must exceed 2·slack.
        assertThat(violation(d.probabilities(), dNeighbour.probabilities())).isGreaterThan(2 * slack(n));

        double[] p = frequencies(d, n, new SeededNoiseSource(6001L));
        double[] pNeighbour = frequencies(dNeighbour, n, new SeededNoiseSource(6002L));
        assertThat(violation(p, pNeighbour)).isGreaterThan(slack(n));
    }
}
