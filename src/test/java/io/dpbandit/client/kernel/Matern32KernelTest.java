package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

class Matern32KernelTest extends StationaryKernelContractTest {

    @Override
    Kernel kernel() {
        return KernelSpec.matern32(0.5).toKernel();
    }

    @Override
    double lengthScale() {
        return 0.5;
    }

    @Override
    double closedForm(double r, double l) {
        double z = Math.sqrt(3) * r / l;
        return (1 + z) * Math.exp(-z);
    }
}
