package io.dpbandit.policy.linucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import io.dpbandit.policy.SequentialPolicy.Choice;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeNode;
import io.dpbandit.privacy.TreeState;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/** JDP-LinUCB's pure functions: fold leaves its input alone, state persists, inputs are bounded. */
class LinUcbTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static List<LinUcbObservation> batch(SplittableRandom rng, int size, int d) {
        List<LinUcbObservation> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            double[] x = new double[d];
            for (int j = 0; j < d; j++) {
                x[j] = rng.nextGaussian();
            }
            out.add(new LinUcbObservation(x, rng.nextBoolean() ? 1.0 : -1.0));
        }
        return out;
    }

    static LinUcbState run(LinUcb policy, int folds, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        NoiseSource noise = new SeededNoiseSource(seed);
        LinUcbState state = policy.start(noise);
        for (int f = 0; f < folds; f++) {
            state = policy.fold(state, batch(rng, 3, policy.config().dimension()), noise);
        }
        return state;
    }

    @Test
    void foldNeverModifiesTheGivenStateOrBatch() throws Exception {
        for (LinUcbConfig config : List.of(LinUcbConfig.engineered(64, 4, 1.0, 0.1, 0.01),
                LinUcbConfig.paper(64, 4, 1.0, 0.1, 0.01, NodeNoiseKind.WISHART), LinUcbConfig.nonPrivate(64, 4, 0.01, 1.0))) {
            LinUcb policy = new LinUcb(config);
            LinUcbState state = run(policy, 5, 1);
            LinUcbState deepCopy = JSON.readValue(JSON.writeValueAsString(state), LinUcbState.class);
            List<LinUcbObservation> observations = batch(new SplittableRandom(2), 4, 4);
            List<double[]> featuresBefore = observations.stream().map(LinUcbObservation::features).toList();

            LinUcbState next = policy.fold(state, observations, new SeededNoiseSource(3));

            assertThat(state).usingRecursiveComparison().isEqualTo(deepCopy);
            assertThat(JSON.writeValueAsString(state)).isEqualTo(JSON.writeValueAsString(deepCopy));
            for (int i = 0; i < observations.size(); i++) {
                assertThat(observations.get(i).features()).containsExactly(featuresBefore.get(i));
            }
            assertThat(next.observations()).isEqualTo(state.observations() + 4);
            assertThat(next.tree().leaves()).isEqualTo(state.tree().leaves() + 1); // one leaf per batch
        }
    }

    @Test
    void stateRoundTripsThroughJsonAndKeepsDecidingAndFoldingTheSame() throws Exception {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(100, 3, 1.0, 0.1, 0.01));
        LinUcbState state = run(policy, 7, 4);
        String json = JSON.writeValueAsString(state);
        LinUcbState back = JSON.readValue(json, LinUcbState.class);
        assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
        assertThat(back).usingRecursiveComparison().isEqualTo(state);

        double[][] candidates = {{1, 0, 0}, {0, 1, 0}, {0.3, -0.2, 0.9}, {-1, -1, 0}};
        assertThat(policy.decide(back, candidates, new SplittableRandom(5)))
                .isEqualTo(policy.decide(state, candidates, new SplittableRandom(5)));
        List<LinUcbObservation> more = batch(new SplittableRandom(6), 2, 3);
        assertThat(JSON.writeValueAsString(policy.fold(back, more, new SeededNoiseSource(7))))
                .isEqualTo(JSON.writeValueAsString(policy.fold(state, more, new SeededNoiseSource(7))));
        LinUcbConfig config = policy.config();
        assertThat(JSON.readValue(JSON.writeValueAsString(config), LinUcbConfig.class)).isEqualTo(config);
    }

    @Test
    void hugeInputsAreClippedSoEveryRowHasNormAtMostLTilde() {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(8, 3, 1.0, 0.1, 0.01));
        LinUcbState state = policy.start(new SeededNoiseSource(8));
        List<LinUcbObservation> huge = List.of(new LinUcbObservation(new double[] {1e300, -1e300, 1e308}, -1e308),
                new LinUcbObservation(new double[] {Double.MAX_VALUE, 0, 0}, Double.MAX_VALUE));
        for (LinUcbObservation o : huge) {
            LinUcbState next = policy.fold(state, List.of(o), new SeededNoiseSource(9));
            // One leaf = a aᵀ for the clipped row a = [x; y]: the level-1 node still being filled holds it exactly.
            SymmetricMatrix row = next.tree().open().get(1);
            double normSquared = row.get(0, 0) + row.get(1, 1) + row.get(2, 2) + row.get(3, 3); // trace = ‖a‖²
            assertThat(normSquared).isLessThanOrEqualTo(policy.config().rowNormBound() * policy.config().rowNormBound());
            assertThat(row.get(3, 3)).isCloseTo(1.0, within(1e-15)); // y clipped to B̃ = 1
            assertThat(java.util.Arrays.stream(next.snapshot().theta()).allMatch(Double::isFinite)).isTrue();
        }
    }

    @Test
    void nonFiniteOrMalformedObservationsAreRefusedAndNothingIsFolded() {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(8, 2, 1.0, 0.1, 0.01));
        LinUcbState state = policy.start(new SeededNoiseSource(10));
        LinUcbObservation good = new LinUcbObservation(new double[] {0.1, 0.2}, 0.5);
        for (LinUcbObservation bad : List.of(new LinUcbObservation(new double[] {Double.NaN, 0}, 1),
                new LinUcbObservation(new double[] {0, Double.NEGATIVE_INFINITY}, 1),
                new LinUcbObservation(new double[] {0, 0}, Double.NaN),
                new LinUcbObservation(new double[] {0, 0}, Double.POSITIVE_INFINITY),
                new LinUcbObservation(new double[] {0, 0, 0}, 1))) {
            assertThatThrownBy(() -> policy.fold(state, List.of(good, bad), new SeededNoiseSource(11)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("observation 1");
        }
        assertThat(state.tree().leaves()).isZero();
        assertThat(policy.fold(state, List.of(), new SeededNoiseSource(12))).isSameAs(state);
    }

    @Test
    void decidePicksTheOptimisticCandidateBreaksTiesUniformlyAndClipsCandidates() {
        // Non-private, data along θ* = e₁: the candidate closest to e₁ wins once the data dominate.
        LinUcb policy = new LinUcb(LinUcbConfig.nonPrivate(1000, 2, 0.01, 1.0));
        NoiseSource noise = new SeededNoiseSource(13);
        LinUcbState state = policy.start(noise);
        SplittableRandom rng = new SplittableRandom(14);
        for (int f = 0; f < 200; f++) {
            List<LinUcbObservation> b = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                double[] x = {rng.nextDouble(-0.7, 0.7), rng.nextDouble(-0.7, 0.7)}; // inside ‖x‖ ≤ L: no clipping bias
                b.add(new LinUcbObservation(x, x[0] + 0.1 * rng.nextGaussian()));
            }
            state = policy.fold(state, b, noise);
        }
        assertThat(state.snapshot().theta()[0]).isCloseTo(1.0, within(0.05));
        double[][] candidates = {{0, 1}, {0.9, 0.1}, {-1, 0}};
        Choice choice = policy.decide(state, candidates, rng);
        assertThat(choice.index()).isEqualTo(1);
        assertThat(choice.score()).isCloseTo(state.snapshot().score(candidates[1]), within(1e-12));

        // Identical candidates tie exactly: each index is drawn about equally often.
        double[][] twins = {{0.5, 0.5}, {0.5, 0.5}, {0.5, 0.5}};
        int[] counts = new int[3];
        for (int i = 0; i < 3000; i++) {
            counts[policy.decide(state, twins, rng).index()]++;
        }
        assertThat(java.util.Arrays.stream(counts).boxed().toList())
                .allSatisfy(c -> assertThat(c).isBetween(850, 1150)); // binomial(3000, 1/3): ±6 sd

        // A huge candidate is clipped to ‖x‖ ≤ L = 1 like the data, so it scores as its direction.
        Choice clipped = policy.decide(state, new double[][] {{1e300, 0}, {0.5, 0}}, rng);
        assertThat(clipped.index()).isZero();
        assertThat(clipped.score()).isCloseTo(state.snapshot().score(new double[] {1, 0}), within(1e-9));
        LinUcbState last = state;
        assertThatThrownBy(() -> policy.decide(last, new double[][] {{Double.NaN, 0}}, rng))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.decide(last, new double[0][], rng)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void foldsStopAtTheHorizonOfLeaves() {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(3, 2, 1.0, 0.1, 0.01));
        LinUcbState state = run(policy, 3, 15);
        assertThat(policy.horizonReached(state)).isTrue();
        LinUcbState full = state;
        assertThatThrownBy(() -> policy.fold(full, batch(new SplittableRandom(16), 1, 2), new SeededNoiseSource(17)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void privacyCostIsOneChargeForTheWholeHorizon() {
        assertThat(new LinUcb(LinUcbConfig.engineered(1000, 5, 1.0, 0.1, 1e-3)).privacyCost())
                .contains(new PrivacyCost(1.0, 0.1));
        assertThat(new LinUcb(LinUcbConfig.paper(1000, 5, 0.5, 1e-3, 1e-3, NodeNoiseKind.WISHART)).privacyCost())
                .contains(new PrivacyCost(0.5, 1e-3));
        assertThat(new LinUcb(LinUcbConfig.nonPrivate(1000, 5, 1e-3, 1.0)).privacyCost()).isEmpty();
    }

    @Test
    void startSeesOnlyTheShiftForGaussianNoise() {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(100, 3, 1.0, 0.1, 0.01));
        LinUcbState start = policy.start(new SeededNoiseSource(18));
        assertThat(start.snapshot().theta()).containsOnly(0.0);
        assertThat(start.snapshot().logDetV()).isCloseTo(3 * Math.log(policy.bounds().shift()), within(1e-9));
    }

    /**
     * The PSD repair (PSD check and repair, docs/papers.md): a release whose top-left block is far from
     * PD (here forced by overwriting a stored node's noisy value, standing in for the α/2n failure event)
     * fails the Cholesky check; V's eigenvalues are clamped to ρ_min, the event is counted, and decisions
     * still work.
     */
    @Test
    void anIndefiniteReleaseIsRepairedByClampingEigenvaluesToRhoMin() {
        LinUcb policy = new LinUcb(LinUcbConfig.engineered(16, 2, 1.0, 0.1, 0.01));
        LinUcbState state = run(policy, 2, 19); // two leaves: one level-1 node
        assertThat(state.psdRepairs()).isZero();
        TreeNode node = state.tree().nodeAt(1);
        SymmetricMatrix broken = node.noisy().plusIdentity(-1e9);
        TreeState tampered = new TreeState(3, 16, 2, List.of(new TreeNode(1, 0, 2, broken)), state.tree().open(),
                state.tree().padding());
        LinUcbState bad = new LinUcbState(tampered, state.observations(), state.snapshot(), 0);

        LinUcbState repaired = policy.fold(bad, batch(new SplittableRandom(20), 1, 2), new SeededNoiseSource(21));
        assertThat(repaired.snapshot().repaired()).isTrue();
        assertThat(repaired.psdRepairs()).isEqualTo(1);
        assertThat(repaired.snapshot().logDetV()).isGreaterThanOrEqualTo(2 * Math.log(policy.bounds().rhoMin()) - 1e-9);
        assertThat(java.util.Arrays.stream(repaired.snapshot().theta()).allMatch(Double::isFinite)).isTrue();
        assertThat(policy.decide(repaired, new double[][] {{1, 0}, {0, 1}}, new SplittableRandom(22)).index())
                .isBetween(0, 1);
    }

    @Test
    void eigenvalueClampRaisesOnlyTheEigenvaluesBelowTheFloor() {
        DMatrixRMaj v = new DMatrixRMaj(new double[][] {{2, 1}, {1, -3}});
        double[] before = SymmetricEigenFunctions.eigenvaluesAscending(v);
        double[] after = SymmetricEigenFunctions.eigenvaluesAscending(SymmetricEigenFunctions.clampEigenvalues(v, 0.5));
        assertThat(before[0]).isNegative();
        assertThat(after[0]).isCloseTo(0.5, within(1e-12));
        assertThat(after[1]).isCloseTo(before[1], within(1e-12));
    }
}
