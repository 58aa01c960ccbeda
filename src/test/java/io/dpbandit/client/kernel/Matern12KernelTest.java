package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Matern12KernelTest extends StationaryKernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.matern12(0.5).toKernel();
    }

    @Override
    double lengthScale() {
        return 0.5;
    }

    @Override
    double closedForm(double r, double l) {
        return Math.exp(-r / l);
    }

    @Test
    void maternHalfUsesDifferenceVectorForNearDuplicates() {
        // Two points 3e-9 apart: the expanded form ||a||^2 + ||b||^2 - 2a.b would give r ~ 2e-8 and move
        // k by ~4e-8 (kernels.json near_duplicate_pair); the difference vector gives 1 - k = 6e-9.
        double[] a = {0.123456789, 0.7, 0.1, 0.9};
        double[] b = {0.123456792, 0.7, 0.1, 0.9};
        double k = kernel().value(a, b);
        double r = b[0] - a[0];
        assertThat(k).isCloseTo(StrictMath.exp(-r / 0.5), org.assertj.core.api.Assertions.within(1e-16));
        assertThat(1 - k).isBetween(5.99e-9, 6.01e-9);
    }
}
