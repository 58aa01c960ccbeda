package io.dpbandit.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The evaluation's intervals cover what they claim, measured over many simulated rollouts: the lift
 * interval of every look holds simultaneously in at least the nominal share of runs, with a bandit arm
 * that learns from its own rewards (so its expected reward changes over time, as the martingale bound
 * allows) and the noise the service adds.
 *
 * <p>Statistical test: with n runs, each missing with probability at most 1 − confidence = 0.05 if the
 * claim holds, the count of misses is stochastically at most Binomial(n, 0.05); the test fails when it
 * exceeds the count whose binomial tail is below 10⁻⁷ (computed below), so a false failure has
 * probability below 10⁻⁷.
 */
class EvaluationCoverageTest {

    static final int RUNS = 2_000;
    static final int LOOKS = 10;
    static final int WINDOW = 100;

    /** One simulated rollout: the releases and, per look, the lift's target. */
    record Run(List<WindowRelease> releases, List<Double> targets, List<Double> banditTargets,
            List<Double> windowTargets) {
    }

    /**
     * A rollout with a fair coin. The baseline always plays an action of mean 0.4. The bandit plays
     * ε-greedy between actions of means 0.3 and 0.7 on its own observed rewards (ε = 0.2), so its
     * conditional expected reward μ_t moves with what it saw. Rewards are Bernoulli, in [0, 1].
     */
    static Run simulate(SplittableRandom rng, double sigma) {
        double[] means = {0.3, 0.7};
        double[] sums = new double[2];
        int[] counts = new int[2];
        List<WindowRelease> releases = new ArrayList<>();
        List<Double> targets = new ArrayList<>();
        List<Double> banditTargets = new ArrayList<>();
        List<Double> windowTargets = new ArrayList<>();
        double muB = 0;
        double muA = 0;
        long nB = 0;
        long nA = 0;
        for (int look = 1; look <= LOOKS; look++) {
            int wB = 0;
            int wA = 0;
            double sB = 0;
            double sA = 0;
            double wMuB = 0;
            for (int t = 0; t < WINDOW; t++) {
                if (rng.nextDouble() < 0.5) {
                    // ε-greedy: the greedy action on the empirical means (ties and unseen actions explore).
                    int greedy = counts[0] == 0 || counts[1] == 0 ? -1
                            : sums[0] / counts[0] >= sums[1] / counts[1] ? 0 : 1;
                    double mu = greedy < 0 ? (means[0] + means[1]) / 2 : 0.8 * means[greedy] + 0.1 * (means[0] + means[1]);
                    int a = greedy < 0 || rng.nextDouble() < 0.2 ? rng.nextInt(2) : greedy;
                    double r = rng.nextDouble() < means[a] ? 1 : 0;
                    sums[a] += r;
                    counts[a]++;
                    muB += mu;
                    wMuB += mu;
                    wB++;
                    sB += r;
                } else {
                    double r = rng.nextDouble() < 0.4 ? 1 : 0;
                    muA += 0.4;
                    wA++;
                    sA += r;
                }
            }
            nB += wB;
            nA += wA;
            releases.add(new WindowRelease(look, wB, wA, sB + sigma * rng.nextGaussian(),
                    sA + sigma * rng.nextGaussian()));
            targets.add(muB / nB - muA / nA);
            banditTargets.add(muB / nB);
            windowTargets.add(wMuB / wB - 0.4);
        }
        return new Run(releases, targets, banditTargets, windowTargets);
    }

    /** The largest k with P(Binomial(n, p) ≥ k) ≥ tail: a count of misses above it is that unlikely or less. */
    static int binomialThreshold(int n, double p, double tail) {
        double[] logPmf = new double[n + 1];
        for (int k = 0; k <= n; k++) {
            logPmf[k] = logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p);
        }
        double upper = 0;
        for (int k = n; k >= 0; k--) {
            upper += Math.exp(logPmf[k]);
            if (upper >= tail) {
                return k;
            }
        }
        return 0;
    }

    static double logChoose(int n, int k) {
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }

    @Test
    void everyLooksLiftIntervalHoldsTogetherInAtLeastTheNominalShareOfRuns() {
        // σ of a window sum at μ_eval = 0.2 and rewards in [0, 1]: R / μ = 5.
        double sigma = 5.0;
        SplittableRandom rng = new SplittableRandom(20261129L);
        int liftMisses = 0;
        int banditMisses = 0;
        int windowMisses = 0;
        double halfWidth = 0;
        for (int run = 0; run < RUNS; run++) {
            Run r = simulate(rng, sigma);
            List<LiftIntervals.Look> looks = LiftIntervals.looks(r.releases(), sigma, 0, 1, 0.95, LOOKS);
            boolean liftMissed = false;
            boolean banditMissed = false;
            boolean windowMissed = false;
            for (int i = 0; i < LOOKS; i++) {
                Estimate lift = looks.get(i).lift();
                liftMissed |= r.targets().get(i) < lift.low() || r.targets().get(i) > lift.high();
                Estimate bandit = looks.get(i).bandit();
                banditMissed |= r.banditTargets().get(i) < bandit.low() || r.banditTargets().get(i) > bandit.high();
                Estimate window = looks.get(i).windowLift();
                windowMissed |= r.windowTargets().get(i) < window.low() || r.windowTargets().get(i) > window.high();
            }
            liftMisses += liftMissed ? 1 : 0;
            banditMisses += banditMissed ? 1 : 0;
            windowMisses += windowMissed ? 1 : 0;
            halfWidth += looks.get(LOOKS - 1).lift().halfWidth();
        }
        int threshold = binomialThreshold(RUNS, 0.05, 1e-7);
        System.out.printf("coverage over %d runs: lift missed in %d, window lift in %d, bandit arm in %d (threshold "
                + "%d); mean final lift half-width %.3f%n", RUNS, liftMisses, windowMisses, banditMisses, threshold,
                halfWidth / RUNS);
        assertThat(liftMisses).as("runs where some look's lift interval missed").isLessThanOrEqualTo(threshold);
        assertThat(windowMisses).as("runs where some look's window-lift interval missed")
                .isLessThanOrEqualTo(threshold);
        assertThat(banditMisses).as("runs where some look's bandit-arm interval missed")
                .isLessThanOrEqualTo(threshold);
        // Not trivially wide: at 500 decisions per arm the final half-width is well inside the range.
        assertThat(halfWidth / RUNS).isLessThan(0.2);
    }

    @Test
    void noiseFreeEstimatesAreTheArmsMeansAndTheirDifference() {
        List<WindowRelease> releases = List.of(new WindowRelease(1, 4, 6, 3, 1.5),
                new WindowRelease(2, 6, 0, 3, 0));
        List<LiftIntervals.Look> looks = LiftIntervals.looks(releases, 1e-12, 0, 1, 0.95, 2);
        assertThat(looks.get(0).bandit().value()).isEqualTo(0.75);
        assertThat(looks.get(0).baseline().value()).isEqualTo(0.25);
        assertThat(looks.get(0).lift().value()).isEqualTo(0.5);
        // The second window served no baseline decision: its sum (pure noise) does not enter the baseline's.
        assertThat(looks.get(1).bandit().value()).isEqualTo(0.6);
        assertThat(looks.get(1).baseline().value()).isEqualTo(0.25);
        assertThat(looks.get(1).baselineRounds()).isEqualTo(6);
        // Hoeffding's half-width at one arm without noise: R √(ln(2/α) / (2N)), α = 0.05 / 2 looks (the
        // upper end is clipped to the range, so the lower one is read).
        double h = Math.sqrt(Math.log(2 / 0.025) / (2 * 10));
        assertThat(looks.get(1).bandit().value() - looks.get(1).bandit().low())
                .isCloseTo(h, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(LiftIntervals.looks(List.of(new WindowRelease(1, 5, 0, 2, 0)), 1, 0, 1, 0.95, 1).get(0).lift())
                .as("no lift before both arms served").isEqualTo(Estimate.NONE);
    }
}
