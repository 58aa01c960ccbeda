package io.dpbandit.policy.linucb;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.kernel.JitterPolicy;
import io.dpbandit.kernel.NotPositiveDefiniteException;
import io.dpbandit.policy.AugmentedRows;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeMechanism;
import io.dpbandit.privacy.TreeMechanismCalibration;
import io.dpbandit.privacy.TreeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;

/**
 * JDP-LinUCB (Shariff &amp; Sheffet 2018: Algorithm 1 "LinUCB with changing perturbations" fed by the
 * tree-based mechanism of §4; docs/papers.md) as pure functions over {@link LinUcbState}.
 *
 * <h2>Round</h2>
 * The tree releases M_t + N_t, the noisy sum of the augmented matrices [x;y][x;y]ᵀ of all folded rounds (see
 * TreeMechanism). Its top-left d×d block plus the shift is V_t = G_t + H_t, its last column's first d entries
 * are ũ_t = u_t + h_t (the (d+1, d+1) entry is never used: shift only the top-left block, docs/papers.md).
 * {@link #fold} computes θ̃_t = V_t⁻¹ũ_t through a Cholesky factor and β_t (Prop 4) once; {@link #decide}
 * plays argmax_x ⟨θ̃_t, x⟩ + β_t‖x‖_{V_t⁻¹} over the candidates in O(K d²).
 *
 * <h2>Privacy: (ε, δ)-JDP under continual observation</h2>
 * <ul>
 *   <li>Sensitivity, for any input: each observation's features are clipped to ‖x‖ ≤ L and its
 *       reward to |y| ≤ B̃ ({@link ContributionBounds}; NaN and ±∞ are refused, huge values are
 *       scaled down exactly), so every augmented row has ‖[x; y]‖² ≤ L² + B̃² = L̃² (Assumption 6,
 *       clipped to the row bound L̃, docs/papers.md).</li>
 *   <li>One leaf per batch: a fold sums its batch's rows into one leaf, so each user's datum enters
 *       exactly one leaf, hence at most m = ⌈log₂ n⌉ + 1 tree nodes; the tree accepts at most
 *       n = ⌈T/B⌉ leaves ({@link LinUcbConfig#leaves()}), which fixes m. Replacing one user's row changes the leaf by
 *       aaᵀ − bbᵀ, the same change as with one row per leaf, so the node calibration of
 *       {@link TreeMechanismCalibration} applies unchanged: the whole sequence of releases is
 *       (ε, δ)-DP with respect to any one user's (x, y).</li>
 *   <li>Post-processing (Claim 7, billboard): the shift, the PSD repair, θ̃, β and every decision
 *       are functions of the releases and of the current round's candidates only. So the actions
 *       shown to all other users are (ε, δ)-JDP; the action at round t is shown to user t alone and
 *       is not protected (Def. 1). The cost is charged once for the horizon: {@link #privacyCost}.</li>
 * </ul>
 *
 * <h2>PSD repair (PSD check and repair, docs/papers.md)</h2>
 * V_t ⪰ ρ_min I holds with probability ≥ 1 − α/2n per round. Each fold checks V_t by a Cholesky
 * attempt; on failure it clamps V_t's eigenvalues to at least ρ_min (the analysis' own lower bound)
 * and counts the event in {@link LinUcbState#psdRepairs()}. This is post-processing of the release,
 * so it costs no privacy.
 */
public final class LinUcb implements SequentialPolicy<LinUcbState, LinUcbObservation> {

    private final LinUcbConfig config;
    private final TreeMechanismCalibration calibration;
    private final TreeMechanism tree;
    private final AccuracyBounds bounds;

    /**
     * @throws IllegalArgumentException if the configuration cannot be calibrated (see
     *         {@link TreeMechanismCalibration#calibrate}) or its accuracy bounds are invalid
     */
    public LinUcb(LinUcbConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("config must not be null");
        }
        this.config = config;
        this.calibration = TreeMechanismCalibration.calibrate(config.noise(), config.calibration(), config.leaves(),
                config.horizon(), config.dimension() + 1, config.rowNormBound(), config.epsilonDp(), config.deltaDp(),
                config.groupSize());
        this.tree = TreeMechanism.calibrated(calibration);
        this.bounds = AccuracyBounds.of(config, calibration);
    }

    public LinUcbConfig config() {
        return config;
    }

    /** The tree's calibration (node noise, sensitivity, per-node budget): the release's provenance. */
    public TreeMechanismCalibration calibration() {
        return calibration;
    }

    public TreeMechanism tree() {
        return tree;
    }

    /** Shift, ρ_min, ρ_max and γ. */
    public AccuracyBounds bounds() {
        return bounds;
    }

    /**
     * The (ε, δ) to charge once, at creation, for the whole horizon (continual observation), or
     * empty for the non-private variant.
     */
    public Optional<PrivacyCost> privacyCost() {
        return calibration.cost();
    }

    /** The state before any feedback (round 1 sees only the shift and padding noise: Wishart padding). */
    public LinUcbState start(NoiseSource noise) {
        TreeState empty = tree.empty(noise);
        LinUcbSnapshot s = snapshot(empty, 0);
        return new LinUcbState(empty, 0, s, s.repaired() ? 1 : 0);
    }

    /** Whether the tree holds n leaves: further folds are refused (the privacy calibration ends there). */
    public boolean horizonReached(LinUcbState state) {
        return tree.full(state.tree());
    }

    /**
     * argmax over the candidates of ⟨θ̃, x⟩ + β‖x‖_{V⁻¹}, each candidate first clipped to ‖x‖ ≤ L as
     * in {@link #fold}. Exact ties are broken uniformly with {@code rng} (drawn from only on a tie).
     *
     * @throws IllegalArgumentException for no candidates, a candidate of the wrong dimension or a
     *         non-finite coordinate
     */
    @Override
    public Choice decide(LinUcbState state, double[][] candidates, RandomGenerator rng) {
        if (candidates == null) {
            throw new IllegalArgumentException("need at least one candidate");
        }
        LinUcbSnapshot snapshot = state.snapshot();
        return Choice.argmax(candidates.length, i -> snapshot.score(clippedFeatures(candidates[i], "candidate " + i)),
                rng);
    }

    /**
     * Folds one batch, in decision order, into one tree leaf (see the class comment for why one leaf
     * per batch is private), and recomputes the snapshot. The given state is not modified; an empty
     * batch returns it as is.
     *
     * @throws IllegalArgumentException if an observation has the wrong dimension or a non-finite
     *         value (nothing is folded then)
     * @throws IllegalStateException    if the horizon's n leaves are already in
     */
    @Override
    public LinUcbState fold(LinUcbState state, List<LinUcbObservation> batch, NoiseSource noise) {
        if (batch == null) {
            throw new IllegalArgumentException("batch must not be null");
        }
        if (batch.isEmpty()) {
            return state;
        }
        if (horizonReached(state)) {
            throw new IllegalStateException("the horizon of " + config.leaves() + " leaves is reached");
        }
        int d = config.dimension();
        List<double[]> rows = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            LinUcbObservation o = batch.get(i);
            if (o == null) {
                throw new IllegalArgumentException("observation " + i + " is null");
            }
            double[] x = clippedFeatures(o.features(), "observation " + i);
            rows.add(AugmentedRows.of(x, o.reward(), config.rewardBound(), i)); // ‖row‖² ≤ L² + B̃² = L̃²
        }
        SymmetricMatrix leaf = SymmetricMatrix.sumOfOuterProducts(d + 1, rows);
        TreeState next = tree.insert(state.tree(), leaf, noise);
        long observations = state.observations() + batch.size();
        LinUcbSnapshot s = snapshot(next, observations);
        return new LinUcbState(next, observations, s, state.psdRepairs() + (s.repaired() ? 1 : 0));
    }

    /** x clipped to ‖x‖ ≤ L; refuses a wrong dimension or a non-finite coordinate. */
    private double[] clippedFeatures(double[] x, String what) {
        if (x == null || x.length != config.dimension()) {
            throw new IllegalArgumentException(what + " must have dimension " + config.dimension());
        }
        try {
            return ContributionBounds.clipToNorm(x, config.featureBound()).value();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    /**
     * θ̃, the factor of V and β from the tree's current release (post-processing only).
     *
     * <p>With K blocks (PER_ACTION) only the release's K diagonal d/K × d/K blocks and the matching
     * parts of ũ are kept; the cross blocks, pure noise for per-action features, are dropped. V is then
     * block diagonal, θ̃ is one ridge estimate per block, and β is the largest of the blocks' radii
     * (each computed for dimension d/K from its own ln det). Dropping released numbers is
     * post-processing, so privacy is the tree's.
     */
    private LinUcbSnapshot snapshot(TreeState state, long observations) {
        int d = config.dimension();
        int b = config.blockDimension();
        SymmetricMatrix release = tree.release(state);
        DMatrixRMaj gram = release.leadingBlock(d).toDense();
        double[] u = release.columnHead(d, d); // ũ_t = u_t + h_t, unshifted (shift only the top-left block)
        if (config.blocks() > 1) {
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    if (i / b != j / b) {
                        gram.set(i, j, 0.0);
                    }
                }
            }
        }
        boolean repaired = false;
        DMatrixRMaj v;
        if (config.tuning().regulariser() == LinUcbConfig.Regulariser.FLOOR && config.privateRelease()) {
            // FLOOR: each block's eigenvalues raised to the public noise level Υ = ρ_min.
            v = new DMatrixRMaj(d, d);
            for (int k = 0; k < config.blocks(); k++) {
                DMatrixRMaj block = new DMatrixRMaj(b, b);
                org.ejml.dense.row.CommonOps_DDRM.extract(gram, k * b, (k + 1) * b, k * b, (k + 1) * b, block, 0, 0);
                org.ejml.dense.row.CommonOps_DDRM.insert(SymmetricEigenFunctions.clampEigenvalues(block,
                        bounds.rhoMin()), v, k * b, k * b);
            }
        } else {
            // SHIFT: V_t = G̃ + shift·I (paper §4.1/§4.2: +2Υ I Gaussian, −c I Wishart, ρI non-private).
            v = gram;
            for (int i = 0; i < d; i++) {
                v.add(i, i, bounds.shift());
            }
        }
        CholeskyFactor factor;
        try {
            factor = Cholesky.factor(v, JitterPolicy.NONE);
        } catch (NotPositiveDefiniteException e) {
            factor = Cholesky.factor(SymmetricEigenFunctions.clampEigenvalues(v, bounds.rhoMin()), JitterPolicy.DEFAULT);
            repaired = true;
        }
        double[] theta = factor.solve(u);
        double logDet = factor.logDeterminant();
        double beta;
        if (config.blocks() == 1) {
            beta = bounds.radius(config, logDet, observations);
        } else {
            // ln det of each block from the block-diagonal Cholesky factor's diagonal.
            beta = 0;
            for (int k = 0; k < config.blocks(); k++) {
                double blockLogDet = 0;
                for (int i = k * b; i < (k + 1) * b; i++) {
                    blockLogDet += 2.0 * StrictMath.log(factor.lower().get(i, i));
                }
                beta = Math.max(beta, bounds.radius(config, b, blockLogDet, observations));
            }
        }
        return new LinUcbSnapshot(theta, factor.lower().data.clone(), beta, logDet, repaired);
    }
}
