package io.dpbandit.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Max-norm normalisation with N = 4 = max ||w||^2 on the declared domain [-1, 1]^4. */
class LinearMaxNormKernelTest extends KernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.linearMaxNorm(4.0).toKernel();
    }

    @Override
    boolean boundedForEveryInput() {
        return false;
    }

    @Test
    void isDividedByTheDeclaredBound() {
        assertThat(kernel().value(new double[] {1, 1, 1, 1}, new double[] {1, 1, 1, 1})).isEqualTo(1.0);
        assertThat(kernel().value(new double[] {1, 0, 0, 0}, new double[] {0.5, 7, 7, 7})).isEqualTo(0.125);
    }

    @Test
    void exceedsOneOutsideTheDeclaredDomain() {
        // Documented limitation of MAX_NORM: the bound holds only where ||w||^2 <= N.
        double[] outside = {2, 2, 2, 2};
        assertThat(kernel().value(outside, outside)).isEqualTo(4.0);
    }
}
