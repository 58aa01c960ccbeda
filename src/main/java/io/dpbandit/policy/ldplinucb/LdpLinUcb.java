package io.dpbandit.policy.ldplinucb;

import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.List;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * LDP-LinUCB, the baseline the OnlineUCB paper compares against (Zheng et al. 2020, described in its
 * §3.2): LinUCB on the sums of the users' noisy x xᵀ and y x.
 *
 * <p>After n reports the noisy Gram sum is Σ x xᵀ + N_n, N_n symmetric with independent N(0, nσ²)
 * entries on and above the diagonal, so ‖N_n‖ ≤ Υ_n := σ√n(2√d + √(2 ln(2T/α))) with high probability
 * (Gaussian symmetric-matrix concentration, union bound over T rounds). Shifting by 2Υ_n, as Shariff &amp;
 * Sheffet do for the tree mechanism, gives
 * V_n = λI + Σ x xᵀ + H_n with H_n = N_n + 2Υ_n I between Υ_n I and 3Υ_n I, and their radius applies:
 * <pre>
 * β_n = R√(2 ln(2/α) + d ln(1 + n/(d(λ + Υ_n)))) + S√(λ + 3Υ_n) + σ√n(√d + √(2 ln(2T/α)))/√(λ + Υ_n).
 * </pre>
 * The action is argmax ⟨x, V⁻¹u⟩ + betaScale·β_n‖x‖_{V⁻¹}. Should V fail to be positive definite (the
 * bound failed), its eigenvalues are floored at λ: post-processing, no privacy cost. Υ_n grows like √n,
 * which is why this baseline's regret is Õ(T^{3/4}).
 */
public final class LdpLinUcb implements SequentialPolicy<LdpLinUcbState, LdpLinUcbReport> {

    private final LdpLinUcbConfig config;
    private final double sigma;

    public LdpLinUcb(LdpLinUcbConfig config) {
        this.config = config;
        this.sigma = config.noiseCalibration().sigma();
    }

    public LdpLinUcbConfig config() {
        return config;
    }

    public LdpLinUcbState start() {
        int d = config.dimension();
        return new LdpLinUcbState(0, new double[d * d], new double[d]);
    }

    /** Υ_n, the high-probability bound on the Gram noise's operator norm. */
    public double shift(long n) {
        double log = StrictMath.log(2.0 * config.horizon() / config.failureProbability());
        return sigma * StrictMath.sqrt(n) * (2 * StrictMath.sqrt(config.dimension()) + StrictMath.sqrt(2 * log));
    }

    /** β_n (before betaScale). */
    public double radius(long n) {
        int d = config.dimension();
        double lambda = config.regularisation();
        double upsilon = shift(n);
        double alpha = config.failureProbability();
        double log = StrictMath.log(2.0 * config.horizon() / alpha);
        double statistical = config.subgaussianScale()
                * StrictMath.sqrt(2 * StrictMath.log(2 / alpha) + d * StrictMath.log(1 + n / (d * (lambda + upsilon))));
        double bias = config.parameterBound() * StrictMath.sqrt(lambda + 3 * upsilon);
        double noise = sigma * StrictMath.sqrt(n) * (StrictMath.sqrt(d) + StrictMath.sqrt(2 * log))
                / StrictMath.sqrt(lambda + upsilon);
        return statistical + bias + noise;
    }

    /** V_n = λI + Σ(noisy x xᵀ) + 2Υ_n I. */
    public double[] regularisedGram(LdpLinUcbState state) {
        int d = config.dimension();
        double[] v = state.gram();
        double diagonal = config.regularisation() + 2 * shift(state.round());
        for (int i = 0; i < d; i++) {
            v[i * d + i] += diagonal;
        }
        return v;
    }

    @Override
    public Choice decide(LdpLinUcbState state, double[][] candidates, RandomGenerator rng) {
        int d = config.dimension();
        if (candidates == null || candidates.length == 0) {
            throw new IllegalArgumentException("need at least one candidate action");
        }
        DMatrixRMaj factor = lowerFactor(regularisedGram(state), d);
        double[] centre = solve(factor, state.target());
        double beta = config.betaScale() * radius(state.round());
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int a = 0; a < candidates.length; a++) {
            double[] x = candidates[a];
            if (x == null || x.length != d) {
                throw new IllegalArgumentException("candidate " + a + " must have dimension " + d);
            }
            double[] w = forward(factor, x); // ‖x‖²_{V⁻¹} = ‖L⁻¹x‖²
            double width = 0;
            double mean = 0;
            for (int i = 0; i < d; i++) {
                width += w[i] * w[i];
                mean += x[i] * centre[i];
            }
            double score = mean + beta * StrictMath.sqrt(width);
            if (!Double.isFinite(score)) {
                throw new IllegalArgumentException("candidate " + a + " has a non-finite coordinate");
            }
            if (score > bestScore) {
                best = a;
                bestScore = score;
                ties = 1;
            } else if (score == bestScore && rng.nextInt(++ties) == 0) {
                best = a;
            }
        }
        return new Choice(best, bestScore, 1.0 / ties); // uniform among the exact ties: 1/m each
    }

    /** Adds the reports to the sums; the server adds no noise. The given state is not modified. */
    @Override
    public LdpLinUcbState fold(LdpLinUcbState state, List<LdpLinUcbReport> batch, NoiseSource noise) {
        int d = config.dimension();
        double[] gram = state.gram();
        double[] target = state.target();
        for (LdpLinUcbReport report : batch) {
            double[] triangle = report.gram();
            double[] y = report.target();
            if (y.length != d) {
                throw new IllegalArgumentException("report has dimension " + y.length + ", bandit has " + d);
            }
            int k = 0;
            for (int i = 0; i < d; i++) {
                for (int j = i; j < d; j++) {
                    gram[i * d + j] += triangle[k];
                    if (j != i) {
                        gram[j * d + i] += triangle[k];
                    }
                    k++;
                }
                target[i] += y[i];
            }
        }
        return new LdpLinUcbState(state.round() + batch.size(), gram, target);
    }

    /** The Cholesky factor L of V (V = LLᵀ), flooring V's eigenvalues at λ if it is not positive definite. */
    private DMatrixRMaj lowerFactor(double[] v, int d) {
        DMatrixRMaj m = new DMatrixRMaj(d, d, true, v);
        CholeskyDecomposition_F64<DMatrixRMaj> cholesky = DecompositionFactory_DDRM.chol(d, true);
        if (cholesky.decompose(m.copy())) {
            return cholesky.getT(null);
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(m.copy())) {
            throw new ArithmeticException("eigendecomposition of V did not converge");
        }
        DMatrixRMaj floored = new DMatrixRMaj(d, d);
        for (int k = 0; k < d; k++) {
            double lambda = Math.max(eig.getEigenvalue(k).real, config.regularisation());
            double[] q = eig.getEigenVector(k).data;
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    floored.add(i, j, lambda * q[i] * q[j]);
                }
            }
        }
        if (!cholesky.decompose(floored)) {
            throw new ArithmeticException("V is not positive definite even after flooring its eigenvalues");
        }
        return cholesky.getT(null);
    }

    /** L⁻¹b by forward substitution. */
    private static double[] forward(DMatrixRMaj lower, double[] b) {
        int d = b.length;
        double[] z = new double[d];
        for (int i = 0; i < d; i++) {
            double s = b[i];
            for (int j = 0; j < i; j++) {
                s -= lower.get(i, j) * z[j];
            }
            z[i] = s / lower.get(i, i);
        }
        return z;
    }

    /** V⁻¹b = L⁻ᵀL⁻¹b. */
    private static double[] solve(DMatrixRMaj lower, double[] b) {
        double[] z = forward(lower, b);
        int d = b.length;
        double[] x = new double[d];
        for (int i = d - 1; i >= 0; i--) {
            double s = z[i];
            for (int j = i + 1; j < d; j++) {
                s -= lower.get(j, i) * x[j];
            }
            x[i] = s / lower.get(i, i);
        }
        return x;
    }
}
