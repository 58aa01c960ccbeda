package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.PrivacyCost;

import java.util.ArrayList;
import java.util.List;

/**
 * CAPRI's sequential split of a total (ε, δ) over epochs (CAPRI step 5; CAPRI paper, eq. 5 and
 * Lemma 3.1; docs/papers.md): epoch lengths
 * T₁ = ⌈√T⌉, T_{r+1} = 2T_r, the last epoch cut at the horizon T; every epoch that completes
 * releases once and costs (ε/ln T, δ/ln T); the cut last epoch never releases. Since the number of
 * releases is at most ln T, basic composition (Dwork &amp; Roth Thm 3.16) keeps the total within
 * (ε, δ). Horizons too short for that (T = 2, where one release exceeds ln 2 = 0.69 shares) are
 * refused.
 *
 * <p>(Each round's data enters exactly one epoch, so parallel composition would also hold; this is
 * the CAPRI paper's sequential accounting; a parallel split must be an explicit option, rule
 * "composition" in docs/papers.md.)
 *
 * @param horizon    T
 * @param total      the (ε, δ) for the whole run
 * @param lnT        ln T (natural log)
 * @param perRelease (ε/ln T, δ/ln T)
 * @param epochs     the schedule, in order
 * @param releases   the number of epochs that complete and release
 */
public record CapriEpochSplit(
        long horizon, PrivacyCost total, double lnT, PrivacyCost perRelease, List<Epoch> epochs, int releases) {

    /** Epoch r (1-based): its planned length T_r and the rounds it actually gets before T. */
    public record Epoch(int index, long length, long rounds) {

        /** Only an epoch that reaches its length releases (the last, cut epoch does not). */
        public boolean releases() {
            return rounds == length;
        }
    }

    public CapriEpochSplit {
        epochs = List.copyOf(epochs);
    }

    /** The split for horizon T ≥ 3 (T = 2 would need more than ln T releases' worth of budget). */
    public static CapriEpochSplit of(long horizon, PrivacyCost total) {
        if (horizon < 2) {
            throw new IllegalArgumentException("horizon T must be >= 2 (ln T must be positive), got " + horizon);
        }
        if (total == null) {
            throw new IllegalArgumentException("total cost must not be null");
        }
        List<Epoch> epochs = schedule(horizon);
        int releases = (int) epochs.stream().filter(Epoch::releases).count();
        double lnT = StrictMath.log(horizon);
        if (releases > lnT) {
            throw new IllegalArgumentException("horizon T = " + horizon + " has " + releases
                    + " releases > ln T = " + lnT + ": the (eps/ln T, delta/ln T) split would overspend");
        }
        PrivacyCost perRelease = new PrivacyCost(total.epsilon() / lnT, total.delta() / lnT);
        return new CapriEpochSplit(horizon, total, lnT, perRelease, epochs, releases);
    }

    /** T₁ = ⌈√T⌉, doubling, the last epoch cut at T (the one schedule; CAPRI's policy uses it too). */
    public static List<Epoch> schedule(long horizon) {
        return schedule(horizon, ceilSqrt(horizon));
    }

    /** The same doubling schedule from another first epoch T₁ ≥ 1 (CAPRI's {@code firstEpoch} prototype). */
    public static List<Epoch> schedule(long horizon, long firstLength) {
        if (firstLength < 1) {
            throw new IllegalArgumentException("the first epoch must hold at least one round, was " + firstLength);
        }
        List<Epoch> epochs = new ArrayList<>();
        long length = firstLength;
        long remaining = horizon;
        for (int index = 1; remaining > 0; index++) {
            long rounds = Math.min(length, remaining);
            epochs.add(new Epoch(index, length, rounds));
            remaining -= rounds;
            length = Math.multiplyExact(length, 2);
        }
        return epochs;
    }

    /** ⌈√n⌉ in exact integer arithmetic (no floating-point edge cases at perfect squares). */
    static long ceilSqrt(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r < n) {
            r++;
        }
        while (r > 0 && (r - 1) * (r - 1) >= n) {
            r--;
        }
        return r;
    }

    /** What the releases cost under basic composition: releases × (ε/ln T, δ/ln T), summed in order. */
    public PrivacyCost spentBasic() {
        PrivacyCost spent = PrivacyCost.ZERO;
        for (int i = 0; i < releases; i++) {
            spent = spent.plus(perRelease);
        }
        return spent;
    }
}
