package io.dpbandit.client.kernel;

/**
 * RBF k = exp(-r^2 / (2 l^2)): note the factor 2 (convention 1 of the test vectors,
 * src/test/resources/testvectors/README.md).
 */
final class RbfKernel extends StationaryKernel {

    private final double twoLengthScaleSquared;

    RbfKernel(KernelSpec spec) {
        super(spec);
        this.twoLengthScaleSquared = 2.0 * lengthScale * lengthScale;
    }

    @Override
    double ofSquaredDistance(double r2) {
        // RBF needs r^2 only, so no square root is taken; exp(-Infinity) = 0 covers overflow.
        return StrictMath.exp(-r2 / twoLengthScaleSquared);
    }
}
