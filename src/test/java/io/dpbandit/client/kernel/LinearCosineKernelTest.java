package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LinearCosineKernelTest extends KernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.linear().toKernel();
    }

    @Test
    void isTheCosineOfTheAngle() {
        Kernel k = kernel();
        assertThat(k.value(new double[] {1, 0}, new double[] {1, 1})).isCloseTo(Math.sqrt(0.5), within(1e-15));
        assertThat(k.value(new double[] {1, 2}, new double[] {-2, 1})).isZero();
        assertThat(k.value(new double[] {1, 2}, new double[] {-1, -2})).isEqualTo(-1.0);
    }

    @Test
    void zeroVectorHasUnitSelfSimilarityAndIsOrthogonalToEverythingElse() {
        Kernel k = kernel();
        double[] zero = {0, 0, 0, 0};
        assertThat(k.value(zero, zero)).isEqualTo(1.0);
        assertThat(k.value(zero, new double[] {1, 2, 3, 4})).isZero();
        assertThat(k.value(new double[] {1e-300, 0, 0, 0}, zero)).isZero();
    }

    @Test
    void isScaleInvariantFromSubnormalToHugeNorms() {
        Kernel k = kernel();
        double[] a = {0.3, -0.4, 0.5, 0.1};
        double[] b = {0.2, 0.1, -0.7, 0.9};
        double reference = k.value(a, b);
        for (double s : new double[] {1e-305, 1e-200, 1e-30, 7.5, 1e150, 1e300}) {
            double[] sa = {a[0] * s, a[1] * s, a[2] * s, a[3] * s};
            assertThat(k.value(sa, b)).as("scale %s", s).isCloseTo(reference, within(1e-12));
            assertThat(k.value(sa, sa)).as("k(w, w) at scale %s", s).isCloseTo(1.0, within(1e-15)).isLessThanOrEqualTo(1.0);
        }
    }
}
