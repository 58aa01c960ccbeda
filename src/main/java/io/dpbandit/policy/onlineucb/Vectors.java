package io.dpbandit.policy.onlineucb;

/** Small dense vector and row-major matrix helpers for d ≈ 5 (EJML's overhead dominates at that size). */
final class Vectors {

    private Vectors() {
    }

    static double dot(double[] a, double[] b) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static double norm(double[] a) {
        return StrictMath.sqrt(dot(a, a));
    }

    /** Euclidean projection onto the ball ‖θ‖ ≤ radius: y·min(1, radius/‖y‖), in place. */
    static double[] projectToBall(double[] y, double radius) {
        double n = norm(y);
        if (n > radius) {
            double s = radius / n;
            for (int i = 0; i < y.length; i++) {
                y[i] *= s;
            }
        }
        return y;
    }

    /** M·v for a row-major d×d matrix M. */
    static double[] multiply(double[] m, double[] v) {
        int d = v.length;
        double[] out = new double[d];
        for (int i = 0; i < d; i++) {
            double s = 0.0;
            int row = i * d;
            for (int j = 0; j < d; j++) {
                s += m[row + j] * v[j];
            }
            out[i] = s;
        }
        return out;
    }

    /** A·B for row-major d×d matrices. */
    static double[] multiplyMatrices(double[] a, double[] b) {
        int d = (int) Math.round(Math.sqrt(a.length));
        double[] c = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int k = 0; k < d; k++) {
                double aik = a[i * d + k];
                for (int j = 0; j < d; j++) {
                    c[i * d + j] += aik * b[k * d + j];
                }
            }
        }
        return c;
    }

    /** vᵀ M v for a row-major d×d matrix M. */
    static double quadratic(double[] m, double[] v) {
        return dot(v, multiply(m, v));
    }

    /** The row-major d×d identity times c. */
    static double[] scaledIdentity(int d, double c) {
        double[] m = new double[d * d];
        for (int i = 0; i < d; i++) {
            m[i * d + i] = c;
        }
        return m;
    }

    /** M + v vᵀ, in place. */
    static void addOuter(double[] m, double[] v) {
        int d = v.length;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                m[i * d + j] += v[i] * v[j];
            }
        }
    }

    /**
     * Sherman–Morrison, in place: given M⁻¹, the inverse of M + v vᵀ is
     * M⁻¹ − (M⁻¹v)(M⁻¹v)ᵀ / (1 + vᵀM⁻¹v) (M symmetric positive definite, so the denominator is ≥ 1).
     * The result is symmetrised entry by entry, so rounding cannot make it drift away from symmetry.
     */
    static void shermanMorrison(double[] inverse, double[] v) {
        int d = v.length;
        double[] w = multiply(inverse, v);
        double denominator = 1.0 + dot(v, w);
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                double value = inverse[i * d + j] - w[i] * w[j] / denominator;
                inverse[i * d + j] = value;
                inverse[j * d + i] = value;
            }
        }
    }

    /** log Σ exp(a_i), without overflow. */
    static double logSumExp(double[] a) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : a) {
            max = Math.max(max, v);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return max;
        }
        double s = 0.0;
        for (double v : a) {
            s += StrictMath.exp(v - max);
        }
        return max + StrictMath.log(s);
    }

    static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }
}
