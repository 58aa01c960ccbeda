package io.dpbandit.sim.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.JointFeatureMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The multiclass-to-bandit environment on the shipped digits data: 7 features of norm at most 1,
 * 10 one-hot actions, rewards 1{action = label}, a held-out public pool that never arrives, and
 * rows drawn uniformly with replacement. Every stream is seeded.
 */
class MulticlassEnvironmentTest {

    static final LabelledData DIGITS = LabelledData.shipped("digits");

    static MulticlassEnvironment env(long seed) {
        return new MulticlassEnvironment(DIGITS, 40, JointFeatureMap.outerProduct(), new SplittableRandom(seed));
    }

    @Test
    void digitsHave1797RowsOfSevenFeaturesWithNormAtMostOneAndAConstantBias() {
        assertThat(DIGITS.size()).isEqualTo(1797);
        assertThat(DIGITS.classes()).isEqualTo(10);
        assertThat(DIGITS.dimension()).isEqualTo(7);
        for (double[] x : DIGITS.features()) {
            double norm = 0;
            for (double v : x) {
                norm += v * v;
            }
            assertThat(Math.sqrt(norm)).isLessThanOrEqualTo(1.0);
            assertThat(x[6]).isEqualTo(0.3);
        }
    }

    @Test
    void wineHas178RowsOfFiveFeaturesInThreeClassesWithNormAtMostOneAndAConstantBias() {
        LabelledData wine = LabelledData.shipped("wine");
        assertThat(wine.size()).isEqualTo(178);
        assertThat(wine.classes()).isEqualTo(3);
        assertThat(wine.dimension()).isEqualTo(5);
        for (double[] x : wine.features()) {
            double norm = 0;
            for (double v : x) {
                norm += v * v;
            }
            assertThat(Math.sqrt(norm)).isLessThanOrEqualTo(1.0);
            assertThat(x[4]).isEqualTo(0.3);
        }
    }

    @Test
    void contextsHaveDimensionSevenAndNormAtMostOneAndTheLinearFeaturesDimensionSeventy() {
        MulticlassEnvironment env = env(3);
        SplittableRandom rng = new SplittableRandom(5);
        for (int t = 0; t < 2000; t++) {
            double[] c = env.nextUserContext(rng);
            assertThat(c).hasSize(7);
            double norm = 0;
            for (double v : c) {
                norm += v * v;
            }
            assertThat(Math.sqrt(norm)).isLessThanOrEqualTo(1.0);
        }
        assertThat(env.publicContexts().dimension()).isEqualTo(7);
        assertThat(env.actionFeatures()).hasSize(10);
        assertThat(env.featureDimension()).isEqualTo(70);
    }

    @Test
    void rewardsAreZeroOrOneAndExactlyTheLabelPays() {
        MulticlassEnvironment env = env(7);
        SplittableRandom users = new SplittableRandom(11);
        SplittableRandom rewards = new SplittableRandom(13);
        for (int t = 0; t < 2000; t++) {
            double[] c = env.nextUserContext(users);
            int paying = 0;
            for (int a = 0; a < 10; a++) {
                double y = env.sampleReward(c, a, rewards);
                assertThat(y).isIn(0.0, 1.0);
                assertThat(y).isEqualTo(env.meanReward(c, a));
                paying += (int) y;
            }
            assertThat(paying).isEqualTo(1);
            assertThat(env.sampleReward(c, env.label(c), rewards)).isEqualTo(1.0);
            assertThat(env.bestMeanReward(c)).isEqualTo(1.0);
        }
    }

    @Test
    void theHeldOutPoolNeverArrivesAndTheSeedFixesIt() {
        MulticlassEnvironment env = env(17);
        List<double[]> pool = env.publicContexts().finiteSupport().orElseThrow();
        assertThat(pool).hasSize(40);
        assertThat(env.userRows()).hasSize(1797 - 40);
        Set<ContextKey> held = new HashSet<>();
        pool.forEach(c -> held.add(new ContextKey(c)));
        assertThat(env.userRows()).noneMatch(c -> held.contains(new ContextKey(c)));
        assertThat(env(17).publicContexts().finiteSupport().orElseThrow())
                .usingElementComparator((a, b) -> java.util.Arrays.equals(a, b) ? 0 : 1).containsExactlyElementsOf(pool);
    }

    /**
     * n = 50 000 draws; the share of each label among them against its share among the user rows.
     * Hoeffding per class, P(|p̂ − p| ≥ ε) ≤ 2 exp(−2nε²), union over the 10 classes: with
     * ε = √(ln(2·10⁷)/(2n)) = 0.0130 a correct sampler fails this test with probability ≤ 10⁻⁶.
     */
    @Test
    @Tag("statistical")
    void drawnLabelsFollowTheDataWithinAHoeffdingBound() {
        MulticlassEnvironment env = env(19);
        int n = 50_000;
        double[] expected = new double[10];
        for (double[] c : env.userRows()) {
            expected[env.label(c)] += 1.0 / env.userRows().size();
        }
        double[] drawn = new double[10];
        SplittableRandom rng = new SplittableRandom(23);
        for (int t = 0; t < n; t++) {
            drawn[env.label(env.nextUserContext(rng))] += 1.0 / n;
        }
        double eps = Math.sqrt(Math.log(2e7) / (2.0 * n));
        assertThat(eps).isLessThan(0.0131);
        for (int k = 0; k < 10; k++) {
            assertThat(drawn[k]).as("share of label " + k).isCloseTo(expected[k], org.assertj.core.data.Offset.offset(eps));
        }
    }

    @Test
    void refusesAnUnknownDataSetAndAnEmptyOrFullPool() {
        assertThatThrownBy(() -> LabelledData.shipped("mnist")).hasMessageContaining("unknown dataset 'mnist'");
        assertThatThrownBy(() -> new MulticlassEnvironment(DIGITS, 0, JointFeatureMap.outerProduct(),
                new SplittableRandom(1))).hasMessageContaining("held-out pool");
        assertThatThrownBy(() -> new MulticlassEnvironment(DIGITS, 1797, JointFeatureMap.outerProduct(),
                new SplittableRandom(1))).hasMessageContaining("held-out pool");
    }
}
