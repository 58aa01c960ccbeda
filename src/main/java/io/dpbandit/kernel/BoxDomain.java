package io.dpbandit.kernel;

import java.util.Arrays;

/**
 * A declared, public box domain Π_j [lower_j, upper_j] ⊂ R^d on which a kernel approximation is
 * guaranteed (Dubey 2021's Thm 2 is stated on [0,1]^d; m̄ is chosen on the actual domain, see
 * docs/papers.md). The arrays are copied in and out.
 *
 * @param lower finite lower corner
 * @param upper finite upper corner, upper_j ≥ lower_j
 */
public record BoxDomain(double[] lower, double[] upper) {

    public BoxDomain {
        if (lower == null || upper == null || lower.length != upper.length || lower.length == 0) {
            throw new IllegalArgumentException("a box needs lower and upper corners of the same positive dimension");
        }
        lower = lower.clone();
        upper = upper.clone();
        for (int j = 0; j < lower.length; j++) {
            if (!Double.isFinite(lower[j]) || !Double.isFinite(upper[j]) || !(upper[j] >= lower[j])
                    || !Double.isFinite(upper[j] - lower[j])) {
                throw new IllegalArgumentException("box side " + j + " must be a finite interval [lower, upper] with "
                        + "lower <= upper, got [" + lower[j] + ", " + upper[j] + "]");
            }
        }
    }

    /** [0,1]^d, the domain of Dubey 2021's Def. 4 and Thm 2 (and of the benchmark functions' inputs). */
    public static BoxDomain unitCube(int dimension) {
        return cube(dimension, 0.0, 1.0);
    }

    /** [lo, hi]^d. */
    public static BoxDomain cube(int dimension, double lo, double hi) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be at least 1, got " + dimension);
        }
        double[] l = new double[dimension];
        double[] u = new double[dimension];
        Arrays.fill(l, lo);
        Arrays.fill(u, hi);
        return new BoxDomain(l, u);
    }

    /**
     * [−r, r]^d, the smallest box holding the Euclidean ball B_d(r) about the origin (Dubey 2021's
     * experiments draw f and D_t from B_2(2)).
     */
    public static BoxDomain boundingBoxOfBall(int dimension, double radius) {
        if (!(radius >= 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("radius must be finite and non-negative, got " + radius);
        }
        return cube(dimension, -radius, radius);
    }

    public int dimension() {
        return lower.length;
    }

    @Override
    public double[] lower() {
        return lower.clone();
    }

    @Override
    public double[] upper() {
        return upper.clone();
    }

    /** upper_j − lower_j: every difference x − y of two points in the box has |x_j − y_j| ≤ this. */
    public double[] sideLengths() {
        double[] s = new double[lower.length];
        for (int j = 0; j < s.length; j++) {
            s[j] = upper[j] - lower[j];
        }
        return s;
    }

    /** The longest side. */
    public double maxSideLength() {
        double max = 0.0;
        for (int j = 0; j < lower.length; j++) {
            max = Math.max(max, upper[j] - lower[j]);
        }
        return max;
    }

    /** Whether x lies in the closed box. */
    public boolean contains(double[] x) {
        if (x.length != lower.length) {
            return false;
        }
        for (int j = 0; j < x.length; j++) {
            if (!(x[j] >= lower[j] && x[j] <= upper[j])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BoxDomain other && Arrays.equals(lower, other.lower) && Arrays.equals(upper, other.upper);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(lower) + Arrays.hashCode(upper);
    }

    @Override
    public String toString() {
        return "BoxDomain" + Arrays.toString(lower) + ".." + Arrays.toString(upper);
    }
}
