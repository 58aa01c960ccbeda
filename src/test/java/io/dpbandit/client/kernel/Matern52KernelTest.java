package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Matern52KernelTest extends StationaryKernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.matern52(0.5).toKernel();
    }

    @Override
    double lengthScale() {
        return 0.5;
    }

    @Override
    double closedForm(double r, double l) {
        return (1 + Math.sqrt(5) * r / l + 5 * r * r / (3 * l * l)) * Math.exp(-Math.sqrt(5) * r / l);
    }

    @Test
    void extremeLengthScalesGiveLimitsNotNaN() {
        Kernel tiny = KernelSpec.matern52(1e-300).toKernel();
        assertThat(tiny.value(new double[] {0}, new double[] {1e-310})).isFinite();
        assertThat(tiny.value(new double[] {0}, new double[] {1})).isZero();
        Kernel huge = KernelSpec.matern52(1e300).toKernel();
        assertThat(huge.value(new double[] {0}, new double[] {1})).isEqualTo(1.0);
    }
}
