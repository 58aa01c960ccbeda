package io.dpbandit.policy.linucb;

import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import io.dpbandit.policy.AugmentedRows;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.privacy.NodeNoise;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeMechanismCalibration;
import java.util.List;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Disjoint linear bandit on private epoch releases [engineering; the papers do not cover it]: one
 * block per action over the context (PER_ACTION features), epochs of doubling length on the public
 * leaf grid, the first played uniformly, each later one greedily on the sum of all earlier releases.
 * Measured on the digits benchmark (docs/benchmarks-real.md, "Doubling epochs") against the tree of
 * Shariff &amp; Sheffet 2018: second-half reward 0.603 against 0.391 at ε = 4, T = 10⁵.
 *
 * <h2>Privacy: (ε, δ)-JDP, charged once for the whole run</h2>
 * <ul>
 *   <li>One round is one row r = [x; y] with x its action's block (clipped to ‖x‖ ≤ L, y to
 *       [−B̃, B̃]: ‖r‖² ≤ L̃²), added to the current epoch's exact sum P = Σ r rᵀ only.</li>
 *   <li>At an epoch's end P is released once with symmetrised Gaussian noise
 *       ({@link NodeNoise.Gaussian}: replacing a row a by b changes P by aaᵀ − bbᵀ, whose whitened norm
 *       is at most L̃², whether or not the two rows' actions differ), calibrated with
 *       {@link GaussianCalibrator#analyticSigma} for sensitivity k·L̃² (a user's k rounds, k = 1 for
 *       round-level privacy; plus the rounding margin of {@link TreeMechanismCalibration}). Then the
 *       exact sum is dropped.</li>
 *   <li>The epochs' boundaries are public (a function of T and B) and every round is in exactly one
 *       epoch, so the releases compose in parallel: the whole run is one (ε, δ) Gaussian mechanism per
 *       user. A user's k rounds spread over epochs cost Σ(k_eΔ/σ)²/2 ≤ (kΔ/σ)²/2, the same ρ.</li>
 *   <li>Decisions, the sum of releases, the eigenvalue floor and θ are post-processing (billboard
 *       lemma: a user's own action is shown to that user only). An epoch cut off by the horizon is
 *       never released, and its exact sum is dropped when the horizon is reached.</li>
 * </ul>
 *
 * @param horizon    T
 * @param blocks     K, the actions
 * @param dimension  d_b, the context's dimension (the model's d is K·d_b)
 * @param epsilon    ε of the whole run
 * @param delta      δ of the whole run
 * @param groupSize  k: a user's most rounds (1: round-level)
 * @param leafRounds B: rounds per fold; epoch boundaries are multiples of it
 * @param firstEpochFraction the first (uniform) epoch's share of the horizon, in (0, 1/2]
 */
public record EpochLinUcb(long horizon, int blocks, int dimension, double epsilon, double delta, int groupSize,
        long leafRounds, double firstEpochFraction) implements SequentialPolicy<EpochLinUcbState, LinUcbObservation> {

    /** The default first epoch: an eighth of the horizon (see {@link #firstEpoch}). */
    public static final double DEFAULT_FIRST_EPOCH = 0.125;

    public EpochLinUcb(long horizon, int blocks, int dimension, double epsilon, double delta, int groupSize,
            long leafRounds) {
        this(horizon, blocks, dimension, epsilon, delta, groupSize, leafRounds, DEFAULT_FIRST_EPOCH);
    }

    /** L and B̃: features and rewards are clipped to norm 1. */
    static final double BOUND = 1.0;
    /** The failure probability of the noise-norm bound Υ that sets the eigenvalue floor. */
    static final double NORM_FAILURE = 0.05;

    public EpochLinUcb {
        if (horizon < 1 || blocks < 1 || dimension < 1 || groupSize < 1 || leafRounds < 1) {
            throw new IllegalArgumentException("need horizon, blocks, dimension, groupSize and leafRounds >= 1");
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon) || !(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("need epsilon > 0 finite and delta in (0, 1)");
        }
        if (!(firstEpochFraction > 0 && firstEpochFraction <= 0.5)) {
            throw new IllegalArgumentException("the first epoch's fraction must be in (0, 1/2], got " + firstEpochFraction);
        }
    }

    /**
     * The first epoch: the fraction f of T (default 1/8), rounded up to whole leaves. A longer one
     * buys a better first release for more uniform play: on the synthetic disjoint world and on the
     * digits 1/8 did best, on the digits scaled to their largest norm 1/3 (docs/benchmarks-real.md);
     * the right one grows with the noise relative to the signal per action.
     */
    public long firstEpoch() {
        long target = Math.max(1, (long) Math.ceil(firstEpochFraction * horizon));
        return (target + leafRounds - 1) / leafRounds * leafRounds;
    }

    /** Whether an epoch ends after {@code rounds} learning rounds: T_1, 3T_1, 7T_1, … */
    public boolean epochEndsAt(long rounds) {
        long t1 = firstEpoch();
        if (rounds <= 0 || rounds % t1 != 0) {
            return false;
        }
        long q = rounds / t1 + 1; // T_1(2^e − 1): q a power of two
        return (q & (q - 1)) == 0;
    }

    /**
     * The learning rounds the released model holds once {@code folded} rounds are folded: the last
     * epoch end T_1(2^e − 1) at or before them (0 before the first release). Public: the epochs'
     * boundaries are a function of T and B, and rounds fold on their windows, not on feedback.
     */
    public long releasedRounds(long folded) {
        long t1 = firstEpoch();
        long last = 0;
        for (long end = t1; end <= Math.min(folded, horizon); end = 2 * end + t1) {
            last = end;
        }
        return last;
    }

    /** Δ: k·L̃² with the rounding margin for sums of up to T rows of dimension d_b + 1. */
    public double sensitivity() {
        double rowSquared = 2 * BOUND * BOUND;
        return groupSize * rowSquared * (1.0 + TreeMechanismCalibration.roundingMargin(horizon, dimension + 1));
    }

    /** σ: the analytic Gaussian mechanism's (Balle &amp; Wang 2018, Thm 8) for Δ at (ε, δ). */
    public double sigma() {
        return GaussianCalibrator.analyticSigma(sensitivity(), epsilon, delta);
    }

    /** The charge for the whole run: one (ε, δ) Gaussian mechanism per user (parallel composition). */
    public PrivacyCost privacyCost() {
        return new PrivacyCost(epsilon, delta);
    }

    /** Υ for m releases summed: s√m(2√d_b + √(2 ln(4K/α))) bounds a block's noise norm (Shariff &amp; Sheffet 2018, §4.2). */
    public double noiseBound(int releases) {
        return sigma() * Math.sqrt(Math.max(1, releases))
                * (2 * Math.sqrt(dimension) + Math.sqrt(2 * Math.log(4.0 * blocks / NORM_FAILURE)));
    }

    public EpochLinUcbState start(NoiseSource noise) {
        int packed = SymmetricMatrix.packedLength(dimension + 1);
        return new EpochLinUcbState(0, 0, new double[blocks][packed], new double[blocks][packed],
                new double[blocks * dimension]);
    }

    public boolean horizonReached(EpochLinUcbState state) {
        return state.observations() >= horizon;
    }

    /** argmax ⟨θ, x⟩ over the candidates (ties, e.g. all of epoch 1, uniformly with {@code rng}). */
    @Override
    public Choice decide(EpochLinUcbState state, double[][] candidates, RandomGenerator rng) {
        double[] theta = state.theta();
        return Choice.argmax(candidates.length, i -> {
            double[] x = candidates[i];
            if (x.length != theta.length) {
                throw new IllegalArgumentException("candidate " + i + " must have dimension " + theta.length);
            }
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += theta[j] * x[j];
            }
            return s;
        }, rng);
    }

    /**
     * Adds a batch (one leaf: it never crosses an epoch boundary, which are whole leaves) to the current
     * epoch's sums; releases the epoch when it is complete; drops the open sum at the horizon.
     */
    @Override
    public EpochLinUcbState fold(EpochLinUcbState state, List<LinUcbObservation> batch, NoiseSource noise) {
        if (batch.isEmpty() || horizonReached(state)) {
            return state;
        }
        double[][] exact = copy(state.exact());
        for (int i = 0; i < batch.size(); i++) {
            LinUcbObservation o = batch.get(i);
            if (o.features().length != blocks * dimension) {
                throw new IllegalArgumentException("observation " + i + " must have dimension " + blocks * dimension);
            }
            double[] x = ContributionBounds.clipToNorm(o.features(), BOUND).value();
            int a = block(x);
            if (a < 0) {
                continue; // a zero context: its row [0; y] only touches the corner, which is never used
            }
            double[] c = java.util.Arrays.copyOfRange(x, a * dimension, (a + 1) * dimension);
            double[] row = AugmentedRows.of(c, o.reward(), BOUND, i);
            exact[a] = new SymmetricMatrix(dimension + 1, exact[a]).plus(SymmetricMatrix.outer(row)).upper();
        }
        long observations = Math.min(horizon, state.observations() + batch.size());
        if (epochEndsAt(observations)) {
            NodeNoise.Gaussian mechanism = new NodeNoise.Gaussian(sensitivity(), sigma());
            double[][] released = copy(state.released());
            for (int a = 0; a < blocks; a++) {
                SymmetricMatrix noisy = mechanism.perturb(new SymmetricMatrix(dimension + 1, exact[a]), noise);
                released[a] = new SymmetricMatrix(dimension + 1, released[a]).plus(noisy).upper();
            }
            int releases = state.releases() + 1;
            int packed = SymmetricMatrix.packedLength(dimension + 1);
            return new EpochLinUcbState(observations, releases, new double[blocks][packed], released,
                    theta(released, releases));
        }
        if (observations >= horizon) {
            // The last epoch, cut off by the horizon, is never released: its exact sum goes now.
            int packed = SymmetricMatrix.packedLength(dimension + 1);
            return new EpochLinUcbState(observations, state.releases(), new double[blocks][packed],
                    state.released(), state.theta());
        }
        return new EpochLinUcbState(observations, state.releases(), exact, state.released(), state.theta());
    }

    /** θ_a = M_a⁻¹ ũ_a with M_a the released G̃_a's eigenvalues floored at Υ (post-processing). */
    double[] theta(double[][] released, int releases) {
        double floor = noiseBound(releases);
        double[] theta = new double[blocks * dimension];
        for (int a = 0; a < blocks; a++) {
            SymmetricMatrix p = new SymmetricMatrix(dimension + 1, released[a]);
            DMatrixRMaj m = SymmetricEigenFunctions.clampEigenvalues(p.leadingBlock(dimension).toDense(), floor);
            double[] u = p.columnHead(dimension, dimension);
            DMatrixRMaj solution = new DMatrixRMaj(dimension, 1);
            if (!CommonOps_DDRM.solve(m, DMatrixRMaj.wrap(dimension, 1, u), solution)) {
                continue; // cannot happen for M ⪰ Υ I; θ_a stays 0
            }
            System.arraycopy(solution.data, 0, theta, a * dimension, dimension);
        }
        return theta;
    }

    /** The block holding x's nonzero entries (PER_ACTION: one), −1 for x = 0. */
    int block(double[] x) {
        for (int j = 0; j < x.length; j++) {
            if (x[j] != 0.0) {
                return j / dimension;
            }
        }
        return -1;
    }

    private static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }
}
