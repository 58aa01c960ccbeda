package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PolynomialCosineKernelTest extends KernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.polynomial(3, 1.0).toKernel();
    }

    @Test
    void equalsNormalisedPolynomialOnOrdinaryInputs() {
        Kernel k = kernel();
        double[] a = {0.3, -0.4, 0.5, 0.1};
        double[] b = {0.2, 0.1, -0.7, 0.9};
        double expected = Math.pow(dot(a, b) + 1, 3) / Math.sqrt(Math.pow(dot(a, a) + 1, 3) * Math.pow(dot(b, b) + 1, 3));
        assertThat(k.value(a, b)).isCloseTo(expected, within(1e-15));
    }

    @Test
    void positiveOffsetNeedsNoSpecialCaseAtTheZeroVector() {
        // p(0, 0) = c^d > 0, so the cosine formula applies: k(0, y) = (c / sqrt(c (y.y + c)))^d.
        Kernel k = KernelSpec.polynomial(2, 0.5).toKernel();
        double[] zero = {0, 0};
        double[] y = {1, 1};
        assertThat(k.value(zero, zero)).isEqualTo(1.0);
        assertThat(k.value(zero, y)).isCloseTo(0.5 / 2.5, within(1e-15));
    }

    @Test
    void zeroOffsetFollowsTheZeroVectorConvention() {
        Kernel k = KernelSpec.polynomial(2, 0.0).toKernel();
        double[] zero = {0, 0};
        assertThat(k.value(zero, zero)).isEqualTo(1.0);
        assertThat(k.value(zero, new double[] {3, 4})).isZero();
        assertThat(k.value(new double[] {1, 0}, new double[] {1, 1})).isCloseTo(0.5, within(1e-15));
    }

    @Test
    void highDegreeAndHugeNormsDoNotOverflow() {
        Kernel k = KernelSpec.polynomial(500, 2.0).toKernel();
        double[] huge = {1e200, 1e200};
        assertThat(k.value(huge, huge)).isCloseTo(1.0, within(1e-12)).isLessThanOrEqualTo(1.0);
        assertThat(k.value(huge, new double[] {1e200, -1e200})).isZero();
        assertThat(k.value(new double[] {1, 2}, new double[] {1, 2})).isCloseTo(1.0, within(1e-12));
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
