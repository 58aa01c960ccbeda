package io.dpbandit.privacy;

import io.dpbandit.client.privacy.Checks;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;

/**
 * An immutable symmetric D×D matrix stored as its upper triangle, row by row
 * ({@code (0,0), (0,1), …, (0,D−1), (1,1), …, (D−1,D−1)}): D(D+1)/2 numbers instead of D², and
 * symmetry by construction. The storage format of the tree mechanism's nodes (exact and noisy p-sums,
 * Wishart padding), serialisable as {@code {"dimension": D, "upper": [...]}}.
 *
 * @param dimension D ≥ 1
 * @param upper     the D(D+1)/2 upper-triangle entries, row-major; copied in and out
 */
public record SymmetricMatrix(int dimension, double[] upper) {

    public SymmetricMatrix {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        if (upper == null || upper.length != packedLength(dimension)) {
            throw new IllegalArgumentException("a symmetric " + dimension + "x" + dimension + " matrix needs "
                    + packedLength(dimension) + " upper-triangle entries");
        }
        upper = upper.clone();
    }

    /** A copy of the packed upper triangle. */
    @Override
    public double[] upper() {
        return upper.clone();
    }

    /** D(D+1)/2. */
    public static int packedLength(int dimension) {
        return dimension * (dimension + 1) / 2;
    }

    /** The zero matrix. */
    public static SymmetricMatrix zero(int dimension) {
        return new SymmetricMatrix(dimension, new double[packedLength(dimension)]);
    }

    /** a aᵀ for a vector a (finite entries only). */
    public static SymmetricMatrix outer(double[] a) {
        Checks.finite(a, "vector");
        SymmetricMatrix out = zero(a.length);
        out.addOuterInPlace(a, 1.0);
        return out;
    }

    /** Σ_i a_i a_iᵀ over the rows, in order (finite entries only; every row of the same length). */
    public static SymmetricMatrix sumOfOuterProducts(int dimension, Iterable<double[]> rows) {
        SymmetricMatrix out = zero(dimension);
        for (double[] a : rows) {
            Checks.finite(a, "row");
            if (a.length != dimension) {
                throw new IllegalArgumentException("row has length " + a.length + ", expected " + dimension);
            }
            out.addOuterInPlace(a, 1.0);
        }
        return out;
    }

    /** The packed index of entry (i, j), in either order. */
    public static int index(int dimension, int i, int j) {
        int r = Math.min(i, j);
        int c = Math.max(i, j);
        return r * dimension - r * (r - 1) / 2 + (c - r);
    }

    /** Entry (i, j) = entry (j, i). */
    public double get(int i, int j) {
        checkIndex(i);
        checkIndex(j);
        return upper[index(dimension, i, j)];
    }

    /** this + other, entry by entry. */
    public SymmetricMatrix plus(SymmetricMatrix other) {
        requireSameDimension(other);
        double[] sum = upper.clone();
        for (int k = 0; k < sum.length; k++) {
            sum[k] += other.upper[k];
        }
        return new SymmetricMatrix(dimension, sum);
    }

    /** this + c·I. */
    public SymmetricMatrix plusIdentity(double c) {
        double[] sum = upper.clone();
        for (int i = 0; i < dimension; i++) {
            sum[index(dimension, i, i)] += c;
        }
        return new SymmetricMatrix(dimension, sum);
    }

    /** c·this. */
    public SymmetricMatrix times(double c) {
        double[] out = upper.clone();
        for (int k = 0; k < out.length; k++) {
            out[k] *= c;
        }
        return new SymmetricMatrix(dimension, out);
    }

    /** The top-left r×r block (1 ≤ r ≤ D). */
    public SymmetricMatrix leadingBlock(int r) {
        if (r < 1 || r > dimension) {
            throw new IllegalArgumentException("block size must be in [1, " + dimension + "], got " + r);
        }
        double[] out = new double[packedLength(r)];
        for (int i = 0; i < r; i++) {
            for (int j = i; j < r; j++) {
                out[index(r, i, j)] = upper[index(dimension, i, j)];
            }
        }
        return new SymmetricMatrix(r, out);
    }

    /** Column j's first r entries: (M_{0j}, …, M_{r−1,j}). */
    public double[] columnHead(int j, int r) {
        checkIndex(j);
        if (r < 0 || r > dimension) {
            throw new IllegalArgumentException("length must be in [0, " + dimension + "], got " + r);
        }
        double[] out = new double[r];
        for (int i = 0; i < r; i++) {
            out[i] = upper[index(dimension, i, j)];
        }
        return out;
    }

    /** The full D×D matrix as a new EJML matrix (both triangles filled). */
    public DMatrixRMaj toDense() {
        DMatrixRMaj m = new DMatrixRMaj(dimension, dimension);
        for (int i = 0; i < dimension; i++) {
            for (int j = i; j < dimension; j++) {
                double v = upper[index(dimension, i, j)];
                m.unsafe_set(i, j, v);
                m.unsafe_set(j, i, v);
            }
        }
        return m;
    }

    /** The upper triangle of a square EJML matrix (its lower triangle is ignored). */
    public static SymmetricMatrix fromUpperTriangle(DMatrixRMaj m) {
        if (m.numRows != m.numCols) {
            throw new IllegalArgumentException("matrix must be square");
        }
        int d = m.numRows;
        double[] out = new double[packedLength(d)];
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                out[index(d, i, j)] = m.unsafe_get(i, j);
            }
        }
        return new SymmetricMatrix(d, out);
    }

    /** Whether every entry is finite. */
    public boolean allFinite() {
        for (double v : upper) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /** ‖M‖_F, counting each off-diagonal entry twice. */
    public double frobeniusNorm() {
        double s = 0;
        for (int i = 0; i < dimension; i++) {
            for (int j = i; j < dimension; j++) {
                double v = upper[index(dimension, i, j)];
                s += (i == j ? 1.0 : 2.0) * v * v;
            }
        }
        return Math.sqrt(s);
    }

    /** Adds w·a aᵀ to this matrix's own storage: only for matrices under construction in this class. */
    private void addOuterInPlace(double[] a, double w) {
        int k = 0;
        for (int i = 0; i < dimension; i++) {
            double wi = w * a[i];
            for (int j = i; j < dimension; j++) {
                upper[k++] += wi * a[j];
            }
        }
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= dimension) {
            throw new IndexOutOfBoundsException("index " + i + " outside [0, " + dimension + ")");
        }
    }

    private void requireSameDimension(SymmetricMatrix other) {
        if (other.dimension != dimension) {
            throw new IllegalArgumentException("dimensions differ: " + dimension + " vs " + other.dimension);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SymmetricMatrix m && m.dimension == dimension && Arrays.equals(m.upper, upper);
    }

    @Override
    public int hashCode() {
        return 31 * dimension + Arrays.hashCode(upper);
    }

    @Override
    public String toString() {
        return "SymmetricMatrix[dimension=" + dimension + "]";
    }
}
