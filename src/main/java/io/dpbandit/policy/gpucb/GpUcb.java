package io.dpbandit.policy.gpucb;

import io.dpbandit.kernel.QuadratureFourierFeatures;
import io.dpbandit.policy.AugmentedRows;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.privacy.NodeNoise;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeMechanism;
import io.dpbandit.privacy.TreeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * NQFF-GP-UCB-JDP (Dubey 2021: Alg. 1 fed by the tree-based privatiser of Alg. 2; docs/papers.md), and
 * its non-private variant, as pure functions over {@link GpUcbState}.
 *
 * <h2>Inputs: raw joint points</h2>
 * {@code decide} takes the round's candidates as raw joint points x ∈ R^d (in the service, the concatenation
 * of the context's features and each action's features) and {@code fold} takes {@link GpUcbObservation}s
 * (played point, reward). The policy applies its cached quadrature Fourier feature map Φ (M = 2 m̄^d
 * features, QFF construction in docs/papers.md) itself, then clips ‖Φ‖ ≤ 1 − 2^-20, so callers never handle
 * M-dimensional vectors and cannot fold a Φ from another map. {@link #features} exposes Φ for callers that
 * need it (the local-JDP client).
 *
 * <h2>Round</h2>
 * The tree releases the noisy prefix sum of [Φ; y][Φ; y]ᵀ; its top-left M × M block is Σ̃_t (noise
 * included), the first M entries of its last column ũ_t (the corner entry Σy² + noise is never used).
 * {@link #fold} computes V_t = Σ̃_t + (2Λ·s + λ)I (or the floor below), the PSD check, θ̃_t = V_t⁻¹ũ_t and the radius once
 * ({@link GpUcbSnapshot}); {@link #decide} plays argmax ⟨θ̃_t, Φ(x)⟩ + c·r_t‖Φ(x)‖_{V_t⁻¹} (Eq. 8 with
 * the reconciled radius r_t of docs/papers.md) in O(K·M²).
 *
 * <h2>Privacy: (α, β)-JDP under continual observation (Lemma 2)</h2>
 * <ul>
 *   <li>Sensitivity for any input: Φ is clipped to norm ≤ 1 − 2^-20 and y to [−Y, Y] (deterministic
 *       sensitivity, docs/papers.md, not Lemma 8's high-probability bound; NaN and ±∞ are refused), so every
 *       augmented row has ‖[Φ; y]‖² ≤ 1 + Y² = L̃².</li>
 *   <li>One leaf per batch: a fold sums its batch's rows into one leaf, so each user's row enters
 *       exactly one leaf and hence at most n = 1 + ⌈log₂ T⌉ tree nodes; the tree takes at most T leaves,
 *       which fixes n. Replacing one user's row changes its leaf by aaᵀ − bbᵀ, the same change as with
 *       one row per leaf, so the per-node calibration of {@link JdpNoiseCalibration} applies unchanged.
 *       Each node's noise is drawn once, when the node completes, and stored (tree noise drawn once
 *       per node).</li>
 *   <li>Post-processing: the shift, the PSD repair, θ̃, the radius and every decision are functions of
 *       the releases, public parameters and the current round's candidates only. So the actions shown
 *       to all other users are (α, β)-JDP; the action at round t is shown to user t alone. The cost is
 *       charged once for the horizon: {@link #privacyCost}.</li>
 * </ul>
 *
 * <h2>Shift or floor</h2>
 * Λ bounds the spectral norm of every released noise block with probability ≥ 1 − ζ/2 (Lemma 3 as printed, or
 * the sharper {@link JdpTreeCalibration#sharpNoiseNormBound}); the shift s·2Λ makes H_t ⪰ (2s − 1)ΛI (JDP
 * shift 2Λ in docs/papers.md: the paper says only "we must shift"). {@link GpUcbConfig.Regulariser#FLOOR}
 * [engineering] instead raises Σ̃_t's eigenvalues below s·Λ to s·Λ and leaves the others alone. Λ is a
 * function of (σ, n, M, T, ζ), public parameters, and Σ̃_t is the release, so either way V_t is
 * post-processing of the release: the (α, β)-JDP guarantee above is unchanged (Dubey 2021, Remark 1;
 * Shariff &amp; Sheffet 2018, Claim 7). The non-private variant has no noise and no shift (V_t = Σ_t + λI).
 */
public final class GpUcb implements SequentialPolicy<GpUcbState, GpUcbObservation> {

    private final GpUcbConfig config;
    private final ClippedFeatures features;
    private final JdpNoiseCalibration calibration;
    private final TreeMechanism tree;
    private final double noiseNorm;
    private final double shift;
    private final double eigenvalueFloor;
    private final SpectralBounds bounds;
    private final ConfidenceRadius radius;

    /**
     * @throws IllegalArgumentException for a local-JDP configuration (use {@link LocalGpUcb}) or one
     *                                  whose noise cannot be calibrated
     */
    public GpUcb(GpUcbConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("config must not be null");
        }
        if (config.privacy().model() == GpUcbConfig.Model.LOCAL_JDP) {
            throw new IllegalArgumentException("a local-JDP bandit folds client reports: use LocalGpUcb");
        }
        this.config = config;
        this.features = new ClippedFeatures(config.features().toFeatureMap());
        int m = config.featureDimension();
        int horizon = config.horizon();
        double zeta = config.zeta();
        if (config.privacy().model() == GpUcbConfig.Model.JDP) {
            this.calibration = JdpNoiseCalibration.of(config);
            double sigma = calibration.sigma();
            int n = calibration.treeNodes();
            this.noiseNorm = config.tuning().shiftRule() == GpUcbConfig.ShiftRule.PAPER
                    ? JdpTreeCalibration.noiseNormBound(sigma, n, m, horizon, zeta)
                    : JdpTreeCalibration.sharpNoiseNormBound(sigma, n, m, horizon, zeta);
            if (config.tuning().regulariser() == GpUcbConfig.Regulariser.FLOOR) {
                // FLOOR: Σ̃_t's eigenvalues raised to s·Λ, a public level (σ, n, M, T, ζ only): post-processing.
                this.shift = 0.0;
                this.eigenvalueFloor = config.tuning().shiftScale() * noiseNorm;
                this.bounds = JdpTreeCalibration.boundsForFloor(sigma, n, m, horizon, zeta, noiseNorm,
                        eigenvalueFloor);
            } else {
                this.shift = config.tuning().shiftScale() * 2.0 * noiseNorm;
                this.eigenvalueFloor = 0.0;
                this.bounds = JdpTreeCalibration.boundsForShift(sigma, n, m, horizon, zeta, noiseNorm, shift);
            }
            this.tree = new TreeMechanism(m + 1, config.leaves(), calibration.nodeNoise());
        } else {
            this.calibration = null;
            this.noiseNorm = 0.0;
            this.shift = 0.0;
            this.eigenvalueFloor = 0.0;
            this.bounds = SpectralBounds.NONE;
            this.tree = new TreeMechanism(m + 1, config.leaves(), new NodeNoise.None());
        }
        this.radius = new ConfidenceRadius(config.rkhsNormBound(), config.noiseScale(), config.ridge(), zeta,
                features.map().errorBound(config.domain()), m, bounds);
    }

    public GpUcbConfig config() {
        return config;
    }

    /** The cached feature map Φ. */
    public QuadratureFourierFeatures featureMap() {
        return features.map();
    }

    /** The node noise's calibration (the release's provenance), or empty for the non-private variant. */
    public Optional<JdpNoiseCalibration> noiseCalibration() {
        return Optional.ofNullable(calibration);
    }

    public TreeMechanism tree() {
        return tree;
    }

    /** Λ, the bound on the released noise's spectral norm (0 without noise). */
    public double noiseNormBound() {
        return noiseNorm;
    }

    /** The amount s·2Λ added to Σ̃_t's diagonal (besides λ); 0 under FLOOR. */
    public double shift() {
        return shift;
    }

    /** FLOOR: s·Λ, the level Σ̃_t's eigenvalues are raised to (before λ is added); 0 under SHIFT. */
    public double eigenvalueFloor() {
        return eigenvalueFloor;
    }

    /** λ_min, λ_max and κ of Thm 1 for this configuration. */
    public SpectralBounds spectralBounds() {
        return bounds;
    }

    /** The (α, β) to charge once, at creation, for the whole horizon; empty for the non-private variant. */
    public Optional<PrivacyCost> privacyCost() {
        return calibration == null ? Optional.empty() : Optional.of(calibration.cost());
    }

    /** Φ(x) of a joint point, clipped as the policy uses it (length M). */
    public double[] features(double[] point) {
        return features.of(point, "point");
    }

    /** The state before any feedback: round 1 sees only the shift (no node exists yet). */
    public GpUcbState start(NoiseSource noise) {
        TreeState empty = tree.empty(noise);
        GpUcbSnapshot s = snapshot(empty, 0);
        return new GpUcbState(empty, 0, s, s.repaired() ? 1 : 0);
    }

    /** Whether the tree holds T leaves: further folds are refused (the privacy calibration ends there). */
    public boolean horizonReached(GpUcbState state) {
        return tree.full(state.tree());
    }

    /**
     * argmax over the candidate joint points of ⟨θ̃, Φ(x)⟩ + c·r_t‖Φ(x)‖_{V⁻¹}.
     *
     * @param candidates raw joint points, each of the feature map's input dimension d
     * @throws IllegalArgumentException for no candidates, a wrong dimension or a non-finite coordinate
     */
    @Override
    public Choice decide(GpUcbState state, double[][] candidates, RandomGenerator rng) {
        return UcbArgmax.choose(state.snapshot(), features, candidates, rng);
    }

    /**
     * Folds one batch, in decision order, into one tree leaf (see the class comment for why one leaf
     * per batch is private), and recomputes the snapshot. The given state is not modified; an empty
     * batch returns it as is.
     *
     * @throws IllegalArgumentException if an observation has the wrong dimension or a non-finite value
     *                                  (nothing is folded then)
     * @throws IllegalStateException    if the horizon's ⌈T/B⌉ leaves are already in
     */
    @Override
    public GpUcbState fold(GpUcbState state, List<GpUcbObservation> batch, NoiseSource noise) {
        if (batch == null) {
            throw new IllegalArgumentException("batch must not be null");
        }
        if (batch.isEmpty()) {
            return state;
        }
        if (horizonReached(state)) {
            throw new IllegalStateException("the horizon of " + config.leaves() + " leaves is reached");
        }
        int m = config.featureDimension();
        List<double[]> rows = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            GpUcbObservation o = batch.get(i);
            if (o == null) {
                throw new IllegalArgumentException("observation " + i + " is null");
            }
            double[] phi = features.of(o.point(), "observation " + i);
            // ‖row‖² ≤ (1 − 2^-20)² + Y² < L̃²
            rows.add(AugmentedRows.of(phi, o.reward(), config.rewardBound(), i));
        }
        SymmetricMatrix leaf = SymmetricMatrix.sumOfOuterProducts(m + 1, rows);
        TreeState next = tree.insert(state.tree(), leaf, noise);
        long observations = state.observations() + batch.size();
        GpUcbSnapshot s = snapshot(next, observations);
        return new GpUcbState(next, observations, s, state.psdRepairs() + (s.repaired() ? 1 : 0));
    }

    /** The snapshot of the tree's current release (post-processing only). */
    private GpUcbSnapshot snapshot(TreeState state, long observations) {
        int m = config.featureDimension();
        SymmetricMatrix release = tree.release(state);
        SymmetricMatrix gram = release.leadingBlock(m);
        double[] u = release.columnHead(m, m);
        return Posterior.snapshot(gram, u, eigenvalueFloor, shift + config.ridge(), config.ridge() + bounds.lambdaMin(),
                radius, observations + 1, config.tuning().radiusScale(), config.zeta());
    }
}
