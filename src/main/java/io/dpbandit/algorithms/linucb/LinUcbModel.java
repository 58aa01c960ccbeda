package io.dpbandit.algorithms.linucb;

import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Round;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.linucb.LinUcb;
import io.dpbandit.policy.linucb.LinUcbObservation;
import io.dpbandit.policy.linucb.LinUcbState;
import io.dpbandit.privacy.TreeState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * JDP-LinUCB with the tree mechanism (Shariff &amp; Sheffet 2018). The learning rounds enter the tree
 * on a fixed public grid: leaf k holds learning rounds (k−1)B+1 … kB in decision order (the spec's
 * tuning.leafRounds B), and goes in once all of them have waited out their feedback window, so what
 * the model holds at any time depends on decision times only, never on whether or when a reward
 * came. A leaf is the sum of its rounds' [x; y][x; y]ᵀ, each row clipped to ‖[x; y]‖ ≤ L̃. Privacy:
 * each user's round enters exactly one leaf, so it touches at most m = ⌈log₂ n⌉ + 1 tree nodes with
 * n = ⌈T/B⌉ leaves; a node's sensitivity to one user's row is the same whatever else the leaf holds,
 * so the per-node calibration and the composition over the m nodes (the whole-run (ε, δ) charged
 * at creation) are the paper's.
 */
final class LinUcbModel implements SequentialModel<LinUcbState> {

    private final LinUcb policy;
    private final int leafRounds;

    /** @param leafRounds rounds per tree leaf (the policy's config's), or 0 for a leaf per fold */
    LinUcbModel(LinUcb policy, int leafRounds) {
        this.policy = policy;
        this.leafRounds = leafRounds;
    }

    /** The policy (its configuration, calibration and bounds: what a forecast reads). */
    LinUcb policy() {
        return policy;
    }

    @Override
    public Class<LinUcbState> stateType() {
        return LinUcbState.class;
    }

    @Override
    public LinUcbState start(NoiseSource noise) {
        return policy.start(noise);
    }

    @Override
    public SequentialPolicy.Choice decide(LinUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    @Override
    public LinUcbState fold(LinUcbState state, List<Round> rounds, double[][] features,
            double defaultReward, NoiseSource noise) {
        List<LinUcbObservation> batch = observations(rounds, features, defaultReward);
        if (batch.isEmpty() || policy.horizonReached(state)) {
            return state;
        }
        return policy.fold(state, batch, noise);
    }

    /**
     * A fold's rounds as the linear policies take them: the played action's features and the reward
     * (the default one for a round whose reward never came). A round whose raw data is gone (cannot
     * happen before a fold) contributes nothing.
     */
    static List<LinUcbObservation> observations(List<Round> rounds, double[][] features,
            double defaultReward) {
        List<LinUcbObservation> batch = new ArrayList<>(rounds.size());
        for (int i = 0; i < rounds.size(); i++) {
            if (features[i] != null) {
                batch.add(new LinUcbObservation(features[i], rounds.get(i).rewardOr(defaultReward)));
            }
        }
        return batch;
    }

    /** The tree's open partial sums dropped (no leaf will follow); the released nodes and the snapshot stay. */
    @Override
    public LinUcbState withoutExactSums(LinUcbState state) {
        TreeState tree = state.tree().withoutOpenSums();
        return tree == state.tree() ? state
                : new LinUcbState(tree, state.observations(), state.snapshot(), state.psdRepairs());
    }

    /** The public model: θ̂, the Cholesky factor of the private Gram matrix and β (all post-processing). */
    public record PublicLinUcb(double[] theta, double[] choleskyOfV, double beta, long observations, String decide) {
    }

    @Override
    public PublicLinUcb publicModel(LinUcbState state) {
        return new PublicLinUcb(state.snapshot().theta(), state.snapshot().cholesky(), state.snapshot().beta(),
                state.observations(),
                "argmax over candidates x of theta.x + beta * ||x||_{V^-1}, V = L L^T (L row-major)");
    }

    /** θ̂·x: the released estimate (the tree's snapshot), before the confidence bonus. */
    @Override
    public java.util.Optional<double[]> meanScores(LinUcbState state, double[][] features) {
        return java.util.Optional.of(io.dpbandit.algorithms.sequential.SequentialScores.dot(state.snapshot().theta(),
                features));
    }

    @Override
    public long modelRounds(LinUcbState state) {
        return state.observations();
    }

    @Override
    public boolean released(LinUcbState state) {
        return state.observations() > 0;
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
        var c = policy.calibration();
        return c == null || c.kind() != io.dpbandit.privacy.NodeNoiseKind.GAUSSIAN ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of(c.levels()
                        * io.dpbandit.client.privacy.ZcdpCost.ofGaussian(c.sensitivity(), c.sigma()).rho()); // m·Δ²/(2σ²)
    }

    @Override
    public String spending() {
        return io.dpbandit.algorithms.sequential.TreeSpending.sentence(policy.tree().levels());
    }

    @Override
    public String costReason() {
        return "LinUCB tree mechanism, whole horizon";
    }

}
