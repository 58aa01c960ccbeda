package io.dpbandit.sim.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.policy.JointFeatureMap;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Shariff &amp; Sheffet 2018's synthetic setting (App. D; docs/papers.md): fresh unit-norm decision sets
 * with one optimum and a gap.
 */
class LinearGapEnvironmentTest {

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void everyRoundOffersFreshUnitActionsWithOneOptimumAndTheGap() {
        LinearGapEnvironment env = LinearGapEnvironment.paper001(new SplittableRandom(1));
        assertThat(env.dimension()).isEqualTo(5);
        assertThat(env.actionFeatures()).hasSize(25);
        assertThat(Math.sqrt(dot(env.theta(), env.theta()))).isCloseTo(1.0, within(1e-15));
        assertThat(env.publicContexts().dimension()).isEqualTo(125);
        SplittableRandom users = new SplittableRandom(2);
        int[] bestSlots = new int[25];
        double[] previous = null;
        for (int t = 0; t < 2000; t++) {
            double[] c = env.nextUserContext(users);
            assertThat(c).isNotEqualTo(previous);
            previous = c;
            double[][] set = env.decisionSet(c);
            double[][] viaMap = JointFeatureMap.contextBlocks().candidates(c, env.actionFeatures());
            int optimal = 0;
            for (int a = 0; a < 25; a++) {
                assertThat(viaMap[a]).containsExactly(set[a]);
                assertThat(Math.sqrt(dot(set[a], set[a]))).isCloseTo(1.0, within(1e-12));
                double mean = env.meanReward(c, a);
                assertThat(mean).isCloseTo(dot(env.theta(), set[a]), within(1e-15));
                if (Math.abs(mean - 0.75) < 1e-12) {
                    optimal++;
                } else {
                    assertThat(mean).isBetween(-0.75 - 1e-12, 0.65 + 1e-12);
                }
            }
            assertThat(optimal).isEqualTo(1);
            assertThat(env.bestMeanReward(c)).isCloseTo(0.75, within(1e-12));
            bestSlots[env.bestAction(c)]++;
        }
        assertThat(Arrays.stream(bestSlots).min().orElseThrow()).isPositive(); // the optimum moves around
    }

    /**
     * Suboptimal actions are uniform on the band, so their level s = ⟨x, θ*⟩ has density ∝ (1 − s²) for
     * d = 5 on [−0.75, 0.65], mean −0.03042 (uniform-in-s would give −0.05). Hoeffding over the
     * 24·4000 levels (range 1.4) at failure probability 1e-7: tolerance 0.0131.
     */
    @Tag("statistical")
    @Test
    void suboptimalLevelsFollowTheSpheresMarginal() {
        LinearGapEnvironment env = LinearGapEnvironment.paper001(new SplittableRandom(3));
        SplittableRandom users = new SplittableRandom(4);
        double sum = 0;
        int count = 0;
        for (int t = 0; t < 4000; t++) {
            double[] c = env.nextUserContext(users);
            int best = env.bestAction(c);
            for (int a = 0; a < 25; a++) {
                if (a != best) {
                    sum += env.meanReward(c, a);
                    count++;
                }
            }
        }
        double lo = -0.75;
        double hi = 0.65;
        double mass = (hi - hi * hi * hi / 3) - (lo - lo * lo * lo / 3);
        double first = (hi * hi / 2 - Math.pow(hi, 4) / 4) - (lo * lo / 2 - Math.pow(lo, 4) / 4);
        double tolerance = 1.4 * Math.sqrt(Math.log(2 / 1e-7) / (2.0 * count));
        assertThat(sum / count).isCloseTo(first / mass, within(tolerance));
        assertThat(Math.abs(-0.05 - first / mass)).isGreaterThan(tolerance);
    }

    /** E[y] = ⟨x, θ*⟩ for y ∈ {−1, +1}: Hoeffding over 200 000 draws (range 2) at 1e-7, tolerance 0.0082. */
    @Tag("statistical")
    @Test
    void plusMinusOneRewardsHaveTheLinearMean() {
        LinearGapEnvironment env = LinearGapEnvironment.paper001(new SplittableRandom(5));
        double[] c = env.nextUserContext(new SplittableRandom(6));
        SplittableRandom rewards = new SplittableRandom(7);
        for (int a : new int[] {env.bestAction(c), (env.bestAction(c) + 1) % 25}) {
            int n = 200_000;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double y = env.sampleReward(c, a, rewards);
                assertThat(Math.abs(y)).isEqualTo(1.0);
                sum += y;
            }
            assertThat(sum / n).isCloseTo(env.meanReward(c, a), within(2 * Math.sqrt(Math.log(2 / 1e-7) / (2.0 * n))));
        }
        assertThat(env.rewardBound()).isEqualTo(1.0);
    }

    @Test
    void noGapVariantSpansTheWholeBand() {
        LinearGapEnvironment env = new LinearGapEnvironment(5, 25, 0.0, new SplittableRandom(8));
        SplittableRandom users = new SplittableRandom(9);
        double highest = -1;
        for (int t = 0; t < 500; t++) {
            double[] c = env.nextUserContext(users);
            int best = env.bestAction(c);
            for (int a = 0; a < 25; a++) {
                if (a != best) {
                    highest = Math.max(highest, env.meanReward(c, a));
                }
            }
        }
        assertThat(highest).isBetween(0.70, 0.75 + 1e-12);
        assertThat(env.name()).isEqualTo("linear-nogap");
    }
}
