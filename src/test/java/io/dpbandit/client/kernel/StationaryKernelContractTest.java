package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** Extra contract for kernels of r = ||a - b|| only (RBF, Matérn). */
abstract class StationaryKernelContractTest extends KernelContractTest {

    /** The closed form ("Kernels" in docs/papers.md) as a function of r, for comparison. */
    abstract double closedForm(double r, double lengthScale);

    abstract double lengthScale();

    @Test
    void hasUnitDiagonalForEveryInputIncludingExtremeOnes() {
        Kernel k = kernel();
        for (double[] w : extremeInputs()) {
            assertThat(k.value(w, w)).isEqualTo(1.0);
            assertThat(k.diagonal(w)).isEqualTo(1.0);
        }
    }

    @Test
    void dependsOnlyOnTheDistance() {
        Random rng = new Random(21);
        Kernel k = kernel();
        for (int i = 0; i < 100; i++) {
            double[] a = randomPoint(rng);
            double[] b = randomPoint(rng);
            double[] shift = randomPoint(rng);
            double[] a2 = new double[DIM];
            double[] b2 = new double[DIM];
            for (int j = 0; j < DIM; j++) {
                a2[j] = a[j] + shift[j];
                b2[j] = b[j] + shift[j];
            }
            assertThat(k.value(a2, b2)).isCloseTo(k.value(a, b), within(1e-14));
        }
    }

    @Test
    void matchesTheSpecClosedForm() {
        Kernel k = kernel();
        for (double r : new double[] {1e-9, 0.01, 0.3, 1.0, 2.5, 7.0}) {
            double[] a = {0, 0, 0, 0};
            double[] b = {r, 0, 0, 0};
            assertThat(k.value(a, b)).as("r = %s", r).isCloseTo(closedForm(r, lengthScale()), within(1e-15));
        }
    }

    @Test
    void decaysToZeroInsteadOfNaNWhenTheDistanceOverflows() {
        Kernel k = kernel();
        double[] a = {Double.MAX_VALUE, 0, 0, 0};
        double[] b = {-Double.MAX_VALUE, 0, 0, 0};
        assertThat(k.value(a, b)).isZero();
        assertThat(k.value(new double[] {1e160, 0, 0, 0}, new double[] {0, 0, 0, 0})).isZero();
    }
}
