package io.dpbandit.sim;

import java.util.SplittableRandom;
import java.util.function.IntSupplier;

/**
 * Returning users: a population of {@code size} users, each round's user drawn from it (uniformly,
 * or with Zipf popularity P(i) ∝ i^(−skew) so that a few heavy users come back often), and whom the
 * privacy guarantee protects. Who comes is drawn independently of the context they bring: a user's
 * context is the round's draw from the public pool, as without a population.
 *
 * <p>Unit ROUND: every round is protected on its own (a user with m rounds is protected at m
 * times the cost by group privacy); every round of a learning epoch learns. Unit USER: as the
 * service's {@code privacy.unit USER}, a user contributes at most {@code maxRoundsPerUser} k
 * learning rounds; the (k+1)-th and later are served from the active sets but do not enter an
 * epoch's sum nor take one of its learning slots, and CAPRI is calibrated on the group of k rounds.
 *
 * @param size             N, the number of users (at least 1)
 * @param skew             s: 0 draws users uniformly, s &gt; 0 with Zipf(s) popularity
 * @param unit             whom the guarantee protects
 * @param maxRoundsPerUser k, USER only (1 for ROUND)
 */
public record UserPopulation(int size, double skew, Unit unit, int maxRoundsPerUser) {

    /** Whom the guarantee protects (the service's {@code PrivacyUnit}). */
    public enum Unit { ROUND, USER }

    public UserPopulation {
        if (size < 1) {
            throw new IllegalArgumentException("--users must be at least 1, was " + size);
        }
        if (!(skew >= 0) || !Double.isFinite(skew)) {
            throw new IllegalArgumentException("--user-skew must be a finite number >= 0, was " + skew);
        }
        if (unit == null || maxRoundsPerUser < 1) {
            throw new IllegalArgumentException("--max-rounds-per-user must be at least 1, was " + maxRoundsPerUser);
        }
        if (unit == Unit.ROUND && maxRoundsPerUser != 1) {
            throw new IllegalArgumentException("--max-rounds-per-user applies to --unit user only (a round-level "
                    + "guarantee protects each round on its own)");
        }
    }

    /** k: the rounds one protected unit contributes at most (1 for ROUND). */
    public int groupSize() {
        return unit == Unit.USER ? maxRoundsPerUser : 1;
    }

    /** Each round's user, 0 .. size − 1 (0 the most popular under Zipf), drawn from {@code random}. */
    public IntSupplier draws(SplittableRandom random) {
        if (skew == 0) {
            return () -> random.nextInt(size);
        }
        ZipfSampler zipf = new ZipfSampler(size, skew);
        return () -> zipf.sample(random) - 1;
    }
}
