package io.dpbandit.client.privacy;

/**
 * A vector after L2-norm clipping: value = scale·input with scale = 1 when ‖input‖ ≤ C
 * ({@code clipped} false) and scale ≈ C/‖input‖ otherwise. {@code inputNorm} may be +∞ for vectors
 * whose norm exceeds the double range (the clipped value is still exact in direction).
 */
public record ClippedVector(double[] value, boolean clipped, double scale, double inputNorm) {

    public ClippedVector {
        value = value.clone();
    }

    /** A copy of the clipped vector. */
    @Override
    public double[] value() {
        return value.clone();
    }

    public int dimension() {
        return value.length;
    }
}
