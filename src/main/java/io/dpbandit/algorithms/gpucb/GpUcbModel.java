package io.dpbandit.algorithms.gpucb;

import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Reports;
import io.dpbandit.runtime.Round;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.gpucb.GpUcb;
import io.dpbandit.policy.gpucb.GpUcbObservation;
import io.dpbandit.policy.gpucb.GpUcbState;
import io.dpbandit.privacy.TreeState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * GP-UCB with joint DP (Dubey 2021, Alg. 1 with the tree privatiser of Alg. 2) on the joint point
 * w = context ++ action features. One fold is one tree leaf of the spec's tuning.leafRounds B rounds
 * in decision order, taken once all its rounds' feedback windows have passed (a public schedule);
 * the privacy argument for batched leaves is {@link GpUcb}'s (each user's row enters one leaf, so
 * at most n = 1 + ⌈log₂ ⌈T/B⌉⌉ nodes).
 */
final class GpUcbModel implements SequentialModel<GpUcbState> {

    private final GpUcb policy;
    private final int leafRounds;

    /** @param leafRounds rounds per tree leaf (the policy's config's), or 0 for a leaf per fold */
    GpUcbModel(GpUcb policy, int leafRounds) {
        this.policy = policy;
        this.leafRounds = leafRounds;
    }

    /** The policy (its configuration, calibration and bounds: what a forecast reads). */
    GpUcb policy() {
        return policy;
    }

    @Override
    public Class<GpUcbState> stateType() {
        return GpUcbState.class;
    }

    @Override
    public GpUcbState start(NoiseSource noise) {
        return policy.start(noise);
    }

    @Override
    public SequentialPolicy.Choice decide(GpUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    @Override
    public GpUcbState fold(GpUcbState state, List<Round> rounds, double[][] points,
            double defaultReward, NoiseSource noise) {
        List<GpUcbObservation> batch = new ArrayList<>(rounds.size());
        for (int i = 0; i < rounds.size(); i++) {
            Round r = rounds.get(i);
            if (points[i] == null) {
                continue;
            }
            batch.add(new GpUcbObservation(points[i], r.rewardOr(defaultReward)));
        }
        if (batch.isEmpty() || policy.horizonReached(state)) {
            return state;
        }
        return policy.fold(state, batch, noise);
    }

    /**
     * The public model: the quadrature features, θ̂, the Cholesky factor of V, the radius (all
     * post-processing of the tree's noisy sums) and the features' approximation error.
     */
    public record PublicGpUcb(Object features, double[] theta, double[] choleskyOfV, double radius, long observations,
            Object approximationError, String decide) {
    }

    @Override
    public boolean released(GpUcbState state) {
        return state.observations() > 0;
    }

    /** The tree's open partial sums dropped (no leaf will follow); the released nodes and the snapshot stay. */
    @Override
    public GpUcbState withoutExactSums(GpUcbState state) {
        TreeState tree = state.tree().withoutOpenSums();
        return tree == state.tree() ? state
                : new GpUcbState(tree, state.observations(), state.snapshot(), state.psdRepairs());
    }

    @Override
    public PublicGpUcb publicModel(GpUcbState state) {
        return new PublicGpUcb(policy.config().features(), state.snapshot().theta(), state.snapshot().cholesky(),
                state.snapshot().radius(), state.observations(), policy.config().approximationError(),
                "argmax over candidates w of theta.Phi(w) + radius * ||Phi(w)||_{V^-1}, Phi the "
                        + "quadrature Fourier features of the RBF kernel (features), V = L L^T");
    }

    /** θ̂·φ(w): the released estimate on the quadrature features of each candidate, before the bonus. */
    @Override
    public java.util.Optional<double[]> meanScores(GpUcbState state, double[][] candidates) {
        double[][] phi = new double[candidates.length][];
        for (int i = 0; i < candidates.length; i++) {
            phi[i] = policy.features(candidates[i]);
        }
        return java.util.Optional.of(io.dpbandit.algorithms.sequential.SequentialScores.dot(state.snapshot().theta(),
                phi));
    }

    @Override
    public long modelRounds(GpUcbState state) {
        return state.observations();
    }

    /** The spec's tuning.leafRounds: one fold is one leaf of exactly this many rounds. */
    @Override
    public int leafRounds() {
        return leafRounds;
    }

    @Override
    public Optional<PrivacyCost> cost() {
        return policy.privacyCost();
    }

    /** The tree's share released so far (TreeMechanism.spentShare): a fold of leafRounds rounds is one leaf. */
    @Override
    public double spentShare(long folded) {
        return io.dpbandit.algorithms.sequential.TreeSpending.share(folded, leafRounds, policy.tree().levels());
    }

    @Override
    public java.util.OptionalDouble releasesRho() {
        return policy.noiseCalibration().map(c -> java.util.OptionalDouble.of(c.treeNodes()
                * io.dpbandit.client.privacy.ZcdpCost.ofGaussian(c.sensitivity(), c.sigma()).rho())) // n·Δ²/(2σ²)
                .orElse(java.util.OptionalDouble.empty());
    }

    @Override
    public String spending() {
        return io.dpbandit.algorithms.sequential.TreeSpending.sentence(policy.tree().levels());
    }

    @Override
    public String costReason() {
        return "GP-UCB tree mechanism, whole horizon";
    }

}
