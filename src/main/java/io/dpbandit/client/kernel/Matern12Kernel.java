package io.dpbandit.client.kernel;

/**
 * Matérn nu = 1/2: k = exp(-r / l). Its slope at r = 0 is -1/l, so it is the kernel most sensitive to
 * computing r from the expanded form (kernels.json {@code near_duplicate_pair}); r comes from the
 * difference vector here.
 */
final class Matern12Kernel extends StationaryKernel {

    Matern12Kernel(KernelSpec spec) {
        super(spec);
    }

    @Override
    double ofSquaredDistance(double r2) {
        return StrictMath.exp(-Math.sqrt(r2) / lengthScale);
    }
}
