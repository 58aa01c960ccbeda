package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** (x.y + c)^d / (N + c)^d with d = 2, c = 1, N = 4 (kernels.json poly2_maxnorm) on [-1, 1]^4. */
class PolynomialMaxNormKernelTest extends KernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.polynomialMaxNorm(2, 1.0, 4.0).toKernel();
    }

    @Test
    void reachesOneAtTheBoundaryOfTheDomain() {
        double[] corner = {1, -1, 1, -1};
        assertThat(kernel().value(corner, corner)).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void projectsInputsOutsideTheDeclaredDomainOntoIt() {
        double[] outside = {2, 0, 0, 0};
        assertThat(kernel().value(outside, outside)).isEqualTo(1.0);
        double[] further = {3, 0, 0, 0};
        assertThat(kernel().value(further, further)).as("scaled to (2,0,0,0), not 4").isEqualTo(1.0);
        double[] huge = {1e160, 1e160, 0, 0};
        assertThat(kernel().value(huge, huge)).isCloseTo(1.0, within(1e-15));
    }
}
