package io.dpbandit.sim;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.privacy.NodeNoise;
import io.dpbandit.privacy.SymmetricMatrix;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * A doubling-epoch private disjoint linear policy ({@code linucb-epochs}; simulator only, not served).
 * One block per action a over the raw context c (d_b = dim c). Epoch 1 lasts T_1 rounds
 * ({@link EpochLinearSettings#firstEpochLength}) and plays uniformly; epoch e+1 lasts 2 T_e. During an
 * epoch the policy accumulates, per action, the exact G_a = Σ c cᵀ and u_a = Σ y c over that epoch's
 * rounds only (c clipped to ‖c‖ ≤ 1, y to [−1, 1]); at the epoch's end it releases every action's
 * G̃_a = G_a + Z_a and ũ_a = u_a + N(0, s² I) once, and the next epoch plays argmax_a cᵀθ_a (plus an
 * optional width α‖c‖_{M_a⁻¹}) with θ_a = M_a⁻¹ ũ_a from the releases only. An epoch cut off by the
 * horizon is never released.
 *
 * <p>Privacy (round-level (ε, δ)-JDP). One round is one row r = [c; y] with ‖r‖² ≤ 1 + 1 = L̃² = 2,
 * added to exactly one action's block. Consider the (d_b+1)×(d_b+1) block P_a = Σ r rᵀ over the
 * epoch's rows of action a; G_a is its leading d_b×d_b block, u_a its last column's head. We release
 * the upper triangle of every P_a with noise as {@link NodeNoise.Gaussian} draws it (off-diagonal
 * N(0, s²), diagonal N(0, 2s²)) and drop the Σ y² corner (post-processing). Replacing one round's row
 * a by b changes the released blocks by aaᵀ − bbᵀ (same action) or by −aaᵀ in one block and +bbᵀ in
 * another: whitened by the standard deviations, the change has squared norm ‖Δ‖²_F/(2s²) with
 * ‖Δ‖²_F ≤ ‖a‖⁴ + ‖b‖⁴ ≤ 2L̃⁴ in both cases (see NodeNoise.Gaussian's comment), so the release of all
 * blocks is the Gaussian mechanism with L2 sensitivity L̃² = 2, and s =
 * {@link GaussianCalibrator#analyticSigma}(2, ε, δ) makes it (ε, δ)-DP. Every round is in exactly one
 * epoch, the epochs' boundaries do not depend on data, and each release is computed from its own
 * epoch's rows only, so the releases compose in parallel: the whole sequence is (ε, δ)-DP. The action
 * shown to user t depends on user t's own context and on earlier releases only (billboard lemma), so
 * the run is (ε, δ)-JDP. Summing releases ({@link EpochLinearSettings.Combine#ALL}) is post-processing.
 *
 * <p>Regularisation. With m releases summed (m = 1 for LAST) the noise on G̃ is symmetric Gaussian with
 * off-diagonal standard deviation s√m, whose operator norm is at most Υ_m = s√m (2√d_b +
 * √(2 ln(4K/0.05))) with high probability (the Gaussian-orthogonal-ensemble bound used by Shariff and
 * Sheffet 2018, §4.2, with failure 0.05 shared by the K blocks). DOUBLE_UPSILON uses M = G̃ + 2Υ_m I
 * (Shariff and Sheffet's shift), FLOOR M = G̃ with eigenvalues floored at Υ_m. In both, eigenvalues
 * of M below Υ_m (a rare large noise draw under DOUBLE_UPSILON) are floored at Υ_m so M is invertible.
 * At ε = ∞ there is no noise and M = G + I (Li et al. 2010's ridge 1).
 */
final class EpochLinearUcb {

    /** The failure probability of the operator-norm bound Υ, shared by the K blocks. */
    static final double NORM_FAILURE = 0.05;

    private final int k;
    private final int d;
    private final EpochLinearSettings settings;
    private final NoiseSource noise;
    private final double sigma;
    private final NodeNoise.Gaussian mechanism;
    private final double upsilonUnit;
    private final int[] epochEnds;

    /** The current epoch's exact sums, per action: the (d+1)×(d+1) block Σ r rᵀ as a dense array. */
    private final double[][][] exact;
    /** The released sums in play (last release, or sum of releases), per action. */
    private double[][][] releasedG;
    private double[][] releasedU;
    private int releases;
    /** What the current epoch plays from: θ_a and M_a⁻¹; null in epoch 1 (uniform play). */
    private double[][] theta;
    private double[][][] inverse;
    private int epoch;
    private int round;

    /**
     * @param actions K
     * @param dimension d_b, the context's dimension
     * @param epsilon ε (∞: no noise)
     * @param delta δ
     * @param horizon T
     */
    EpochLinearUcb(int actions, int dimension, double epsilon, double delta, int horizon,
            EpochLinearSettings settings, NoiseSource noise) {
        this.k = actions;
        this.d = dimension;
        this.settings = settings;
        this.noise = noise;
        this.sigma = Double.isInfinite(epsilon) ? 0.0 : GaussianCalibrator.analyticSigma(2.0, epsilon, delta);
        this.mechanism = sigma > 0 ? new NodeNoise.Gaussian(2.0, sigma) : null;
        this.upsilonUnit = 2 * Math.sqrt(d) + Math.sqrt(2 * Math.log(4.0 * k / NORM_FAILURE));
        this.epochEnds = epochEnds(settings.firstEpochLength(horizon), horizon);
        this.exact = new double[k][d + 1][d + 1];
        this.releasedG = new double[k][d][d];
        this.releasedU = new double[k][d];
    }

    /** The rounds (exclusive ends) at which epochs 1, 2, ... end: T_1, T_1 + 2T_1, ...; the last may pass T. */
    static int[] epochEnds(int first, int horizon) {
        java.util.List<Integer> ends = new java.util.ArrayList<>();
        long length = first;
        long end = 0;
        while (end < horizon) {
            end += length;
            ends.add((int) Math.min(end, Integer.MAX_VALUE));
            length *= 2;
        }
        return ends.stream().mapToInt(Integer::intValue).toArray();
    }

    /** s, the noise's off-diagonal standard deviation per release (0 at ε = ∞). */
    double sigma() {
        return sigma;
    }

    /** Υ for the current model (m releases summed, or 1 for LAST). */
    double upsilon(int summed) {
        return sigma * Math.sqrt(summed) * upsilonUnit;
    }

    /** The epochs' ends. */
    int[] epochEnds() {
        return epochEnds.clone();
    }

    /** Uniform in epoch 1, then argmax_a θ_aᵀc + α‖c‖_{M_a⁻¹}; {@code rng} draws uniform play and ties. */
    int decide(double[] context, RandomGenerator rng) {
        if (theta == null) {
            return rng.nextInt(k);
        }
        double[] c = clip(context);
        return io.dpbandit.policy.SequentialPolicy.Choice.argmax(k, a -> index(a, c), rng).index();
    }

    private double index(int a, double[] c) {
        double mean = 0;
        for (int i = 0; i < d; i++) {
            mean += theta[a][i] * c[i];
        }
        if (settings.radius() == 0) {
            return mean;
        }
        double q = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                q += c[i] * inverse[a][i][j] * c[j];
            }
        }
        return mean + settings.radius() * Math.sqrt(Math.max(q, 0));
    }

    /**
     * Folds round t's reward y of action a in context c into the epoch's exact sums, and releases
     * when the epoch ends. Returns the epoch just released (1-based), or 0.
     */
    int update(int a, double[] context, double y) {
        double[] r = new double[d + 1];
        System.arraycopy(clip(context), 0, r, 0, d);
        r[d] = Math.max(-1, Math.min(1, y));
        double[][] p = exact[a];
        for (int i = 0; i <= d; i++) {
            for (int j = 0; j <= d; j++) {
                p[i][j] += r[i] * r[j];
            }
        }
        round++;
        if (epoch < epochEnds.length && round == epochEnds[epoch]) {
            release();
            epoch++;
            return epoch;
        }
        return 0;
    }

    private double[] clip(double[] context) {
        double n = 0;
        for (double x : context) {
            n += x * x;
        }
        n = Math.sqrt(n);
        if (n <= 1) {
            return context;
        }
        double[] c = new double[context.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = context[i] / n;
        }
        return c;
    }

    /** One release of every action's block at the full (ε, δ), then the next epoch's models. */
    private void release() {
        if (settings.combine() == EpochLinearSettings.Combine.LAST) {
            releasedG = new double[k][d][d];
            releasedU = new double[k][d];
            releases = 0;
        }
        for (int a = 0; a < k; a++) {
            SymmetricMatrix noisy = perturb(exact[a]);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    releasedG[a][i][j] += noisy.get(i, j);
                }
                releasedU[a][i] += noisy.get(i, d);
            }
            // The Σ y² corner noisy.get(d, d) is dropped.
            exact[a] = new double[d + 1][d + 1];
        }
        releases++;
        fit();
    }

    private SymmetricMatrix perturb(double[][] p) {
        int n = d + 1;
        double[] upper = new double[SymmetricMatrix.packedLength(n)];
        int idx = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                upper[idx++] = p[i][j];
            }
        }
        SymmetricMatrix m = new SymmetricMatrix(n, upper);
        return mechanism == null ? m : mechanism.perturb(m, noise);
    }

    private void fit() {
        double ups = upsilon(releases);
        double shift = sigma == 0 ? 1.0
                : settings.ridge() == EpochLinearSettings.Ridge.DOUBLE_UPSILON ? 2 * ups : 0.0;
        double floor = sigma == 0 ? 1.0 : ups;
        theta = new double[k][d];
        inverse = new double[k][d][d];
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        for (int a = 0; a < k; a++) {
            DMatrixRMaj m = new DMatrixRMaj(d, d);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    m.set(i, j, releasedG[a][i][j] + (i == j ? shift : 0));
                }
            }
            if (!eig.decompose(m)) {
                throw new IllegalStateException("eigendecomposition failed");
            }
            // M⁻¹ = Σ v vᵀ / max(λ, floor)
            double[][] inv = inverse[a];
            for (int e = 0; e < d; e++) {
                double lambda = Math.max(eig.getEigenvalue(e).getReal(), floor);
                DMatrixRMaj v = eig.getEigenVector(e);
                double norm = CommonOps_DDRM.dot(v, v);
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        inv[i][j] += v.get(i) * v.get(j) / (lambda * norm);
                    }
                }
            }
            for (int i = 0; i < d; i++) {
                double t = 0;
                for (int j = 0; j < d; j++) {
                    t += inv[i][j] * releasedU[a][j];
                }
                theta[a][i] = t;
            }
        }
    }
}
