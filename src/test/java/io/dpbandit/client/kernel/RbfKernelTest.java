package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RbfKernelTest extends StationaryKernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.rbf(0.5).toKernel();
    }

    @Override
    double lengthScale() {
        return 0.5;
    }

    @Override
    double closedForm(double r, double l) {
        return Math.exp(-r * r / (2 * l * l));
    }

    @Test
    void usesTwoLengthScaleSquaredInTheDenominator() {
        // r = l gives exp(-1/2), not exp(-1) (convention 1 of src/test/resources/testvectors/README.md).
        Kernel k = KernelSpec.rbf(0.7).toKernel();
        assertThat(k.value(new double[] {0, 0}, new double[] {0.7, 0})).isCloseTo(Math.exp(-0.5), within(1e-15));
    }

    @Test
    void tinyLengthScaleStillGivesOneAtZeroDistance() {
        Kernel k = KernelSpec.rbf(1e-200).toKernel();
        assertThat(k.value(new double[] {1, 2}, new double[] {1, 2})).isEqualTo(1.0);
        assertThat(k.value(new double[] {1, 2}, new double[] {1, 2.5})).isZero();
    }
}
