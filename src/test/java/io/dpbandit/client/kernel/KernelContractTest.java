package io.dpbandit.client.kernel;

import io.dpbandit.kernel.GramMatrices;
import io.dpbandit.kernel.SymmetricEigenFunctions;

import io.dpbandit.testing.RandomData;

import io.dpbandit.client.kernel.Kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * Contract every {@link Kernel} must meet (EJML-style abstract test: one subclass per kernel).
 * Points are drawn from the kernel's declared domain, [-1, 1]^4 unless a subclass says otherwise.
 */
abstract class KernelContractTest {

    static final int DIM = 4;

    /** The kernel under test. */
    abstract Kernel kernel();

    /** A random point of the kernel's declared domain. */
    double[] randomPoint(Random rng) {
        return RandomData.points(rng, 1, DIM).get(0);
    }

    /** Inputs far outside any domain: zero, huge, tiny, subnormal and mixed-scale vectors. */
    static List<double[]> extremeInputs() {
        return List.of(
                new double[] {0, 0, 0, 0},
                new double[] {1e200, -1e200, 3e199, 1e200},
                new double[] {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE},
                new double[] {1e-200, 2e-200, -1e-200, 0},
                new double[] {Double.MIN_VALUE, 0, 0, 0},
                new double[] {1e300, 1e-300, 0, -5},
                new double[] {0.5, -0.25, 0.125, 1});
    }

    @Test
    void isSymmetricInItsArguments() {
        Random rng = new Random(11);
        Kernel k = kernel();
        for (int i = 0; i < 200; i++) {
            double[] a = randomPoint(rng);
            double[] b = randomPoint(rng);
            assertThat(k.value(a, b)).isCloseTo(k.value(b, a), within(1e-15));
        }
    }

    @Test
    void isBoundedByOneOnItsDomain() {
        Random rng = new Random(12);
        Kernel k = kernel();
        for (int i = 0; i < 500; i++) {
            double[] a = randomPoint(rng);
            double[] b = randomPoint(rng);
            assertThat(Math.abs(k.value(a, b))).as("|k(a, b)|").isLessThanOrEqualTo(1.0);
            assertThat(k.value(a, a)).as("k(a, a)").isLessThanOrEqualTo(1.0).isGreaterThan(0.0);
            assertThat(k.diagonal(a)).as("diagonal(a)").isCloseTo(k.value(a, a), within(1e-15));
        }
    }

    @Test
    void extremeInputsStayFiniteAndBoundedByOne() {
        // Every normalisation bounds k for every finite input (MAX_NORM by projecting onto its
        // declared domain): the privacy bounds use k(w, w) <= 1 for whatever users send.
        Kernel k = kernel();
        for (double[] a : extremeInputs()) {
            for (double[] b : extremeInputs()) {
                double v = k.value(a, b);
                assertThat(v).as("k(%s, %s)", Arrays.toString(a), Arrays.toString(b))
                        .isFinite().isBetween(-1.0, 1.0);
            }
            assertThat(k.value(a, a)).as("k(w, w) for %s", Arrays.toString(a))
                    .isLessThanOrEqualTo(1.0).isGreaterThanOrEqualTo(0.0);
            assertThat(k.diagonal(a)).as("diagonal for %s", Arrays.toString(a)).isFinite().isBetween(0.0, 1.0);
        }
    }

    @Test
    void randomHugeTinyAndSubnormalInputsStayFiniteAndBoundedByOne() {
        // Property test: coordinates with random signs and binary exponents spread over the whole
        // double range (subnormals to 1e308), mixed within one vector.
        Kernel k = kernel();
        Random rng = new Random(14);
        for (int i = 0; i < 2000; i++) {
            double[] a = extremePoint(rng);
            double[] b = rng.nextInt(4) == 0 ? a.clone() : extremePoint(rng);
            double v = k.value(a, b);
            assertThat(v).as("k(%s, %s)", Arrays.toString(a), Arrays.toString(b)).isFinite().isBetween(-1.0, 1.0);
            assertThat(k.value(a, a)).as("k(w, w) for %s", Arrays.toString(a)).isBetween(0.0, 1.0);
        }
    }

    /** A vector whose coordinates are 0, subnormal, tiny, ordinary or huge, with random signs. */
    static double[] extremePoint(Random rng) {
        double[] w = new double[DIM];
        for (int j = 0; j < DIM; j++) {
            double magnitude = switch (rng.nextInt(5)) {
                case 0 -> 0.0;
                case 1 -> Double.MIN_VALUE * (1 + rng.nextInt(1 << 20));
                case 2 -> Math.scalb(1.0 + rng.nextDouble(), -1000 + rng.nextInt(900));
                case 3 -> rng.nextDouble() * 2;
                default -> Math.scalb(1.0 + rng.nextDouble(), 100 + rng.nextInt(923));
            };
            w[j] = rng.nextBoolean() ? magnitude : -magnitude;
        }
        return w;
    }

    @Test
    void gramMatrixOfRandomPointsIsPositiveSemiDefinite() {
        Kernel k = kernel();
        for (long seed = 1; seed <= 3; seed++) {
            Random rng = new Random(seed);
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                points.add(randomPoint(rng));
            }
            DMatrixRMaj gram = GramMatrices.gram(k, points);
            double[] eigenvalues = SymmetricEigenFunctions.eigenvaluesAscending(gram);
            assertThat(eigenvalues[0]).as("smallest eigenvalue, seed %d", seed).isGreaterThanOrEqualTo(-1e-10);
        }
    }

    @Test
    void specBuildsAnEqualKernel() {
        Kernel k = kernel();
        Kernel rebuilt = k.spec().toKernel();
        assertThat(rebuilt).isEqualTo(k).hasSameHashCodeAs(k);
        assertThat(rebuilt.spec()).isEqualTo(k.spec());
        Random rng = new Random(13);
        double[] a = randomPoint(rng);
        double[] b = randomPoint(rng);
        assertThat(rebuilt.value(a, b)).isEqualTo(k.value(a, b));
    }

    @Test
    void rejectsVectorsOfDifferentDimension() {
        assertThatThrownBy(() -> kernel().value(new double[] {1, 2}, new double[] {1, 2, 3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("same dimension");
    }

    @Test
    void doesNotModifyItsArguments() {
        double[] a = {0.1, -0.2, 0.3, 0.4};
        double[] b = {0.5, 0.5, -0.5, 0.0};
        kernel().value(a, b);
        assertThat(a).containsExactly(0.1, -0.2, 0.3, 0.4);
        assertThat(b).containsExactly(0.5, 0.5, -0.5, 0.0);
    }
}
