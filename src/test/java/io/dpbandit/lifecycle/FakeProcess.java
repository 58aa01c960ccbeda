package io.dpbandit.lifecycle;

import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.Optional;

/**
 * A small epoch process for the engine's tests: its plan takes {@code planSteps} steps (stages
 * "STAGE-1", "STAGE-2", ...), a fold adds the rounds' rewards and counts them in a two-number
 * accumulator (sum, count), and a release publishes that sum and charges {@code epsilonPerRelease}.
 * It records what the engine asked of it, and a test can act between the engine's read of the
 * accumulator and its fold's commit ({@link #duringFold}).
 */
final class FakeProcess implements EpochProcess<FakeProcess.Work> {

    /** An epoch's working memory: which epoch, the memory it was handed, how far planning got. */
    static final class Work {
        final int epoch;
        final Work previous;
        int planned;

        Work(int epoch, Work previous) {
            this.epoch = epoch;
            this.previous = previous;
        }
    }

    private final int planSteps;
    private final int foldBatch;
    private final double defaultReward;
    /** Lengths of the epochs after the first: epoch r + 1 opens with nextLengths[r - 1], then none. */
    private final int[] nextLengths;
    private final double epsilonPerRelease;
    final List<Work> memories = new ArrayList<>();
    final List<Double> releasedSums = new ArrayList<>();
    int folds;
    int releases;
    /** When set, each fold also replaces the policy state, expected at this version. */
    Long policyVersion;
    /** Whether the running sum lives in the epoch's accumulator (EpochProcess#accumulates). */
    boolean accumulates = true;
    /** Run inside fold(), after the engine read the accumulator and before it commits. */
    Consumer<OpenEpoch> duringFold = epoch -> { };

    FakeProcess(int planSteps, int foldBatch, double defaultReward, double epsilonPerRelease, int... nextLengths) {
        this.planSteps = planSteps;
        this.foldBatch = foldBatch;
        this.defaultReward = defaultReward;
        this.epsilonPerRelease = epsilonPerRelease;
        this.nextLengths = nextLengths;
    }

    @Override
    public Class<Work> memoryType() {
        return Work.class;
    }

    @Override
    public Work memory(OpenEpoch epoch, Work previous) {
        Work work = new Work(epoch.number(), previous);
        memories.add(work);
        return work;
    }

    @Override
    public Optional<Planning<Work>> planning() {
        return planSteps > 0 ? Optional.of(this::plan) : Optional.empty();
    }

    private PlanStep plan(Work memory, OpenEpoch epoch, long budgetNanos) {
        memory.planned++;
        if (memory.planned < planSteps) {
            return PlanStep.progress("STAGE-" + memory.planned, (double) memory.planned / planSteps);
        }
        return PlanStep.finished(("plan of epoch " + epoch.number()).getBytes(StandardCharsets.UTF_8), "planned");
    }

    @Override
    public FoldOrder foldOrder() {
        return FoldOrder.SETTLED;
    }

    @Override
    public int foldBatch() {
        return foldBatch;
    }

    @Override
    public boolean accumulates() {
        return accumulates;
    }

    @Override
    public Folded fold(Work memory, OpenEpoch epoch, Accumulator stored,
            List<Round> rounds) {
        folds++;
        double[] sums = stored.sums(2);
        for (Round round : rounds) {
            sums[0] += round.rewardOr(defaultReward);
            sums[1] += 1;
        }
        duringFold.accept(epoch);
        byte[] accumulator = BinaryCodec.doubles(sums);
        return policyVersion == null ? Folded.accumulator(accumulator)
                : new Folded(accumulator, ("state after " + sums[1] + " rounds").getBytes(StandardCharsets.UTF_8),
                        policyVersion);
    }

    @Override
    public EpochRelease release(Work memory, OpenEpoch epoch, Accumulator sealed) {
        releases++;
        double[] sums = sealed.sums(2);
        releasedSums.add(sums[0]);
        int r = epoch.number();
        Integer next = r - 1 < nextLengths.length ? nextLengths[r - 1] : null;
        Charge charge = epsilonPerRelease > 0 ? new Charge(new PrivacyCost(epsilonPerRelease, 0),
                new PrivacyCost(1.0, 0), "fake release", r, "SEQUENTIAL") : null;
        return new EpochRelease(charge, "{\"epoch\": " + r + ", \"sum\": " + sums[0] + ", \"rounds\": " + sums[1]
                + "}", null, next == null ? Phase.EXPLOIT : Phase.EXPLORE, next, "released " + sums[0]);
    }
}
