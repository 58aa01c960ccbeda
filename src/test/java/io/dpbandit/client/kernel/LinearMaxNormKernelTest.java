package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Max-norm normalisation with N = 4 = max ||w||^2 on the declared domain [-1, 1]^4. */
class LinearMaxNormKernelTest extends KernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.linearMaxNorm(4.0).toKernel();
    }

    @Test
    void isDividedByTheDeclaredBound() {
        assertThat(kernel().value(new double[] {1, 1, 1, 1}, new double[] {1, 1, 1, 1})).isEqualTo(1.0);
        assertThat(kernel().value(new double[] {1, 0, 0, 0}, new double[] {0.5, 1, 1, 0.5})).isEqualTo(0.125);
    }

    @Test
    void projectsInputsOutsideTheDeclaredDomainOntoIt() {
        // ||(2,2,2,2)||^2 = 16 > N = 4: the point is scaled to (1,1,1,1), the boundary.
        double[] outside = {2, 2, 2, 2};
        assertThat(kernel().value(outside, outside)).isEqualTo(1.0);
        assertThat(kernel().value(outside, new double[] {1, 0, 0, 0})).isEqualTo(0.25);
    }

    @Test
    void staysFiniteAndBoundedForContextsWhoseSquaredNormOverflows() {
        double[] huge = {1e308, 1e308, 0, 0};
        double[] inside = {1, 1, 0, 0};
        assertThat(kernel().value(huge, huge)).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-15));
        // huge projects to (sqrt 2, sqrt 2, 0, 0): k = (sqrt 2 + sqrt 2) / 4.
        assertThat(kernel().value(huge, inside)).isCloseTo(2 * Math.sqrt(2) / 4,
                org.assertj.core.api.Assertions.within(1e-12));
    }
}
