package io.dpbandit.algorithms.usca;

import io.dpbandit.bandit.Phase;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.policy.usca.UscaPlan;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.codec.BinaryCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What USCA's one learning epoch does in the lifecycle: the public plan (Z and the factors of
 * K_ZZ + KτI, sup σ² over the support; steps 2–3, data-free) is computed when the bandit is created;
 * settled rounds fold into K_{Z,W}Y = Σ_t ω_t y_t k_Z(w_t) (ω: the width weight, fail-closed); the
 * sealed epoch builds the COMPACT estimator (one number per distinct point of Z, no user context)
 * and the bandit moves to RELEASE. Nothing is charged here: each per-context release is.
 */
final class UscaProcess implements EpochProcess<UscaProcess.Work> {

    static final int FOLD_BATCH = 2_000;

    /** The decoded plan, once stored. */
    static final class Work {
        UscaPlan plan;
    }

    private final BanditSpec spec;
    private final Usca usca;
    private final RuntimeServices services;

    UscaProcess(BanditSpec spec, Usca usca, RuntimeServices services) {
        this.spec = spec;
        this.usca = usca;
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
    public Optional<Planning<Work>> planning() {
        return Optional.of(this::plan);
    }

    /** Steps 2–3 in one step: Z, its factors and sup σ² (public, data-free). */
    private PlanStep plan(Work work, OpenEpoch epoch, long budgetNanos) {
        UscaPlan plan = usca.start(services.publicRng(epoch.banditId(), epoch.number())).plan();
        return PlanStep.finished(services.binary().encode(plan), "|Z| = " + plan.approximatingSet().size());
    }

    private UscaPlan plan(Work work, OpenEpoch epoch) {
        if (work.plan == null) {
            work.plan = services.binary().decode(services.plan(spec.id(), epoch.number()).orElseThrow(),
                    UscaPlan.class);
        }
        return work.plan;
    }

    @Override
    public FoldOrder foldOrder() {
        return FoldOrder.SETTLED;
    }

    @Override
    public int foldBatch() {
        return FOLD_BATCH;
    }

    @Override
    public boolean accumulates() {
        return true;
    }

    @Override
    public Folded fold(Work work, OpenEpoch epoch, Accumulator stored,
            List<Round> rounds) {
        UscaPlan plan = plan(work, epoch);
        double[] zSums = stored.sums(plan.approximatingSet().size());
        List<JointPoint> points = new ArrayList<>(rounds.size());
        List<Double> values = new ArrayList<>(rounds.size());
        for (Round round : rounds) {
            if (round.context() == null) {
                continue;
            }
            double y = round.rewardOr(spec.feedback().defaultReward());
            points.add(new JointPoint(round.context(), round.action()));
            values.add(usca.contribution(plan, round.context(), round.action(), y).value());
        }
        UscaState folded = usca.fold(new UscaState(plan, List.of(), new double[0], zSums, stored.folded()), points,
                values.stream().mapToDouble(Double::doubleValue).toArray());
        return Folded.accumulator(BinaryCodec.doubles(folded.zSums()));
    }

    /** Step 3: the estimator, built once; then the bandit releases (phase RELEASE). */
    @Override
    public EpochRelease release(Work work, OpenEpoch epoch, Accumulator sealed) {
        UscaPlan plan = plan(work, epoch);
        UscaCompactEstimator built = usca.compactEstimator(new UscaState(plan, List.of(), new double[0],
                sealed.sums(plan.approximatingSet().size()), sealed.folded()));
        return new EpochRelease(null, null, services.binary().encode(built), Phase.RELEASE, null,
                "built the USCA estimator from " + sealed.folded() + " rounds");
    }
}
