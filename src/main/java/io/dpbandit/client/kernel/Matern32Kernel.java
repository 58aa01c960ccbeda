package io.dpbandit.client.kernel;

/** Matérn nu = 3/2: k = (1 + sqrt(3) r / l) exp(-sqrt(3) r / l), the sqrt(3) inside (R&amp;W eq. 4.17). */
final class Matern32Kernel extends StationaryKernel {

    private static final double SQRT3 = Math.sqrt(3.0);
    /** Beyond this z = sqrt(3) r / l, exp(-z) is 0 and (1 + z) exp(-z) would risk Infinity * 0 = NaN. */
    private static final double Z_CUTOFF = 1e300;

    Matern32Kernel(KernelSpec spec) {
        super(spec);
    }

    @Override
    double ofSquaredDistance(double r2) {
        double z = SQRT3 * Math.sqrt(r2) / lengthScale;
        if (z > Z_CUTOFF) {
            return 0.0;
        }
        return (1.0 + z) * StrictMath.exp(-z);
    }
}
