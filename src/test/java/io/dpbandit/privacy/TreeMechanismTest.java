package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PowerOfTwoGrid;
import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tree-based mechanism's structure, its noise discipline (drawn once, kept) and its state. */
class TreeMechanismTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static TreeMechanism gaussianTree(int dimension, long horizon) {
        return TreeMechanism.calibrated(TreeMechanismCalibration.calibrate(NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.ANALYTIC_TREE, horizon, dimension, 1.0, 1.0, 0.1));
    }

    static TreeMechanism wishartTree(int dimension, long horizon) {
        return TreeMechanism.calibrated(TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.PAPER, horizon, dimension, Math.sqrt(2.0), 1.0, 0.1));
    }

    static SymmetricMatrix randomLeaf(int dimension, SplittableRandom rng) {
        double[] a = new double[dimension];
        for (int i = 0; i < dimension; i++) {
            a[i] = rng.nextInt(-3, 4); // small integers: every sum below is exact in double
        }
        return SymmetricMatrix.outer(a);
    }

    @Test
    void levelsAreCeilLogTwoOfTheHorizonPlusOne() {
        assertThat(TreeMechanism.levels(1)).isEqualTo(1);
        assertThat(TreeMechanism.levels(2)).isEqualTo(2);
        assertThat(TreeMechanism.levels(3)).isEqualTo(3);
        assertThat(TreeMechanism.levels(4)).isEqualTo(3);
        assertThat(TreeMechanism.levels(5)).isEqualTo(4);
        assertThat(TreeMechanism.levels(1L << 40)).isEqualTo(41);
        assertThat(TreeMechanism.levels((1L << 40) + 1)).isEqualTo(42);
        assertThat(TreeMechanism.levels(100_000)).isEqualTo(18);     // worked numbers, n = 10⁵ (docs/papers.md)
        assertThat(TreeMechanism.levels(50_000_000)).isEqualTo(27);  // worked numbers, n = 5·10⁷
    }

    @Test
    void everyLeafLiesInAtMostLevelsNodesAndEveryPrefixIsAPartitionIntoAtMostLevelsNodes() {
        for (long n = 1; n <= 130; n++) {
            TreeMechanism tree = new TreeMechanism(1, n, new NodeNoise.None());
            int m = tree.levels();
            TreeState state = tree.empty(new SeededNoiseSource(1));
            Set<List<Long>> created = new HashSet<>();
            for (long k = 1; k <= n; k++) {
                state = tree.insert(state, SymmetricMatrix.outer(new double[] {1.0}), new SeededNoiseSource(k));
                assertThat(state.nodes()).hasSizeLessThanOrEqualTo(m);
                long covered = 0;
                for (int i = state.nodes().size() - 1; i >= 0; i--) {
                    TreeNode node = state.nodes().get(i);
                    assertThat(node.firstLeaf()).isEqualTo(covered);
                    covered += node.leafCount();
                    created.add(List.of((long) node.level(), node.firstLeaf()));
                }
                assertThat(covered).isEqualTo(k);
            }
            Map<Long, Integer> nodesPerLeaf = new HashMap<>();
            for (List<Long> node : created) {
                for (long leaf = node.get(1); leaf < node.get(1) + (1L << node.get(0)); leaf++) {
                    nodesPerLeaf.merge(leaf, 1, Integer::sum);
                }
            }
            assertThat(nodesPerLeaf).hasSize((int) n);
            assertThat(nodesPerLeaf.values()).allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(m));
        }
    }

    @Test
    void eachDatumReachesAtMostLevelsNodeSums() {
        // Leaf s is e_s e_sᵀ, so node sums show which data they hold: entry (s, s) is 1 iff leaf s is in it.
        int n = 13;
        TreeMechanism tree = new TreeMechanism(n, n, new NodeNoise.None());
        TreeState state = tree.empty(new SeededNoiseSource(2));
        int[] nodesHolding = new int[n];
        for (int s = 0; s < n; s++) {
            double[] e = new double[n];
            e[s] = 1.0;
            state = tree.insert(state, SymmetricMatrix.outer(e), new SeededNoiseSource(s));
            TreeNode completed = state.nodes().get(0); // the node this leaf completed (lowest level)
            for (int i = 0; i < n; i++) {
                if (completed.noisy().get(i, i) != 0.0) { // no noise: the noisy sum is the exact one
                    nodesHolding[i]++;
                }
            }
        }
        assertThat(java.util.Arrays.stream(nodesHolding).boxed().toList())
                .allSatisfy(c -> assertThat(c).isBetween(1, TreeMechanism.levels(n)));
        assertThat(nodesHolding[0]).isEqualTo(4); // leaf 0: levels 0, 1, 2, 3 (n = 13 completes 0..7)
        assertThat(nodesHolding[12]).isEqualTo(1); // the last leaf only completes its own level-0 node
    }

    /**
     * Retention of derived data: a completed node keeps its noisy value only, and the exact data the
     * state still holds is the open nodes' partial sums: after 2^j leaves every open sum is empty,
     * and a state read back from the old format (exact sums in the nodes) holds the same open sums
     * as one built leaf by leaf.
     */
    @Test
    void completedNodesKeepNoExactSumAndTheOpenSumsAreAllThatIsExact() throws Exception {
        TreeMechanism tree = new TreeMechanism(3, 64, new NodeNoise.None());
        SplittableRandom rng = new SplittableRandom(7);
        TreeState state = tree.empty(new SeededNoiseSource(7));
        SymmetricMatrix firstEight = SymmetricMatrix.zero(3);
        for (int k = 1; k <= 8; k++) {
            SymmetricMatrix leaf = randomLeaf(3, rng);
            firstEight = firstEight.plus(leaf);
            state = tree.insert(state, leaf, new SeededNoiseSource(k));
        }
        // 8 leaves complete the level-3 node: the open nodes of levels 0..3 hold nothing, those above
        // (still being filled) hold the 8 leaves.
        for (int j = 0; j < state.open().size(); j++) {
            assertThat(state.open().get(j)).as("level %d", j).isEqualTo(j <= 3 ? SymmetricMatrix.zero(3) : firstEight);
        }
        SymmetricMatrix ninth = randomLeaf(3, rng);
        state = tree.insert(state, ninth, new SeededNoiseSource(9));
        assertThat(state.open().get(0)).isEqualTo(SymmetricMatrix.zero(3));
        for (int j = 1; j < state.open().size(); j++) {
            assertThat(state.open().get(j)).as("level %d", j).isEqualTo(j <= 3 ? ninth : firstEight.plus(ninth));
        }
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        String text = json.writeValueAsString(state);
        assertThat(text).doesNotContain("exact");
        assertThat(json.readValue(text, TreeState.class)).isEqualTo(state);

        // A state stored before exact sums were dropped (no noise here, so each node's exact sum is its
        // noisy one) reads back with the same open sums, and without any exact sum.
        var legacy = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(text);
        legacy.remove("open");
        for (var node : legacy.withArray("nodes")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) node).set("exact", node.get("noisy"));
        }
        assertThat(json.treeToValue(legacy, TreeState.class)).isEqualTo(state);
    }

    /** The horizon's last leaf leaves no exact sum behind: nothing will complete again. */
    @Test
    void aFullTreeKeepsNoExactSumAtAll() {
        TreeMechanism tree = new TreeMechanism(2, 5, new NodeNoise.None());
        SplittableRandom rng = new SplittableRandom(11);
        TreeState state = tree.empty(new SeededNoiseSource(11));
        SymmetricMatrix all = SymmetricMatrix.zero(2);
        for (int k = 1; k <= 5; k++) {
            SymmetricMatrix leaf = randomLeaf(2, rng);
            all = all.plus(leaf);
            state = tree.insert(state, leaf, new SeededNoiseSource(k));
            if (k == 4) {
                assertThat(state.open().stream().anyMatch(o -> !o.equals(SymmetricMatrix.zero(2))))
                        .as("the level above the four leaves still fills").isTrue();
            }
        }
        assertThat(tree.full(state)).isTrue();
        assertThat(state.open()).allSatisfy(o -> assertThat(o).isEqualTo(SymmetricMatrix.zero(2)));
        assertThat(tree.release(state)).as("the release needs only the nodes").isEqualTo(all);
    }

    @Test
    void prefixSumsAreExactWithoutNoise() {
        SplittableRandom rng = new SplittableRandom(3);
        TreeMechanism tree = new TreeMechanism(4, 100, new NodeNoise.None());
        TreeState state = tree.empty(new SeededNoiseSource(3));
        SymmetricMatrix running = SymmetricMatrix.zero(4);
        assertThat(tree.release(state)).isEqualTo(running);
        for (int k = 1; k <= 100; k++) {
            SymmetricMatrix leaf = randomLeaf(4, rng);
            running = running.plus(leaf);
            state = tree.insert(state, leaf, new SeededNoiseSource(k));
            assertThat(tree.release(state)).isEqualTo(running);
        }
    }

    @Test
    void nodeNoiseIsDrawnOnceWhenTheNodeCompletesAndNeverOnARead() {
        TreeMechanism tree = gaussianTree(3, 64);
        SplittableRandom rng = new SplittableRandom(4);
        CountingNoiseSource noise = new CountingNoiseSource(new SeededNoiseSource(4));
        TreeState state = tree.empty(noise);
        assertThat(noise.draws).isZero();
        SymmetricMatrix exact = SymmetricMatrix.zero(3);
        for (int k = 1; k <= 4; k++) {
            long before = noise.draws;
            SymmetricMatrix leaf = randomLeaf(3, rng);
            exact = exact.plus(leaf);
            state = tree.insert(state, leaf, noise);
            assertThat(noise.draws - before).isEqualTo(SymmetricMatrix.packedLength(3)); // one node's noise
        }
        long before = noise.draws;
        SymmetricMatrix first = tree.release(state);
        SymmetricMatrix second = tree.release(state);
        assertThat(noise.draws).isEqualTo(before);
        assertThat(second).isEqualTo(first);
        assertThat(first).isNotEqualTo(exact); // the release is noisy

        // Leaves 5..7 do not touch the level-2 node (leaves 0..3): it keeps its noisy value, bit for bit.
        TreeNode levelTwo = state.nodeAt(2);
        for (int k = 5; k <= 7; k++) {
            state = tree.insert(state, randomLeaf(3, rng), noise);
            assertThat(state.nodeAt(2)).isEqualTo(levelTwo);
        }
    }

    @Test
    void stateRoundTripsThroughJsonWithItsNoise() throws Exception {
        for (TreeMechanism tree : List.of(gaussianTree(3, 50), wishartTree(3, 50))) {
            SplittableRandom rng = new SplittableRandom(5);
            NoiseSource noise = new SeededNoiseSource(5);
            TreeState state = tree.empty(noise);
            for (int k = 0; k < 11; k++) {
                state = tree.insert(state, randomLeaf(3, rng), noise);
            }
            String json = JSON.writeValueAsString(state);
            TreeState back = JSON.readValue(json, TreeState.class);
            assertThat(back).isEqualTo(state);
            assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
            assertThat(tree.release(back)).isEqualTo(tree.release(state));
            // And it keeps working: the same next leaf and noise give the same next state.
            SymmetricMatrix leaf = randomLeaf(3, rng);
            assertThat(tree.insert(back, leaf, new SeededNoiseSource(6)))
                    .isEqualTo(tree.insert(state, leaf, new SeededNoiseSource(6)));
        }
    }

    @Test
    void insertLeavesTheGivenStateUnchanged() throws Exception {
        TreeMechanism tree = gaussianTree(2, 16);
        NoiseSource noise = new SeededNoiseSource(7);
        TreeState state = tree.empty(noise);
        SplittableRandom rng = new SplittableRandom(7);
        for (int k = 0; k < 3; k++) {
            String before = JSON.writeValueAsString(state);
            TreeState next = tree.insert(state, randomLeaf(2, rng), noise);
            assertThat(JSON.writeValueAsString(state)).isEqualTo(before);
            state = next;
        }
    }

    @Test
    void refusesLeavesBeyondTheHorizonAndMalformedLeaves() {
        TreeMechanism tree = gaussianTree(2, 2);
        NoiseSource noise = new SeededNoiseSource(8);
        TreeState state = tree.empty(noise);
        assertThatThrownBy(() -> tree.insert(tree.empty(noise), SymmetricMatrix.zero(3), noise))
                .isInstanceOf(IllegalArgumentException.class);
        double[] bad = SymmetricMatrix.zero(2).upper();
        bad[1] = Double.NaN;
        assertThatThrownBy(() -> tree.insert(tree.empty(noise), new SymmetricMatrix(2, bad), noise))
                .isInstanceOf(IllegalArgumentException.class);
        state = tree.insert(state, SymmetricMatrix.zero(2), noise);
        state = tree.insert(state, SymmetricMatrix.zero(2), noise);
        assertThat(tree.full(state)).isTrue();
        TreeState full = state;
        assertThatThrownBy(() -> tree.insert(full, SymmetricMatrix.zero(2), noise))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("horizon");
        assertThatThrownBy(() -> gaussianTree(2, 3).release(full)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Wishart padding to m samples (docs/papers.md): the shifted Wishart regulariser H − cI (Eq. 4) is
     * tuned to exactly m node samples. With
     * padding every release holds m samples and λ_min(H − cI) ≥ ρ'_min = 4L̃²√(mk)·a for every
     * prefix, each with probability ≥ 1 − α/2n (Prop 9); at α = 1e-6 the test fails by chance with
     * probability ≤ (n+1)·α/2n &lt; 1e-6 (and never, with this fixed seed). Without padding one node
     * has eigenvalues ≈ L̃²k, far below c ≈ L̃²(m−1)k, so H − cI is negative definite.
     */
    @Test
    void wishartPaddingKeepsTheShiftedRegulariserPositiveDefiniteForEveryPrefix() {
        int d = 2;
        long n = 40;
        double alpha = 1e-6;
        TreeMechanismCalibration calibration = TreeMechanismCalibration.calibrate(NodeNoiseKind.WISHART,
                TreeCalibrationMethod.PAPER, n, d + 1, Math.sqrt(2.0), 1.0, 0.1);
        TreeMechanism tree = TreeMechanism.calibrated(calibration);
        int m = tree.levels();
        double rowSquared = 2.0;
        double rootMk = Math.sqrt((double) m * calibration.degreesOfFreedom());
        double a = Math.sqrt(d) + Math.sqrt(2 * Math.log(8 * n / alpha));
        double c = rowSquared * (rootMk - a) * (rootMk - a) - 4 * rowSquared * rootMk * a;
        double rhoMinShifted = 4 * rowSquared * rootMk * a;

        NoiseSource noise = new SeededNoiseSource(9);
        TreeState state = tree.empty(noise);
        SplittableRandom rng = new SplittableRandom(9);
        for (long k = 0; k <= n; k++) {
            if (k > 0) {
                state = tree.insert(state, SymmetricMatrix.zero(d + 1), noise);
            }
            assertThat(tree.noiseSamplesInRelease(state)).isEqualTo(m);
            double[] eigen = SymmetricEigenFunctions.eigenvaluesAscending(
                    tree.release(state).leadingBlock(d).plusIdentity(-c).toDense());
            assertThat(eigen[0]).isGreaterThanOrEqualTo(rhoMinShifted);
        }
        TreeState one = tree.insert(tree.empty(noise), randomLeaf(d + 1, rng), noise);
        double[] unpadded = SymmetricEigenFunctions.eigenvaluesAscending(
                tree.releaseWithoutPadding(one).leadingBlock(d).plusIdentity(-c).toDense());
        assertThat(unpadded[d - 1]).isNegative();
    }

    @Test
    void productionNoiseSourceDrawsEveryNodeEntryOnItsLattice() {
        // SecureNoiseSource: addGaussian(P_ij, s) = round_g(P_ij) + k·g, so each noisy entry is a
        // multiple of the grid g(s) for its own s (σ off the diagonal, √2σ on it, after the grid
        // inflation of σ that keeps Δ/σ; see NodeNoise.Gaussian).
        TreeMechanism tree = gaussianTree(3, 8);
        SecureNoiseSource secure = new SecureNoiseSource();
        NodeNoise.Gaussian gaussian = (NodeNoise.Gaussian) tree.nodeNoise();
        double s = gaussian.noiseScale(3, secure);
        assertThat(s).isGreaterThan(gaussian.sigma()).isLessThan(gaussian.sigma() * (1 + 1e-9));
        TreeState state = tree.insert(tree.empty(secure), randomLeaf(3, new SplittableRandom(10)), secure);
        SymmetricMatrix noisy = state.nodeAt(0).noisy();
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                double grid = secure.gaussianGranularity(i == j ? s * StrictMath.sqrt(2.0) : s);
                assertThat(PowerOfTwoGrid.isMultipleOf(noisy.get(i, j), grid)).isTrue();
            }
        }
        assertThat(tree.release(state)).isEqualTo(noisy);
    }

    /** Counts every draw, to show that reads draw nothing. */
    static final class CountingNoiseSource implements NoiseSource {
        final NoiseSource inner;
        long draws;

        CountingNoiseSource(NoiseSource inner) {
            this.inner = inner;
        }

        @Override
        public double gaussian(double sigma) {
            draws++;
            return inner.gaussian(sigma);
        }

        @Override
        public double laplace(double scale) {
            draws++;
            return inner.laplace(scale);
        }

        @Override
        public double uniform() {
            draws++;
            return inner.uniform();
        }

        @Override
        public int uniformInt(int n) {
            draws++;
            return inner.uniformInt(n);
        }

        @Override
        public boolean bernoulli(double p) {
            draws++;
            return inner.bernoulli(p);
        }

        @Override
        public double addGaussian(double value, double sigma) {
            draws++;
            return inner.addGaussian(value, sigma);
        }
    }
}
