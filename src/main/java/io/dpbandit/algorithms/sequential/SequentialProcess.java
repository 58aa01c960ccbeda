package io.dpbandit.algorithms.sequential;

import io.dpbandit.bandit.Phase;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import java.util.List;

/**
 * What a sequential policy's one learning epoch does in the lifecycle: no plan; rounds whose
 * feedback window has passed fold into the model in decision order (a tree model's in whole leaves), the new state stored over the version it
 * was computed from; once the horizon's rounds are all in, the bandit serves from its last model
 * (EXPLOIT). Nothing is charged here: the whole horizon was charged at creation.
 *
 * @param <S> the policy's state
 */
final class SequentialProcess<S> implements EpochProcess<SequentialProcess.Work> {

    static final int FOLD_BATCH = 500;

    /** A sequential model keeps nothing between steps: its state is in the database. */
    static final class Work {
    }

    /** A round's joint feature vector. */
    interface Features {
        double[] of(double[] context, int action);
    }

    private final BanditSpec spec;
    private final SequentialModel<S> model;
    private final S state;
    private final BanditVersion version;
    private final Features features;
    private final RuntimeServices services;

    SequentialProcess(BanditSpec spec, SequentialModel<S> model, S state, BanditVersion version,
            Features features, RuntimeServices services) {
        this.spec = spec;
        this.model = model;
        this.state = state;
        this.version = version;
        this.features = features;
        this.services = services;
    }

    @Override
    public Class<Work> memoryType() {
        return Work.class;
    }

    @Override
    public Work memory(OpenEpoch epoch, Work previous) {
        return new Work();
    }


    @Override
    public FoldOrder foldOrder() {
        return FoldOrder.DECISION;
    }

    @Override
    public int foldBatch() {
        return FOLD_BATCH;
    }

    @Override
    public boolean accumulates() {
        return false;
    }

    /** A tree model's leaf size (its folds take whole leaves); 1 for a model without a tree. */
    @Override
    public int foldUnit() {
        return Math.max(1, model.leafRounds());
    }

    /**
     * Whole leaves (or, without a tree, the whole batch) in decision order into the model: the new
     * state, over the version this runtime read. The engine hands over whole units only (the
     * horizon's last leaf may be short), so leaf k always holds the same rounds.
     */
    @Override
    public Folded fold(Work work, OpenEpoch epoch, Accumulator stored,
            List<Round> rounds) {
        int leaf = model.leafRounds() > 0 ? model.leafRounds() : rounds.size();
        S next = state;
        for (int from = 0; from < rounds.size(); from += leaf) {
            List<Round> part = rounds.subList(from, Math.min(rounds.size(), from + leaf));
            double[][] x = new double[part.size()][];
            for (int i = 0; i < part.size(); i++) {
                Round round = part.get(i);
                x[i] = round.context() == null ? null : features.of(round.context(), round.action());
            }
            next = model.fold(next, part, x, spec.feedback().defaultReward(), services.noise());
        }
        return Folded.policyState(services.binary().encode(next), version.version());
    }

    /**
     * The bandit was retired before its horizon: no round will fold again, so the exact sums its state
     * keeps for leaves and releases to come (a tree's open partial sums, an epoch's exact per-action
     * sums) are dropped; the public snapshot stays for GET /release. Null when nothing changes.
     */
    @Override
    public Folded abandoned(Work work, OpenEpoch epoch) {
        S without = model.withoutExactSums(state);
        return without == state ? null : Folded.policyState(services.binary().encode(without), version.version());
    }

    /** The horizon's rounds are all in the model: serve from it from now on. */
    @Override
    public EpochRelease release(Work work, OpenEpoch epoch, Accumulator sealed) {
        return new EpochRelease(null, null, null, Phase.EXPLOIT, null,
                "all " + sealed.folded() + " learning rounds are in the model; it serves from its last model");
    }
}
