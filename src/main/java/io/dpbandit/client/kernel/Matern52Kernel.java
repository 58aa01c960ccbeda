package io.dpbandit.client.kernel;

/**
 * Matérn nu = 5/2: k = (1 + sqrt(5) r / l + 5 r^2 / (3 l^2)) exp(-sqrt(5) r / l) (R&amp;W eq. 4.17).
 * The quadratic term 5 r^2 / (3 l^2) is evaluated as z^2 / 3 with z = sqrt(5) r / l: equal in exact
 * arithmetic, and it cannot overflow or divide by an underflowed l^2 for extreme length scales.
 */
final class Matern52Kernel extends StationaryKernel {

    private static final double SQRT5 = Math.sqrt(5.0);
    /** Beyond this z = sqrt(5) r / l, exp(-z) is 0 while z^2 could overflow (Infinity * 0 = NaN). */
    private static final double Z_CUTOFF = 1e150;

    Matern52Kernel(KernelSpec spec) {
        super(spec);
    }

    @Override
    double ofSquaredDistance(double r2) {
        double z = SQRT5 * Math.sqrt(r2) / lengthScale;
        if (z > Z_CUTOFF) {
            return 0.0;
        }
        return (1.0 + z + z * z / 3.0) * StrictMath.exp(-z);
    }
}
