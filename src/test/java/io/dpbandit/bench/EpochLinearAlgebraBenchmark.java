package io.dpbandit.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.kernel.GramMatrices;
import io.dpbandit.kernel.InverseSquareRoot;
import io.dpbandit.kernel.JitterPolicy;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_MT_DDRM;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The linear algebra of closing a CAPRI epoch (CAPRI steps 3-4, docs/papers.md) at projection sizes m = |S|:
 * the Gram matrix of m points in R^4 (RBF, l = 0.5), the Cholesky factorisation of
 * M = K_SR K_RS + tau K_SS (|R| = m, tau = 0.5), the inverse Cholesky factor A = L^-1 (the production
 * square root of M^-1), and the eigendecomposition-based symmetric M^-1/2. For the record in
 * docs/benchmarks.md §1, EJML's own Cholesky factories (single- and multithreaded) and its two
 * symmetric eigendecompositions are measured alone on the same matrices.
 *
 * <p>The RBF M of m &gt;= 1000 points is singular to working precision (hundreds of eigenvalues below
 * 1e-12 lambda_max), so production's {@code cholesky} needs a second, jittered attempt there; the setup
 * line printed for each m says so, and {@code choleskySingleAttempt} isolates one factorisation.
 *
 * <p>Run through {@link BenchmarkMain}; the command is in docs/benchmarks.md §1.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class EpochLinearAlgebraBenchmark {

    private static final double TAU = 0.5;

    @Param({"250", "500", "1000", "2000"})
    public int m;

    private Kernel kernel;
    private List<double[]> points;
    private DMatrixRMaj epochMatrix;
    private CholeskyFactor factor;
    /** M + the jitter production needed, so a single plain factorisation succeeds. */
    private DMatrixRMaj jitteredMatrix;

    @Setup(Level.Trial)
    public void setUp() {
        Random rng = new Random(20_240_601L + m);
        kernel = KernelSpec.rbf(0.5).toKernel();
        points = randomPoints(rng, m);
        List<double[]> covarianceSet = randomPoints(rng, m);
        DMatrixRMaj kss = GramMatrices.gram(kernel, points);
        DMatrixRMaj ksr = GramMatrices.cross(kernel, points, covarianceSet);
        epochMatrix = new DMatrixRMaj(m, m);
        CommonOps_MT_DDRM.multTransB(ksr, ksr, epochMatrix);
        CommonOps_DDRM.addEquals(epochMatrix, TAU, kss);
        factor = Cholesky.factor(epochMatrix);
        jitteredMatrix = epochMatrix.copy();
        for (int i = 0; i < m; i++) {
            jitteredMatrix.add(i, i, factor.jitter());
        }
        System.out.printf("# setup m=%d: Cholesky of M needed %d attempt(s), jitter %.3g (mean diag %.3g)%n",
                m, factor.attempts(), factor.jitter(), CommonOps_DDRM.trace(epochMatrix) / m);
    }

    private static List<double[]> randomPoints(Random rng, int n) {
        List<double[]> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new double[] {rng.nextDouble(), rng.nextDouble(), rng.nextDouble(), rng.nextDouble()});
        }
        return list;
    }

    @Benchmark
    public DMatrixRMaj gram() {
        return GramMatrices.gram(kernel, points);
    }

    /** Production Cholesky, jitter fallback included (the setup line says how many attempts M needs). */
    @Benchmark
    public CholeskyFactor cholesky() {
        return Cholesky.factor(epochMatrix);
    }

    /** One factorisation, no retry: production's algorithm on M + the jitter it settled on. */
    @Benchmark
    public CholeskyFactor choleskySingleAttempt() {
        return Cholesky.factor(jitteredMatrix, JitterPolicy.NONE);
    }

    @Benchmark
    public DMatrixRMaj inverseCholeskyFactor() {
        return factor.inverseFactor();
    }

    /** The whole production path from M to a square root A of M^-1. */
    @Benchmark
    public DMatrixRMaj choleskyThenInverseFactor() {
        return Cholesky.factor(epochMatrix).inverseFactor();
    }

    /** The whole symmetric path from M to M^-1/2 (eigendecomposition, floor, W^T W). */
    @Benchmark
    public InverseSquareRoot eigenInverseSqrt() {
        return SymmetricEigenFunctions.inverseSquareRoot(epochMatrix);
    }

    /** EJML's single-threaded symmetric eigendecomposition alone (what eigenInverseSqrt uses). */
    @Benchmark
    public boolean ejmlEigenDecomposition() {
        return DecompositionFactory_DDRM.eig(m, true, true).decompose(epochMatrix.copy());
    }

    /** EJML's multithreaded symmetric eigendecomposition, for comparison. */
    @Benchmark
    public boolean ejmlEigenDecompositionMt() {
        return DecompositionFactory_MT_DDRM.eig(m, true, true).decompose(epochMatrix.copy());
    }

    /** EJML's multithreaded row-major blocked Cholesky on the same matrix, for comparison. */
    @Benchmark
    public boolean ejmlCholeskyMt() {
        return DecompositionFactory_MT_DDRM.chol(m, true).decompose(jitteredMatrix.copy());
    }

    /** EJML's single-threaded factory choice (inner below 1000, 64-block above), for comparison. */
    @Benchmark
    public boolean ejmlCholeskySt() {
        return DecompositionFactory_DDRM.chol(m, true).decompose(jitteredMatrix.copy());
    }
}
