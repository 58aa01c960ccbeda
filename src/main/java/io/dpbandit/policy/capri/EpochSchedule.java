package io.dpbandit.policy.capri;

import java.util.ArrayList;
import java.util.List;

/**
 * CAPRI's epoch lengths (Algorithm 1: T_1 = ⌈√T⌉, T_{r+1} = 2 T_r) cut at the horizon T. The
 * last epoch is usually cut short; a cut epoch never completes and so never releases a model
 * (Algorithm 1 releases only when an epoch's T_r rounds are in).
 */
public record EpochSchedule(int horizon, List<Epoch> epochs) {

    /** Epoch r (1-based) covers rounds start+1 .. start+rounds; {@code planned} is T_r. */
    public record Epoch(int number, long start, int planned, int rounds) {
        public boolean complete() {
            return rounds == planned;
        }
    }

    public EpochSchedule {
        epochs = List.copyOf(epochs);
    }

    public static EpochSchedule forHorizon(int horizon) {
        return forHorizon(horizon, 0.0);
    }

    /** The schedule of a configuration: the paper's, or its {@code refinements().firstEpoch()} share of T first. */
    public static EpochSchedule forConfig(CapriConfig config) {
        return forHorizon(config.horizon(), config.refinements().firstEpoch());
    }

    /** T₁ = ⌈√T⌉ for {@code firstEpoch} 0, else ⌈firstEpoch · T⌉; doubling, cut at T. */
    public static EpochSchedule forHorizon(int horizon, double firstEpoch) {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be at least 1, was " + horizon);
        }
        // The schedule itself is CapriEpochSplit's (the ledger's split of the budget); this adds start rounds.
        List<Epoch> list = new ArrayList<>();
        long start = 0;
        List<CapriEpochSplit.Epoch> split = firstEpoch == 0 ? CapriEpochSplit.schedule(horizon)
                : CapriEpochSplit.schedule(horizon, Math.max(1, (long) Math.ceil(firstEpoch * horizon)));
        for (CapriEpochSplit.Epoch e : split) {
            list.add(new Epoch(e.index(), start, (int) Math.min(e.length(), Integer.MAX_VALUE), (int) e.rounds()));
            start += e.rounds();
        }
        return new EpochSchedule(horizon, list);
    }

    /** The planned length T_r of epoch r (r beyond the schedule keeps doubling). */
    public int plannedLength(int r) {
        if (r <= epochs.size()) {
            return epochs.get(r - 1).planned();
        }
        long t = epochs.get(epochs.size() - 1).planned();
        for (int i = epochs.size(); i < r; i++) {
            t *= 2;
        }
        return (int) Math.min(t, Integer.MAX_VALUE);
    }

    /** The rounds completed before epoch r starts (r beyond the schedule: the horizon). */
    public long startRound(int r) {
        return r <= epochs.size() ? epochs.get(r - 1).start() : horizon;
    }

    /**
     * Whether epoch r completes within the horizon and so releases. Algorithm 1 stops at T: the
     * last epoch is cut there and a cut epoch never releases, so after the last releasing epoch the
     * bandit serves from its last active sets (the service's EXPLOIT phase).
     */
    public boolean releases(int r) {
        return r >= 1 && r <= epochs.size() && epochs.get(r - 1).complete();
    }

    /** Epochs that complete within the horizon: the number of model releases. */
    public int releasingEpochs() {
        return (int) epochs.stream().filter(Epoch::complete).count();
    }
}
