package io.dpbandit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GaussHermiteRuleTest {

    private static final double SQRT_PI = Math.sqrt(Math.PI);

    /**
     * The non-negative half of the 20-point rule, (z_i, w_i), rounded to 20 digits from a 60-digit
     * mpmath computation (Golub–Welsch with mp.eigsy, six Newton steps on H_20, w = 1/(m̄ p̂_19(z)²),
     * checked by Σ w = √π to 1e-40).
     */
    private static final double[][] ORDER_20_REFERENCE = {
        {0.2453407083009012499, 0.46224366960061008965},
        {0.73747372854539435871, 0.28667550536283412972},
        {1.2340762153953230079, 0.10901720602002332001},
        {1.7385377121165862068, 0.024810520887463610882},
        {2.2549740020892755231, 0.0032437733422378618322},
        {2.7888060584281304805, 0.00022833863601635396726},
        {3.3478545673832163269, 7.8025564785320636941e-6},
        {3.9447640401156252104, 1.086069370769281694e-7},
        {4.6036824495507442731, 4.3993409922731805536e-10},
        {5.387480890011232862, 2.2293936455341512925e-13},
    };

    @Test
    void matchesClosedFormsForOrdersOneToFive() {
        assertRule(1, new double[] {0.0}, new double[] {SQRT_PI});
        double a = Math.sqrt(0.5);
        assertRule(2, new double[] {-a, a}, new double[] {SQRT_PI / 2, SQRT_PI / 2});
        double b = Math.sqrt(1.5);
        assertRule(3, new double[] {-b, 0, b}, new double[] {SQRT_PI / 6, 2 * SQRT_PI / 3, SQRT_PI / 6});
        // H_4 = 16z^4 - 48z^2 + 12: z^2 = (3 -+ sqrt 6)/2, w = sqrt(pi) / (4 (3 -+ sqrt 6)).
        double s6 = Math.sqrt(6);
        double in4 = Math.sqrt((3 - s6) / 2);
        double out4 = Math.sqrt((3 + s6) / 2);
        double wIn4 = SQRT_PI / (4 * (3 - s6));
        double wOut4 = SQRT_PI / (4 * (3 + s6));
        assertRule(4, new double[] {-out4, -in4, in4, out4}, new double[] {wOut4, wIn4, wIn4, wOut4});
        // H_5 = 32z^5 - 160z^3 + 120z: z^2 = (5 -+ sqrt 10)/2; w_0 = 8 sqrt(pi)/15, w = sqrt(pi)(7 +- 2 sqrt 10)/60.
        double s10 = Math.sqrt(10);
        double in5 = Math.sqrt((5 - s10) / 2);
        double out5 = Math.sqrt((5 + s10) / 2);
        double wIn5 = SQRT_PI * (7 + 2 * s10) / 60;
        double wOut5 = SQRT_PI * (7 - 2 * s10) / 60;
        assertRule(5, new double[] {-out5, -in5, 0, in5, out5},
                new double[] {wOut5, wIn5, 8 * SQRT_PI / 15, wIn5, wOut5});
    }

    private static void assertRule(int order, double[] nodes, double[] weights) {
        GaussHermiteRule rule = GaussHermiteRule.of(order);
        assertThat(rule.order()).isEqualTo(order);
        double[] z = rule.nodes();
        double[] w = rule.weights();
        for (int i = 0; i < order; i++) {
            assertThat(z[i]).as("node %d of order %d", i, order).isCloseTo(nodes[i], within(4e-16 * (1 + Math.abs(nodes[i]))));
            assertThat(w[i]).as("weight %d of order %d", i, order).isCloseTo(weights[i], within(2e-15 * weights[i]));
        }
    }

    @Test
    void matchesFortyDigitReferenceAtOrderTwentyToRelativeAccuracy() {
        GaussHermiteRule rule = GaussHermiteRule.of(20);
        double[] z = rule.nodes();
        double[] w = rule.weights();
        for (int i = 0; i < 10; i++) {
            double node = ORDER_20_REFERENCE[i][0];
            double weight = ORDER_20_REFERENCE[i][1];
            assertThat(z[10 + i]).isCloseTo(node, within(1e-15 * node));
            assertThat(z[9 - i]).isEqualTo(-z[10 + i]);
            // Relative accuracy even for the 2e-13 weight (EJML's eigenvector weights miss it at ~1e-10).
            assertThat(w[10 + i]).isCloseTo(weight, within(1e-14 * weight));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 10, 20, 41, 64, 100, GaussHermiteRule.MAX_ORDER})
    void weightsSumToSqrtPiAndRuleIsSymmetric(int order) {
        GaussHermiteRule rule = GaussHermiteRule.of(order);
        double[] z = rule.nodes();
        double[] w = rule.weights();
        double sum = 0;
        double normalisedSum = 0;
        for (int i = 0; i < order; i++) {
            sum += w[i];
            normalisedSum += rule.normalisedWeight(i);
            assertThat(z[order - 1 - i]).isEqualTo(-z[i]);
            assertThat(w[order - 1 - i]).isEqualTo(w[i]);
            assertThat(w[i]).isPositive();
            if (i > 0) {
                assertThat(z[i]).isGreaterThan(z[i - 1]);
            }
        }
        assertThat(sum).isCloseTo(SQRT_PI, within(order * 1e-16 * SQRT_PI + 1e-16));
        assertThat(normalisedSum).isCloseTo(1.0, within(order * 1e-16 + 1e-16));
        if (order % 2 == 1) {
            assertThat(z[order / 2]).isEqualTo(0.0);
        }
    }

    /** ∫ z^k e^{−z²} dz = Γ((k+1)/2) for even k, 0 for odd k; the rule is exact for k ≤ 2m̄ − 1. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 10, 20, 40})
    void isExactOnPolynomialsOfDegreeUpToTwiceTheOrderMinusOne(int order) {
        GaussHermiteRule rule = GaussHermiteRule.of(order);
        for (int k = 0; k <= 2 * order - 1; k++) {
            final int degree = k;
            double quadrature = rule.integrate(z -> Math.pow(z, degree));
            double scale = rule.integrate(z -> Math.pow(Math.abs(z), degree));
            double exact = degree % 2 == 1 ? 0.0 : halfIntegerGamma(degree / 2);
            assertThat(quadrature).as("moment %d of order %d", degree, order)
                    .isCloseTo(exact, within(1e-14 * scale + 1e-300));
        }
    }

    /** The Gauss remainder m̄! √π / (2^m̄ (2m̄)!) f^{(2m̄)} is exactly m̄! √π / 2^m̄ for f = z^{2m̄}. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 10})
    void missesTheFirstNonExactMomentByTheGaussRemainder(int order) {
        GaussHermiteRule rule = GaussHermiteRule.of(order);
        double quadrature = rule.integrate(z -> Math.pow(z, 2 * order));
        double remainder = SQRT_PI;
        for (int i = 1; i <= order; i++) {
            remainder *= i / 2.0;
        }
        assertThat(halfIntegerGamma(order) - quadrature).isCloseTo(remainder, within(1e-13 * halfIntegerGamma(order)));
    }

    @Test
    void rejectsOrdersOutsideTheSupportedRange() {
        assertThatThrownBy(() -> GaussHermiteRule.of(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 1 and " + GaussHermiteRule.MAX_ORDER);
        assertThatThrownBy(() -> GaussHermiteRule.of(GaussHermiteRule.MAX_ORDER + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void returnsDefensiveCopiesAndCachesOneRulePerOrder() {
        GaussHermiteRule rule = GaussHermiteRule.of(6);
        rule.nodes()[0] = 42;
        rule.weights()[0] = 42;
        assertThat(rule.nodes()[0]).isNotEqualTo(42);
        assertThat(GaussHermiteRule.of(6)).isSameAs(rule);
    }

    /** Γ(j + 1/2) = √π Π_{i=1..j} (i − 1/2). */
    private static double halfIntegerGamma(int j) {
        double g = SQRT_PI;
        for (int i = 1; i <= j; i++) {
            g *= i - 0.5;
        }
        return g;
    }
}
