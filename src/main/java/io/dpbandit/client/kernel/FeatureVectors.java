package io.dpbandit.client.kernel;

import java.util.Arrays;

/** Vector arithmetic shared by the kernels. */
final class FeatureVectors {

    private FeatureVectors() {
    }

    static void requireSameDimension(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "feature vectors must have the same dimension, got " + a.length + " and " + b.length);
        }
    }

    /**
     * ||a - b||^2 summed from the difference vector. The expanded form ||a||^2 + ||b||^2 - 2 a.b cancels
     * catastrophically for near-duplicates (kernels.json {@code near_duplicate_pair}: r = 2.1e-8 instead of
     * 3e-9), which moves Matérn 1/2 by 4e-8 ("Kernels", docs/papers.md). Overflows to +Infinity for huge differences,
     * which every stationary kernel maps to its limit 0.
     */
    static double squaredDistance(double[] a, double[] b) {
        requireSameDimension(a, b);
        double sum = 0.0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            sum += d * d;
        }
        return sum;
    }

    static double dot(double[] a, double[] b) {
        double sum = 0.0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    /** max_i |a_i|; 0 for the zero vector. */
    static double maxAbs(double[] a) {
        double max = 0.0;
        for (double v : a) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }

    /**
     * Cosine of the augmented vectors (a, sqrt(c)) and (b, sqrt(c)):
     * (a.b + c) / sqrt((a.a + c)(b.b + c)), clamped to [-1, 1].
     *
     * <p>Each vector is first scaled by a power of two (exact, so results are unchanged wherever no
     * overflow threatens) so that the dot products cannot overflow for huge-norm inputs or underflow
     * to 0 for tiny non-zero inputs when c = 0. With c &gt; 0 vectors are only scaled down, so the scaled
     * offset c 2^-(ea+eb) never overflows. Cauchy-Schwarz bounds the exact value by 1; the clamp removes
     * the last-ulp excess that rounding can add, so |k| &lt;= 1 holds in floating point too.
     *
     * <p>Equal vectors give exactly 1, the exact value, which rounding would otherwise miss by an ulp
     * (c / sqrt(c) / sqrt(c) != 1 in floating point). When c = 0 and a vector is zero, the zero vector
     * is given its own unit feature direction (see {@link Normalisation#COSINE}): the result is 1 if both
     * are zero and 0 otherwise.
     */
    static double augmentedCosine(double[] a, double[] b, double offset) {
        requireSameDimension(a, b);
        if (Arrays.equals(a, b)) {
            return 1.0;
        }
        double maxA = maxAbs(a);
        double maxB = maxAbs(b);
        if (offset == 0.0 && (maxA == 0.0 || maxB == 0.0)) {
            return (maxA == 0.0 && maxB == 0.0) ? 1.0 : 0.0;
        }
        int ea = scaleExponent(maxA, offset);
        int eb = scaleExponent(maxB, offset);
        double ab = 0.0;
        double aa = 0.0;
        double bb = 0.0;
        for (int i = 0; i < a.length; i++) {
            double x = Math.scalb(a[i], -ea);
            double y = Math.scalb(b[i], -eb);
            ab += x * y;
            aa += x * x;
            bb += y * y;
        }
        double numerator = ab + Math.scalb(offset, -ea - eb);
        double normA = Math.sqrt(aa + Math.scalb(offset, -2 * ea));
        double normB = Math.sqrt(bb + Math.scalb(offset, -2 * eb));
        double cosine = numerator / normA / normB;
        return Math.max(-1.0, Math.min(1.0, cosine));
    }

    /** Exponent e with max|a| 2^-e in [1, 2); never negative when an offset c &gt; 0 is present. */
    private static int scaleExponent(double maxAbs, double offset) {
        if (maxAbs == 0.0) {
            return 0;
        }
        int e = Math.getExponent(maxAbs);
        if (e == Double.MIN_EXPONENT - 1) {
            e = Double.MIN_EXPONENT; // subnormal: getExponent reports MIN_EXPONENT - 1
            while (Math.scalb(maxAbs, -e) < 1.0) {
                e--;
            }
        }
        return offset > 0.0 ? Math.max(0, e) : e;
    }

    /**
     * w projected onto the ball ||w||^2 &lt;= maxSquaredNorm: w itself when it lies inside, otherwise
     * w scaled to the boundary. The norm is taken on w·2^-e (an exact power-of-two scaling), so a
     * huge input such as (1e308, 1e308), whose squared norm overflows to +Infinity in double, still
     * projects to a finite vector of the right direction. The result's squared norm can exceed the
     * bound by a few ulps; callers clamp the kernel value.
     */
    static double[] projectOntoBall(double[] w, double maxSquaredNorm) {
        double max = maxAbs(w);
        if (max == 0.0) {
            return w;
        }
        int e = Math.getExponent(max);
        double scaledSquared = 0.0;
        for (double v : w) {
            double x = Math.scalb(v, -e);
            scaledSquared += x * x;
        }
        // ||w||^2 = scaledSquared · 4^e; compare in the scaled domain so nothing overflows.
        double scaledBound = Math.scalb(maxSquaredNorm, -2 * e);
        if (scaledSquared <= scaledBound) {
            return w;
        }
        // P(w)_i = w_i sqrt(N) / ||w|| = (w_i 2^-e) sqrt(N / scaledSquared); scaledSquared >= 1.
        double factor = Math.sqrt(maxSquaredNorm / scaledSquared);
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = Math.scalb(w[i], -e) * factor;
        }
        return out;
    }

    /** x^n for an integer n &gt;= 1 by repeated squaring: deterministic, and exact for small n. */
    static double powInt(double x, int n) {
        double result = 1.0;
        double base = x;
        int e = n;
        while (e > 0) {
            if ((e & 1) == 1) {
                result *= base;
            }
            e >>= 1;
            if (e > 0) {
                base *= base;
            }
        }
        return result;
    }
}
