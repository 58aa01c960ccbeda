package io.dpbandit.kernel;

import io.dpbandit.testing.RandomData;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuadratureFourierFeaturesTest {

    /**
     * Rounding allowance for Φ(x)ᵀΦ(y): a dot product of M ≤ 2048 terms of size ≤ 1 drifts by a few
     * 1e-15 (measured: 6e-15 at M = 2048), so "below the bound" means below bound + this.
     */
    private static final double DOT_ROUNDING = 1e-14;

    private static final Kernel RBF_1 = KernelSpec.rbf(1.0).toKernel();

    @ParameterizedTest
    @CsvSource({"1, 1, 1.0", "2, 1, 0.5", "7, 1, 1.0", "4, 2, 1.0", "10, 2, 1.0", "20, 2, 0.3", "5, 3, 2.0", "3, 5, 1.0"})
    void featuresHaveUnitNormAtRandomPoints(int order, int dimension, double lengthScale) {
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(order, lengthScale, dimension);
        assertThat(features.featureDimension()).isEqualTo(2 * (int) Math.pow(order, dimension));
        Random rng = new Random(1000 + order * 10 + dimension);
        for (int n = 0; n < 200; n++) {
            double[] x = new double[dimension];
            for (int i = 0; i < dimension; i++) {
                x[i] = 20 * rng.nextDouble() - 10;
            }
            assertThat(squaredNorm(features.apply(x))).isCloseTo(1.0, within(1e-14));
        }
    }

    /**
     * Huge finite coordinates are reduced exactly by StrictMath.sin/cos, so Φ is finite and of unit
     * norm (its values no longer say anything about x: the phase has lost all digits below 2π).
     * Tiny and subnormal coordinates give Φ(0) up to rounding: cosines √W_j, sines ≈ 0.
     */
    @Test
    void hugeAndTinyCoordinatesGiveFiniteUnitNormFeatures() {
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(12, 1.0, 2);
        double[] special = {1e300, -1e300, 1e200, 3.7e17, 1e15, -2.5e9, 1e-300, Double.MIN_VALUE, -Double.MIN_VALUE,
            1e-320, 0.0, -0.0};
        for (double a : special) {
            for (double b : special) {
                double[] phi = features.apply(new double[] {a, b});
                for (double v : phi) {
                    assertThat(Double.isFinite(v)).as("Φ(%s, %s)", a, b).isTrue();
                }
                assertThat(squaredNorm(phi)).as("‖Φ(%s, %s)‖²", a, b).isCloseTo(1.0, within(1e-14));
            }
        }
        double[] atTiny = features.apply(new double[] {1e-300, Double.MIN_VALUE});
        double[] atZero = features.apply(new double[] {0.0, 0.0});
        double[] weights = features.weights();
        for (int j = 0; j < features.frequencyCount(); j++) {
            assertThat(atZero[j]).isCloseTo(Math.sqrt(weights[j]), within(1e-16));
            assertThat(atZero[features.frequencyCount() + j]).isZero();
            assertThat(atTiny[j]).isEqualTo(atZero[j]);
            assertThat(Math.abs(atTiny[features.frequencyCount() + j])).isLessThan(1e-290);
        }
    }

    @Test
    void rejectsNonFiniteCoordinatesAndPhasesThatOverflow() {
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(8, 1.0, 2);
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MAX_VALUE, -1e308}) {
            assertThatThrownBy(() -> features.apply(new double[] {0.5, bad}))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("coordinate 1");
        }
        assertThatThrownBy(() -> features.apply(new double[] {0.5}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension 2");
    }

    /** Layout: Φ_j = √W_j cos(ω_jᵀx), Φ_{M/2+j} = √W_j sin(ω_jᵀx), ω_j row j of Ω (row-major, d fastest). */
    @Test
    void featuresFollowTheDocumentedLayoutOfFrequenciesAndWeights() {
        int order = 5;
        double lengthScale = 0.7;
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(order, lengthScale, 3);
        double[] omega = features.frequencies();
        double[] w = features.weights();
        double[] z = GaussHermiteRule.of(order).nodes();
        double[] w1 = GaussHermiteRule.of(order).normalisedWeights();
        assertThat(omega).hasSize(125 * 3);
        double total = 0;
        for (double v : w) {
            total += v;
        }
        assertThat(total).isCloseTo(1.0, within(1e-14));
        // Row j = (j1, j2, j3) with j3 fastest.
        int j = (2 * order + 4) * order + 1;
        assertThat(omega[3 * j]).isEqualTo(Math.sqrt(2) * z[2] / lengthScale, within(1e-15));
        assertThat(omega[3 * j + 1]).isEqualTo(Math.sqrt(2) * z[4] / lengthScale, within(1e-15));
        assertThat(omega[3 * j + 2]).isEqualTo(Math.sqrt(2) * z[1] / lengthScale, within(1e-15));
        assertThat(w[j]).isCloseTo(w1[2] * w1[4] * w1[1], within(1e-17));

        double[] x = {0.3, -1.2, 2.5};
        double[] phi = features.apply(x);
        int half = features.frequencyCount();
        for (int r = 0; r < half; r++) {
            double phase = omega[3 * r] * x[0] + omega[3 * r + 1] * x[1] + omega[3 * r + 2] * x[2];
            assertThat(phi[r]).isCloseTo(Math.sqrt(w[r]) * Math.cos(phase), within(1e-15));
            assertThat(phi[half + r]).isCloseTo(Math.sqrt(w[r]) * Math.sin(phase), within(1e-15));
        }
    }

    @Test
    void dotProductOfFeaturesIsTheQuadratureKernelOfTheDifference() {
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(9, 0.8, 2);
        Random rng = new Random(21);
        for (int n = 0; n < 300; n++) {
            double[] x = {6 * rng.nextDouble() - 3, 6 * rng.nextDouble() - 3};
            double[] y = {6 * rng.nextDouble() - 3, 6 * rng.nextDouble() - 3};
            double dot = dot(features.apply(x), features.apply(y));
            assertThat(dot).isCloseTo(features.quadratureKernel(new double[] {x[0] - y[0], x[1] - y[1]}),
                    within(DOT_ROUNDING));
        }
    }

    /**
     * Dubey 2021's Thm 2 on [0,1]^2 with ℓ = 1 (its experiments' kernel), on random pairs against the
     * exact RBF kernel of {@link RbfKernel}: below the bound (plus rounding), and falling with m̄
     * until it reaches rounding (~1e-15 from m̄ = 12). Measured maxima over 300 points (all pairs):
     * 7.1e-2, 4.8e-4, 1.1e-6, 1.4e-9, 1.1e-12 for m̄ = 2, 4, 6, 8, 10.
     */
    @Test
    void approximatesTheRbfKernelOnTheUnitSquareWithinTheorem2AndBetterWithMoreNodes() {
        BoxDomain unit = BoxDomain.unitCube(2);
        Random rng = new Random(3);
        List<double[]> points = RandomData.points(rng, 300, 2);
        for (double[] p : points) {
            p[0] = 0.5 * (p[0] + 1);
            p[1] = 0.5 * (p[1] + 1);
        }
        double previous = Double.POSITIVE_INFINITY;
        for (int order : new int[] {2, 4, 6, 8, 10}) {
            QuadratureFourierFeatures features = QuadratureFourierFeatures.of(order, 1.0, 2);
            double error = maxErrorOverPairs(features, points, RBF_1);
            assertThat(error).as("m̄ = %d", order).isLessThanOrEqualTo(features.errorBound(unit) + DOT_ROUNDING);
            assertThat(error).as("m̄ = %d", order).isLessThan(previous / 100);
            previous = error;
        }
        assertThat(maxErrorOverPairs(QuadratureFourierFeatures.of(14, 1.0, 2), points, RBF_1)).isLessThan(DOT_ROUNDING);
    }

    /**
     * Dubey 2021's experiment domain, the ball B_2(2) (coordinate range 4): Thm 2 on its bounding box
     * [−2,2]^2 is vacuous (capped at 2) up to m̄ = 11 and the error is still 1e-3 at m̄ = 12 (m̄ chosen
     * on the actual domain, docs/papers.md).
     */
    @Test
    void needsManyMoreNodesOnTheExperimentBallAndStaysBelowTheTransportedBound() {
        BoxDomain box = BoxDomain.boundingBoxOfBall(2, 2.0);
        Random rng = new Random(5);
        List<double[]> points = new java.util.ArrayList<>();
        while (points.size() < 300) {
            double[] p = {4 * rng.nextDouble() - 2, 4 * rng.nextDouble() - 2};
            if (p[0] * p[0] + p[1] * p[1] <= 4) {
                points.add(p);
            }
        }
        assertThat(QuadratureFourierFeatures.of(10, 1.0, 2).errorBound(box)).isEqualTo(2.0);
        double previous = Double.POSITIVE_INFINITY;
        for (int order : new int[] {6, 10, 14, 18, 22}) {
            QuadratureFourierFeatures features = QuadratureFourierFeatures.of(order, 1.0, 2);
            double error = maxErrorOverPairs(features, points, RBF_1);
            assertThat(error).as("m̄ = %d", order).isLessThanOrEqualTo(features.errorBound(box) + DOT_ROUNDING);
            assertThat(error).as("m̄ = %d", order).isLessThan(previous);
            previous = error;
        }
        assertThat(maxErrorOverPairs(QuadratureFourierFeatures.of(12, 1.0, 2), points, RBF_1)).isGreaterThan(1e-3);
    }

    /**
     * The QFF error table of docs/papers.md ("Practical m̄"), last column: max |k − ΦᵀΦ| over all pairs of
     * 200 random points of the experiment ball B_2(2) (ℓ = 1). The table lists 0.90, 0.51, 0.14, 1.6e-2,
     * 2.5e-3, 1.4e-5, 3.0e-8 for m̄ = 4, 6, 8, 10, 12, 16, 20; a maximum over a random sample varies with
     * the sample (here 0.92, 0.43, 0.11, 1.7e-2, 2.0e-3, 9.6e-6, 1.7e-8), so each is asserted within a
     * factor of 3.
     */
    @Test
    void reproducesTheBallColumnOfTheSpecTable() {
        Random rng = new Random(1);
        List<double[]> points = new java.util.ArrayList<>();
        while (points.size() < 200) {
            double[] p = {4 * rng.nextDouble() - 2, 4 * rng.nextDouble() - 2};
            if (p[0] * p[0] + p[1] * p[1] <= 4) {
                points.add(p);
            }
        }
        int[] orders = {4, 6, 8, 10, 12, 16, 20};
        double[] spec = {0.90, 0.51, 0.14, 1.6e-2, 2.5e-3, 1.4e-5, 3.0e-8};
        for (int i = 0; i < orders.length; i++) {
            double error = maxErrorOverPairs(QuadratureFourierFeatures.of(orders[i], 1.0, 2), points, RBF_1);
            assertThat(error).as("m̄ = %d", orders[i]).isBetween(spec[i] / 3, spec[i] * 3);
        }
    }

    /** The grid maximum never exceeds Thm 2 over d = 1..3, ℓ ∈ {0.3, 0.5, 1, 2} and every m̄ tried. */
    @ParameterizedTest
    @CsvSource({"1, 0.3", "1, 0.5", "1, 1.0", "1, 2.0", "2, 0.3", "2, 1.0", "3, 0.5", "3, 1.0"})
    void gridErrorStaysBelowTheorem2(int dimension, double lengthScale) {
        BoxDomain unit = BoxDomain.unitCube(dimension);
        for (int order = 1; order <= (dimension == 3 ? 12 : 30); order++) {
            QuadratureFourierFeatures features = QuadratureFourierFeatures.of(order, lengthScale, dimension);
            double grid = features.empiricalMaxError(unit, dimension == 3 ? 21 : 101);
            assertThat(grid).as("d = %d, ℓ = %s, m̄ = %d", dimension, lengthScale, order)
                    .isLessThanOrEqualTo(features.errorBound(unit) + 1e-15);
        }
    }

    /** The QFF error table of docs/papers.md (d = 2, ν = 1, [0,1]²): 4.5e-4, 1.1e-6, 1.4e-9 at m̄ = 4, 6, 8. */
    @Test
    void gridErrorReproducesTheSpecTable() {
        BoxDomain unit = BoxDomain.unitCube(2);
        assertThat(QuadratureFourierFeatures.of(4, 1.0, 2).empiricalMaxError(unit, 201)).isBetween(4.5e-4, 6e-4);
        assertThat(QuadratureFourierFeatures.of(6, 1.0, 2).empiricalMaxError(unit, 201)).isBetween(1.1e-6, 1.5e-6);
        assertThat(QuadratureFourierFeatures.of(8, 1.0, 2).empiricalMaxError(unit, 201)).isBetween(1.4e-9, 1.9e-9);
    }

    /**
     * Thm 2 at d = 2, m̄ = 4, ν = 1: 2·2^1·√(π/2)·4^{−4}·(e/4)^4 = 4 × 1.2533141 × 0.00390625 ×
     * 0.21327 = 4.1765e-3 (the table in docs/papers.md: 4.2e-3). On [0, 2]² with ℓ = 2 the box scales
     * to [0,1]² with ℓ = 1, so the bound is the same number.
     */
    @Test
    void theorem2BoundMatchesHandComputationAndTransportsToBoxes() {
        double expected = 4 * Math.sqrt(Math.PI / 2) * Math.pow(4, -4) * Math.pow(Math.E / 4, 4);
        assertThat(expected).isCloseTo(4.1765e-3, within(1e-7));
        assertThat(QuadratureFourierFeatures.theorem2Bound(2, 4, 1.0)).isCloseTo(expected, within(1e-15));
        assertThat(QuadratureFourierFeatures.of(4, 1.0, 2).errorBound(BoxDomain.unitCube(2)))
                .isCloseTo(expected, within(1e-15));
        assertThat(QuadratureFourierFeatures.of(4, 2.0, 2).errorBound(BoxDomain.cube(2, -1.0, 1.0)))
                .isCloseTo(expected, within(1e-15));
        assertThat(QuadratureFourierFeatures.of(4, 1.0, 2).errorBound(BoxDomain.cube(2, 0.5, 0.5))).isZero();
        // m̄^{m̄} would overflow a double at m̄ = 200; the log-space form does not.
        assertThat(QuadratureFourierFeatures.theorem2Bound(2, 200, 1.0)).isZero();
        assertThat(QuadratureFourierFeatures.theorem2Bound(1, 2, 0.1)).isGreaterThan(2.0);
    }

    @Test
    void smallestOrderMeetingATargetIsTheFirstWhoseBoundIsBelowIt() {
        BoxDomain unit = BoxDomain.unitCube(2);
        double target = 1.0 / (1024.0 * 1024.0); // 1/T² at T = 1024, the practical m̄ of docs/papers.md
        int order = QuadratureFourierFeatures.smallestOrderMeeting(target, unit, 1.0);
        assertThat(order).isEqualTo(7);
        assertThat(QuadratureFourierFeatures.of(order, 1.0, 2).errorBound(unit)).isLessThanOrEqualTo(target);
        assertThat(QuadratureFourierFeatures.of(order - 1, 1.0, 2).errorBound(unit)).isGreaterThan(target);
        BoxDomain ballBox = BoxDomain.boundingBoxOfBall(2, 2.0);
        assertThat(QuadratureFourierFeatures.smallestOrderMeeting(target, ballBox, 1.0)).isEqualTo(22);
        assertThat(QuadratureFourierFeatures.of(21, 1.0, 2).errorBound(ballBox)).isGreaterThan(target);
        assertThatThrownBy(() -> QuadratureFourierFeatures.smallestOrderMeeting(1e-30, BoxDomain.cube(1, 0, 200), 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void batchEvaluationEqualsPointwiseEvaluation() {
        QuadratureFourierFeatures features = QuadratureFourierFeatures.of(6, 1.0, 2);
        double[][] points = {{0.1, 0.2}, {-1.5, 1.9}, {0.0, 0.0}};
        DMatrixRMaj batch = features.applyAll(points);
        assertThat(batch.numRows).isEqualTo(3);
        assertThat(batch.numCols).isEqualTo(72);
        for (int r = 0; r < points.length; r++) {
            double[] single = features.apply(points[r]);
            for (int c = 0; c < 72; c++) {
                assertThat(batch.get(r, c)).isEqualTo(single[c]);
            }
        }
        assertThat(features.applyAll(List.of(points)).data).isEqualTo(batch.data);
    }

    @Test
    void isRebuiltBitForBitFromItsThreeParameters() {
        QuadratureFeatureSpec spec = new QuadratureFeatureSpec(11, 1.3, 2);
        QuadratureFourierFeatures first = spec.toFeatureMap();
        QuadratureFourierFeatures second = QuadratureFourierFeatures.of(11, 1.3, 2);
        assertThat(second).isEqualTo(first).hasSameHashCodeAs(first);
        assertThat(second.spec()).isEqualTo(spec);
        assertThat(spec.featureDimension()).isEqualTo(242);
        assertThat(spec.kernel()).isEqualTo(KernelSpec.rbf(1.3));
        double[] x = {0.42, -0.17};
        assertThat(second.apply(x)).isEqualTo(first.apply(x));
        assertThat(QuadratureFeatureSpec.forKernel(KernelSpec.rbf(1.3), 11, 2)).isEqualTo(spec);
    }

    /** The policy state stores the spec only; it must survive the service's JSON round trip. */
    @Test
    void specRoundTripsThroughJsonAsThreeNumbers() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        QuadratureFeatureSpec spec = new QuadratureFeatureSpec(10, 0.75, 2);
        String text = json.writeValueAsString(spec);
        assertThat(text).isEqualTo("{\"nodesPerDimension\":10,\"lengthScale\":0.75,\"inputDimension\":2}");
        assertThat(json.readValue(text, QuadratureFeatureSpec.class)).isEqualTo(spec);
    }

    @Test
    void rejectsParametersItCannotHonour() {
        assertThatThrownBy(() -> new QuadratureFeatureSpec(0, 1.0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nodesPerDimension");
        assertThatThrownBy(() -> new QuadratureFeatureSpec(4, 0.0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthScale");
        assertThatThrownBy(() -> new QuadratureFeatureSpec(4, 1e-320, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overflow");
        assertThatThrownBy(() -> new QuadratureFeatureSpec(4, 1.0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QuadratureFeatureSpec(40, 1.0, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exceeds");
        assertThatThrownBy(() -> QuadratureFeatureSpec.forKernel(KernelSpec.matern32(1.0), 4, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RBF");
    }

    private static double maxErrorOverPairs(QuadratureFourierFeatures features, List<double[]> points, Kernel kernel) {
        double[][] phi = new double[points.size()][];
        for (int i = 0; i < phi.length; i++) {
            phi[i] = features.apply(points.get(i));
        }
        double max = 0;
        for (int i = 0; i < phi.length; i++) {
            for (int j = i; j < phi.length; j++) {
                max = Math.max(max, Math.abs(kernel.value(points.get(i), points.get(j)) - dot(phi[i], phi[j])));
            }
        }
        return max;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double squaredNorm(double[] a) {
        return dot(a, a);
    }
}
