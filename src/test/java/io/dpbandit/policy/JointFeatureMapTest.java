package io.dpbandit.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.privacy.ContributionBounds;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** φ(c, a) for linear policies: unit norm, context-dependent ranking, and no NaN for any input. */
class JointFeatureMapTest {

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void outerProductRanksActionsDifferentlyInDifferentContexts() {
        JointFeatureMap map = JointFeatureMap.outerProduct();
        double[] theta = {1, 0, 0, 1}; // e1⊗e1 + e2⊗e2: action i is best in context i
        List<double[]> actions = List.of(new double[] {1, 0}, new double[] {0, 1});
        double[][] inFirst = map.candidates(new double[] {1, 0}, actions);
        double[][] inSecond = map.candidates(new double[] {0, 2}, actions);
        assertThat(dot(theta, inFirst[0])).isGreaterThan(dot(theta, inFirst[1]));
        assertThat(dot(theta, inSecond[1])).isGreaterThan(dot(theta, inSecond[0]));
        assertThat(map.features(new double[] {1, 2, 3}, new double[] {4, 5})).hasSize(6);
        assertThat(map.dimension(3, 2)).isEqualTo(6);

        // ACTION ignores the context: the same ranking everywhere.
        JointFeatureMap action = JointFeatureMap.action();
        assertThat(action.features(new double[] {1, 0}, actions.get(1))).containsExactly(0, 1);
        assertThat(action.features(new double[] {0, 7}, actions.get(1))).containsExactly(0, 1);
    }

    @Test
    void outerProductHasUnitNormForOrdinaryHugeAndTinyInputs() {
        JointFeatureMap map = JointFeatureMap.outerProduct();
        SplittableRandom rng = new SplittableRandom(1);
        for (int t = 0; t < 100; t++) {
            double[] c = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double[] a = {rng.nextGaussian(), rng.nextGaussian()};
            assertThat(ContributionBounds.l2Norm(map.features(c, a))).isCloseTo(1.0, within(1e-15));
        }
        double[][] extremes = {{1e300, -1e300, 1e299}, {Double.MAX_VALUE, Double.MAX_VALUE},
            {1e-300, 2e-300}, {Double.MIN_VALUE, 0.0}, {Double.MIN_VALUE, Double.MAX_VALUE}};
        for (double[] c : extremes) {
            for (double[] a : extremes) {
                double[] x = map.features(c, a);
                assertThat(java.util.Arrays.stream(x).allMatch(Double::isFinite)).isTrue();
                assertThat(ContributionBounds.l2Norm(x)).isCloseTo(1.0, within(1e-15));
            }
        }
    }

    @Test
    void zeroContextOrZeroActionGivesTheZeroVector() {
        JointFeatureMap map = JointFeatureMap.outerProduct();
        assertThat(map.features(new double[] {0, 0}, new double[] {1, 2})).containsExactly(0, 0, 0, 0);
        assertThat(map.features(new double[] {-1, 2}, new double[] {0, -0.0})).containsOnly(0.0);
    }

    @Test
    void nonFiniteInputsAreRefusedByEveryMap() {
        for (JointFeatureMap map : List.of(JointFeatureMap.outerProduct(), JointFeatureMap.action(),
                JointFeatureMap.contextBlocks())) {
            assertThatThrownBy(() -> map.features(new double[] {Double.NaN, 1}, new double[] {1, 0}))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> map.features(new double[] {1, 1}, new double[] {Double.POSITIVE_INFINITY, 0}))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void contextBlocksSelectTheActionsBlockAndNeverReturnNaN() {
        JointFeatureMap map = JointFeatureMap.contextBlocks();
        double[] decisionSet = {1, 2, 3, 4, 5, 6}; // three actions of dimension 2
        assertThat(map.dimension(6, 3)).isEqualTo(2);
        assertThat(map.features(decisionSet, new double[] {0, 1, 0})).containsExactly(3, 4);
        assertThat(map.features(decisionSet, new double[] {0, 0, 1})).containsExactly(5, 6);
        assertThat(map.features(decisionSet, new double[] {0.5, 0, 0.5})).containsExactly(3, 4);
        // Opposite huge blocks cancel exactly instead of giving ∞ − ∞ = NaN; an overflow is refused.
        assertThat(map.features(new double[] {1e308, -1e308}, new double[] {1, 1})).containsExactly(0.0);
        assertThatThrownBy(() -> map.features(new double[] {1e308, 1e308}, new double[] {1, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("range");
        assertThatThrownBy(() -> map.features(new double[] {1, 2, 3}, new double[] {1, 0}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mapRoundTripsThroughJson() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (JointFeatureMap.Kind kind : JointFeatureMap.Kind.values()) {
            JointFeatureMap map = new JointFeatureMap(kind);
            String text = json.writeValueAsString(map);
            assertThat(text).isEqualTo("{\"kind\":\"" + kind.name() + "\"}");
            assertThat(json.readValue(text, JointFeatureMap.class)).isEqualTo(map);
        }
    }
}
