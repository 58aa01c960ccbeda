package io.dpbandit.algorithms.linucb;

import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.policy.linucb.EpochLinUcbState;
import io.dpbandit.runtime.Round;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * LINUCB with {@code linear.release: EPOCHS} ({@link EpochLinUcb}): the same public leaf grid as the
 * tree (a fold is one leaf of B rounds once their windows have passed), epochs of whole leaves, one
 * release per epoch, charged once at creation for the whole run.
 */
final class EpochLinUcbModel implements SequentialModel<EpochLinUcbState> {

    private final EpochLinUcb policy;

    EpochLinUcbModel(EpochLinUcb policy) {
        this.policy = policy;
    }

    /** The policy (what a forecast reads). */
    EpochLinUcb policy() {
        return policy;
    }

    @Override
    public Class<EpochLinUcbState> stateType() {
        return EpochLinUcbState.class;
    }

    @Override
    public EpochLinUcbState start(NoiseSource noise) {
        return policy.start(noise);
    }

    @Override
    public SequentialPolicy.Choice decide(EpochLinUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    @Override
    public EpochLinUcbState fold(EpochLinUcbState state, List<Round> rounds, double[][] features,
            double defaultReward, NoiseSource noise) {
        return policy.fold(state, LinUcbModel.observations(rounds, features, defaultReward), noise);
    }

    /**
     * The current epoch's exact per-action sums dropped (no epoch will be released again); the
     * released sums and θ stay.
     */
    @Override
    public EpochLinUcbState withoutExactSums(EpochLinUcbState state) {
        double[][] exact = state.exact();
        boolean zero = true;
        double[][] zeros = new double[exact.length][];
        for (int a = 0; a < exact.length; a++) {
            zeros[a] = new double[exact[a].length];
            for (double v : exact[a]) {
                zero &= v == 0.0;
            }
        }
        return zero ? state : new EpochLinUcbState(state.observations(), state.releases(), zeros, state.released(),
                state.theta());
    }

    /** The public model: θ per action block, and how many epochs it is made of (post-processing). */
    public record PublicEpochLinUcb(double[] theta, int releases, long observations, String decide) {
    }

    @Override
    public PublicEpochLinUcb publicModel(EpochLinUcbState state) {
        return new PublicEpochLinUcb(state.theta(), state.releases(), state.observations(),
                "argmax over candidates x of theta.x (uniform until the first epoch is released)");
    }

    /** θ·x on the sum of the released epochs (the greedy decision's scores). */
    @Override
    public java.util.Optional<double[]> meanScores(EpochLinUcbState state, double[][] features) {
        return java.util.Optional.of(io.dpbandit.algorithms.sequential.SequentialScores.dot(state.theta(), features));
    }

    /** The rounds of the released epochs (the epoch filling is in no release yet). */
    @Override
    public long modelRounds(EpochLinUcbState state) {
        return policy.releasedRounds(state.observations());
    }

    @Override
    public boolean released(EpochLinUcbState state) {
        return state.releases() > 0;
    }

    @Override
    public int leafRounds() {
        return (int) policy.leafRounds();
    }

    @Override
    public Optional<PrivacyCost> cost() {
        return Optional.of(policy.privacyCost());
    }

    /** Spent once the first epoch's model is released: its users' rounds are in it (parallel composition). */
    @Override
    public double spentShare(long folded) {
        return policy.releasedRounds(folded) > 0 ? 1.0 : 0.0;
    }

    @Override
    public String spending() {
        return "The whole horizon was charged once, at creation; each epoch's model is released once its rounds "
                + "are folded, and a user's round is in one epoch (parallel composition), so the first release spends "
                + "the whole charge for its users: spent is 0 until then and the commitment after.";
    }

    @Override
    public String costReason() {
        return "LinUCB epoch releases (parallel composition), whole horizon";
    }

}
