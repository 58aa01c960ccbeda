package io.dpbandit.sim;

import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * Non-private disjoint LinUCB (Li, Chu, Langford and Schapire 2010, Algorithm 1): one ridge model per
 * action over the raw context c, A_a = λI + Σ c cᵀ and b_a = Σ y c over the rounds a was played,
 * θ̂_a = A_a⁻¹ b_a, and the action maximising θ̂_aᵀc + α·√(cᵀ A_a⁻¹ c). Every round is folded before
 * the next decision. The simulator's non-private reference for real data ({@code linucb-disjoint});
 * it sees the context itself, not a joint feature map.
 *
 * <p>A_a is never inverted: each update refactors A_a = L Lᵀ (Cholesky, EJML), θ̂_a comes from two
 * triangular solves, and the width is ‖L⁻¹c‖.
 */
final class DisjointLinUcb {

    /** α of Li et al. 2010's index; 1 is the usual choice in their experiments' range. */
    static final double ALPHA = 1.0;

    /** λ, the ridge. */
    static final double RIDGE = 1.0;

    private final int d;
    private final double alpha;
    private final DMatrixRMaj[] gram;
    private final double[][] b;
    private final double[][] lower;
    private final double[][] theta;
    private final CholeskyDecomposition_F64<DMatrixRMaj> cholesky;
    private final double[] work;

    DisjointLinUcb(int actions, int dimension, double alpha, double ridge) {
        this.d = dimension;
        this.alpha = alpha;
        this.gram = new DMatrixRMaj[actions];
        this.b = new double[actions][dimension];
        this.lower = new double[actions][];
        this.theta = new double[actions][dimension];
        this.cholesky = DecompositionFactory_DDRM.chol(dimension, true);
        this.work = new double[dimension];
        for (int a = 0; a < actions; a++) {
            gram[a] = new DMatrixRMaj(dimension, dimension);
            for (int i = 0; i < dimension; i++) {
                gram[a].set(i, i, ridge);
            }
            factor(a);
        }
    }

    /** The action with the largest upper confidence bound for context c; {@code ties} breaks exact ties. */
    int decide(double[] c, RandomGenerator ties) {
        return io.dpbandit.policy.SequentialPolicy.Choice.argmax(gram.length, a -> index(a, c), ties).index();
    }

    /** θ̂_aᵀc + α‖L_a⁻¹c‖. */
    double index(int a, double[] c) {
        System.arraycopy(c, 0, work, 0, d);
        TriangularSolver_DDRM.solveL(lower[a], work, d);
        double width = 0;
        double mean = 0;
        for (int i = 0; i < d; i++) {
            width += work[i] * work[i];
            mean += theta[a][i] * c[i];
        }
        return mean + alpha * Math.sqrt(width);
    }

    /** Folds reward y of action a in context c. */
    void update(int a, double[] c, double y) {
        DMatrixRMaj g = gram[a];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                g.add(i, j, c[i] * c[j]);
            }
            b[a][i] += y * c[i];
        }
        factor(a);
    }

    private void factor(int a) {
        DMatrixRMaj copy = gram[a].copy();
        if (!cholesky.decompose(copy)) {
            throw new IllegalStateException("ridge Gram matrix is not positive definite");
        }
        lower[a] = cholesky.getT(null).data.clone();
        double[] t = b[a].clone();
        TriangularSolver_DDRM.solveL(lower[a], t, d);
        TriangularSolver_DDRM.solveTranL(lower[a], t, d);
        theta[a] = t;
    }
}
