package io.dpbandit.client.kernel;

/**
 * Base of the kernels that depend on r = ||a - b|| only. Their closed forms ("Kernels" in
 * docs/papers.md; Rasmussen and Williams eqs. 4.16-4.17) are evaluated with {@link StrictMath#exp} so
 * that seeded simulations replay bit for bit on every JVM and CPU; {@code Math.exp} is an
 * intrinsic whose last bit may differ between platforms.
 */
abstract class StationaryKernel implements Kernel {

    private final KernelSpec spec;
    protected final double lengthScale;

    StationaryKernel(KernelSpec spec) {
        this.spec = spec;
        this.lengthScale = spec.lengthScale();
    }

    @Override
    public final double value(double[] a, double[] b) {
        double r2 = FeatureVectors.squaredDistance(a, b);
        // k(r = 0) = 1 exactly, also for length scales so small that l^2 underflows (0/0 otherwise).
        return r2 == 0.0 ? 1.0 : ofSquaredDistance(r2);
    }

    /** k as a function of r^2 &gt; 0 (r^2 may be +Infinity after overflow; the limit is 0). */
    abstract double ofSquaredDistance(double r2);

    /** k(w, w) = k(r = 0) = 1 exactly for every stationary kernel here. */
    @Override
    public final double diagonal(double[] w) {
        return 1.0;
    }

    @Override
    public final KernelSpec spec() {
        return spec;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof StationaryKernel other && other.getClass() == getClass() && other.spec.equals(spec);
    }

    @Override
    public final int hashCode() {
        return spec.hashCode();
    }

    @Override
    public final String toString() {
        return spec.toString();
    }
}
