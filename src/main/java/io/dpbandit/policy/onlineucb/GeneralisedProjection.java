package io.dpbandit.policy.onlineucb;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The generalised projection of Online Newton Step onto the ball (generalised projection, docs/papers.md):
 * Π^A_D(y) = argmin_{‖θ‖ ≤ D} (θ − y)ᵀA(θ − y) for symmetric positive definite A.
 *
 * <p>If ‖y‖ ≤ D it is y. Otherwise the KKT conditions give θ(ν) = (A + νI)⁻¹A y with ν &gt; 0 and
 * ‖θ(ν)‖ = D. With A = QΛQᵀ and c = Qᵀy, ‖θ(ν)‖² = Σ_j (λ_j c_j/(λ_j + ν))², strictly decreasing in ν,
 * equal to ‖y‖² &gt; D² at ν = 0 and ≤ D² at ν = λ_max‖y‖/D. ν is found by bisection on that bracket and
 * the feasible end is returned, so the result never leaves the ball.
 */
final class GeneralisedProjection {

    private static final int MAX_BISECTIONS = 200;

    private GeneralisedProjection() {
    }

    /** Π^A_D(y) for a row-major d×d symmetric positive definite A. y is not modified. */
    static double[] project(double[] a, double[] y, double radius) {
        double yNorm = Vectors.norm(y);
        if (yNorm <= radius) {
            return y.clone();
        }
        int d = y.length;
        DMatrixRMaj matrix = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                matrix.set(i, j, 0.5 * (a[i * d + j] + a[j * d + i]));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(matrix)) {
            // Fall back to the Euclidean projection: still a point of the ball.
            return Vectors.projectToBall(y.clone(), radius);
        }
        double[] lambda = new double[d];
        double[][] q = new double[d][];
        double[] c = new double[d];
        double lambdaMax = 0.0;
        for (int j = 0; j < d; j++) {
            lambda[j] = Math.max(eig.getEigenvalue(j).real, 0.0);
            q[j] = eig.getEigenVector(j).data.clone();
            c[j] = Vectors.dot(q[j], y);
            lambdaMax = Math.max(lambdaMax, lambda[j]);
        }
        if (!(lambdaMax > 0)) {
            return Vectors.projectToBall(y.clone(), radius);
        }
        double lo = 0.0;
        double hi = lambdaMax * yNorm / radius;
        for (int it = 0; it < MAX_BISECTIONS && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (squaredNorm(lambda, c, mid) > radius * radius) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double[] theta = new double[d];
        for (int j = 0; j < d; j++) {
            double coefficient = lambda[j] * c[j] / (lambda[j] + hi);
            for (int i = 0; i < d; i++) {
                theta[i] += coefficient * q[j][i];
            }
        }
        // Rounding in the reconstruction may overshoot D by an ulp or so.
        return Vectors.projectToBall(theta, radius);
    }

    private static double squaredNorm(double[] lambda, double[] c, double nu) {
        double s = 0.0;
        for (int j = 0; j < lambda.length; j++) {
            double v = lambda[j] * c[j] / (lambda[j] + nu);
            s += v * v;
        }
        return s;
    }
}
