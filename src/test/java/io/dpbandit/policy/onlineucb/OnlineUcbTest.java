package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.onlineucb.BiasCorrectedLoss;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.onlineucb.ReleaseMode;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.SequentialPolicy.Choice;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OnlineUcbTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[][] ARMS = {{0.6, 0.0, 0.8}, {0.0, 1.0, 0.0}, {-0.5, 0.5, 0.5}, {0.2, -0.2, 0.1}};

    private static OnlineUcbConfig engineered() {
        return OnlineUcbConfig.engineered(3, 1.0, 0.1, 2000);
    }

    /** Plays n rounds: decide on the current state, randomise on the client, fold. */
    private static OnlineUcbState play(OnlineUcb policy, OnlineUcbState state, int n, long seed) {
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
        SeededNoiseSource noise = new SeededNoiseSource(seed);
        SplittableRandom rng = new SplittableRandom(seed);
        for (int t = 0; t < n; t++) {
            Choice choice = policy.decide(state, ARMS, rng);
            OnlineUcbReport report = client.randomise(ARMS[choice.index()], policy.ticket(state), rng.nextDouble(), noise);
            state = policy.fold(state, List.of(report), noise);
        }
        return state;
    }

    @Test
    void foldNeverModifiesTheGivenState() throws Exception {
        for (OnlineUcbConfig config : List.of(engineered(), OnlineUcbConfig.paper(3, 1.0, 0.1, 2000))) {
            OnlineUcb policy = new OnlineUcb(config);
            OnlineUcbState state = play(policy, policy.start(), 25, 1);
            String before = JSON.writeValueAsString(state);
            OnlineUcbState copy = JSON.readValue(before, OnlineUcbState.class);

            OnlineUcbRandomiser client = new OnlineUcbRandomiser(config.randomiser(), PrivacyFloor.NONE);
            List<OnlineUcbReport> batch = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                batch.add(client.randomise(ARMS[i % 4], policy.ticket(state), 0.5, new SeededNoiseSource(i)));
            }
            OnlineUcbState after = policy.fold(state, batch, new SeededNoiseSource(9));
            policy.decide(state, ARMS, new SplittableRandom(2));

            assertThat(JSON.writeValueAsString(state)).isEqualTo(before);
            assertThat(state).isEqualTo(copy);
            assertThat(after.round()).isEqualTo(state.round() + 5);
        }
    }

    @Test
    void statisticsAreTheSumsOfTheReportsWithTheLearnersPredictions() {
        OnlineUcb policy = new OnlineUcb(engineered());
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
        SeededNoiseSource noise = new SeededNoiseSource(4);
        OnlineUcbState state = policy.start();
        double[] gram = Vectors.scaledIdentity(3, 1.0);
        double[] target = new double[3];
        for (int t = 0; t < 40; t++) {
            double[] theta = state.learnerPoint();
            OnlineUcbReport report = client.randomise(ARMS[t % 4], policy.ticket(state), t % 2, noise);
            double[] x = report.noisyFeatures();
            Vectors.addOuter(gram, x);
            double p = Vectors.dot(theta, x);
            for (int i = 0; i < 3; i++) {
                target[i] += p * x[i];
            }
            // Folded on the snapshot it was issued from, the server's gradient is the client's.
            GradientDescentState expected = new GradientDescent(1.0, policy.config().randomiser().gradientBound(),
                    policy.strongConvexity(0.0), 0.0).update(state.gradientDescent(), report.gradient());
            state = policy.fold(state, report);
            assertThat(state.gradientDescent().point()).containsExactly(expected.point(), within(1e-12));
        }
        assertThat(state.gram()).containsExactly(gram, within(1e-9));
        assertThat(state.target()).containsExactly(target, within(1e-9));
        assertIdentity(Vectors.multiplyMatrices(state.gram(), state.gramInverse()), 1e-9);
        assertThat(policy.center(state)).containsExactly(Vectors.multiply(state.gramInverse(), target), within(1e-9));
    }

    @Test
    void reportsFromAStaleSnapshotUseTheLearnersCurrentPoint() {
        OnlineUcb policy = new OnlineUcb(engineered());
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
        OnlineUcbState snapshot = play(policy, policy.start(), 10, 3);
        OnlineUcbTicket ticket = policy.ticket(snapshot);
        OnlineUcbReport first = client.randomise(ARMS[0], ticket, 1.0, new SeededNoiseSource(1));
        OnlineUcbReport second = client.randomise(ARMS[1], ticket, 0.0, new SeededNoiseSource(2));

        OnlineUcbState afterFirst = policy.fold(snapshot, first);
        OnlineUcbState afterBoth = policy.fold(afterFirst, second);

        double[] theta = afterFirst.learnerPoint(); // not the ticket's θ
        assertThat(theta).isNotEqualTo(ticket.theta());
        double[] x = second.noisyFeatures();
        double[] expectedTarget = afterFirst.target();
        double p = Vectors.dot(theta, x);
        for (int i = 0; i < 3; i++) {
            expectedTarget[i] += p * x[i];
        }
        assertThat(afterBoth.target()).containsExactly(expectedTarget, within(1e-12));
        double[] g = BiasCorrectedLoss.clippedGradient(x, second.noisyReward(), theta,
                Math.pow(policy.config().randomiser().featureSigma(), 2), policy.config().randomiser().gradientBound());
        GradientDescentState expected = new GradientDescent(1.0, policy.config().randomiser().gradientBound(),
                policy.strongConvexity(0.0), 0.0).update(afterFirst.gradientDescent(), g);
        assertThat(afterBoth.learnerPoint()).containsExactly(expected.point(), within(1e-12));
    }

    @Test
    void rejectsReportsThatDoNotBelongToTheBandit() {
        OnlineUcbConfig config = engineered();
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbState state = play(policy, policy.start(), 5, 6);
        OnlineUcbTicket ticket = policy.ticket(state);
        OnlineUcbParameters p = config.randomiser();

        OnlineUcbParameters otherEpsilon = OnlineUcbParameters.of(3, 2.0, 0.1, p.gradientBound());
        OnlineUcbReport wrongSigma = new OnlineUcbRandomiser(otherEpsilon, PrivacyFloor.NONE).randomise(ARMS[0], ticket, 1, new SeededNoiseSource(1));
        assertThatThrownBy(() -> policy.fold(state, wrongSigma)).isInstanceOf(IllegalArgumentException.class);

        OnlineUcbParameters separate = new OnlineUcbParameters(3, 1.0, 0.1, 1, 1, p.gradientBound(),
                ReleaseMode.PAPER_SEPARATE, CalibrationMethod.ANALYTIC);
        OnlineUcbReport wrongMode = new OnlineUcbRandomiser(separate, PrivacyFloor.NONE).randomise(ARMS[0], ticket, 1, new SeededNoiseSource(1));
        assertThatThrownBy(() -> policy.fold(state, wrongMode)).hasMessageContaining("PAPER_SEPARATE");

        OnlineUcbRandomiser client = new OnlineUcbRandomiser(p, PrivacyFloor.NONE);
        OnlineUcbTicket otherBase = new OnlineUcbTicket(2, ticket.round(), ticket.theta(), 0);
        assertThatThrownBy(() -> policy.fold(state, client.randomise(ARMS[0], otherBase, 1, new SeededNoiseSource(1))))
                .hasMessageContaining("base");
        OnlineUcbTicket future = new OnlineUcbTicket(0, state.round() + 1, ticket.theta(), 0);
        assertThatThrownBy(() -> policy.fold(state, client.randomise(ARMS[0], future, 1, new SeededNoiseSource(1))))
                .hasMessageContaining("after this snapshot");
        OnlineUcbTicket conditioned = new OnlineUcbTicket(0, ticket.round(), ticket.theta(), 0.3);
        assertThatThrownBy(() -> policy.fold(state, client.randomise(ARMS[0], conditioned, 1, new SeededNoiseSource(1))))
                .hasMessageContaining("conditioning");
    }

    @Test
    void decideMaximisesTheUpperConfidenceBoundAndBreaksTiesWithTheRng() {
        OnlineUcb policy = new OnlineUcb(engineered().withConfidence(OnlineUcbConfig.Confidence.fixed(2.0)));
        OnlineUcbState start = policy.start(); // θ̂ = 0, Ṽ = I: the score is 2‖x‖
        double[][] candidates = {{0.1, 0, 0}, {0, 0.9, 0}, {0.3, 0.3, 0}};
        Choice choice = policy.decide(start, candidates, new SplittableRandom(1));
        assertThat(choice.index()).isEqualTo(1);
        assertThat(choice.score()).isCloseTo(1.8, within(1e-12));
        assertThat(choice.propensity()).as("a unique argmax").isEqualTo(1.0);

        double[][] twins = {{0.5, 0, 0}, {0, 0.5, 0}, {0.1, 0, 0}};
        boolean[] seen = new boolean[3];
        for (int seed = 0; seed < 40; seed++) {
            Choice tied = policy.decide(start, twins, new SplittableRandom(seed));
            seen[tied.index()] = true;
            assertThat(tied.propensity()).as("one of two exact ties: the decision's propensity").isEqualTo(0.5);
        }
        assertThat(seen).containsExactly(true, true, false);

        OnlineUcbState state = play(policy, start, 30, 8);
        double[] centre = policy.center(state);
        double[] inverse = state.gramInverse();
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < ARMS.length; a++) {
            double s = Vectors.dot(ARMS[a], centre) + 2.0 * Math.sqrt(Vectors.quadratic(inverse, ARMS[a]));
            if (s > bestScore) {
                bestScore = s;
                best = a;
            }
        }
        assertThat(policy.decide(state, ARMS, new SplittableRandom(3)).index()).isEqualTo(best);
        assertThatThrownBy(() -> policy.decide(state, new double[][] {{Double.NaN, 0, 0}}, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.decide(state, new double[][] {{0, 0}}, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ticketCarriesTheLearnerPointTheConditioningAndTheRound() {
        OnlineUcbConfig paper = OnlineUcbConfig.paper(3, 1.0, 0.1, 10_000);
        OnlineUcb policy = new OnlineUcb(paper);
        OnlineUcbState state = play(policy, policy.start(), 7, 2);
        OnlineUcbTicket ticket = policy.ticket(state);
        assertThat(ticket.base()).isZero();
        assertThat(ticket.round()).isEqualTo(7);
        assertThat(ticket.theta()).containsExactly(state.learnerPoint());
        // λ_min = 0 ≤ λ̄ = T^{-1/4}: Δ² = λ̄ = 0.1.
        assertThat(ticket.conditioningStd()).isCloseTo(Math.sqrt(0.1), within(1e-12));
        assertThat(new OnlineUcb(engineered()).ticket(new OnlineUcb(engineered()).start()).conditioningStd()).isZero();
    }

    @Test
    void anytimeVariantRestartsOnDoublingPhasesAndSkipsReportsOfFinishedPhases() {
        OnlineUcbConfig config = engineered().withConditioning(0.0, null, 0.5);
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbState state = policy.start();
        assertThat(state.conditioningVariance()).isEqualTo(1.0); // λ̄_0 = 1
        OnlineUcbTicket oldTicket = policy.ticket(state);
        state = play(policy, state, 1, 1); // phase 0 has one round
        assertThat(state.phase()).isEqualTo(1);
        assertThat(state.phaseRound()).isZero();
        assertThat(state.conditioningVariance()).isCloseTo(Math.pow(2, -0.5), within(1e-15));
        assertThat(state.gram()).containsExactly(Vectors.scaledIdentity(3, 1.0));
        state = play(policy, state, 2 + 4, 2); // phases 1 and 2
        assertThat(state.phase()).isEqualTo(3);
        assertThat(state.phaseStart()).isEqualTo(7);
        assertThat(state.round()).isEqualTo(7);

        OnlineUcbReport late = new OnlineUcbRandomiser(config.randomiser(), PrivacyFloor.NONE)
                .randomise(ARMS[0], oldTicket, 1, new SeededNoiseSource(3));
        OnlineUcbState after = policy.fold(state, late);
        assertThat(after.skipped()).isEqualTo(1);
        assertThat(after.round()).isEqualTo(state.round());
        assertThat(after.gram()).containsExactly(state.gram());
    }

    @Test
    void refactoringKeepsTheInverseAccurate() {
        OnlineUcbConfig base = engineered();
        OnlineUcbConfig config = new OnlineUcbConfig(base.randomiser(), base.horizon(), base.radius(),
                base.minEigenvalue(), base.threshold(), 0, base.learner(), 0, base.confidence(),
                base.failureProbability(), base.subgaussianScale(), 7);
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbState state = play(policy, policy.start(), 49, 4); // the 49th fold refactors
        assertIdentity(Vectors.multiplyMatrices(state.gram(), state.gramInverse()), 1e-12);
        state = play(policy, state, 3, 5);
        assertIdentity(Vectors.multiplyMatrices(state.gram(), state.gramInverse()), 1e-10);
    }

    @Test
    void paperAndEngineeredConfigurationsCarryTheirConstants() {
        OnlineUcbConfig paper = OnlineUcbConfig.paper(5, 1.0, 0.1, 20_000);
        assertThat(paper.randomiser().release()).isEqualTo(ReleaseMode.PAPER_SEPARATE);
        assertThat(paper.randomiser().calibration()).isEqualTo(CalibrationMethod.CLASSICAL);
        assertThat(paper.randomiser().featureSigma()).isCloseTo(4.495, within(1e-3)); // docs/papers.md §6 example
        assertThat(paper.learner()).isEqualTo(OnlineUcbConfig.Learner.MALER);
        assertThat(paper.conditioningVariance()).isCloseTo(Math.pow(20_000, -0.25), within(1e-15));
        // G of Cor. C.1 with √d is in the tens of thousands (docs/papers.md: 4.4e3 without √d and with Δ = 0).
        assertThat(paper.randomiser().gradientBound()).isBetween(1e4, 1e5);
        assertThat(OnlineUcbTheory.theoryGradientBound(1, 4.495, 4.495, 0, 1, 1, 20_000, 1.0 / 20_000, 1))
                .isBetween(2e3, 6e3);
        assertThat(OnlineUcbConfig.paper(5, 10.0, 0.1, 20_000).randomiser().calibration())
                .isEqualTo(CalibrationMethod.ANALYTIC);

        OnlineUcbConfig engineered = OnlineUcbConfig.engineered(5, 1.0, 0.1, 20_000);
        assertThat(engineered.randomiser().release()).isEqualTo(ReleaseMode.JOINT_VECTOR);
        assertThat(engineered.randomiser().gradientBound()).isCloseTo(255, within(2.0));
        assertThat(engineered.learner()).isEqualTo(OnlineUcbConfig.Learner.OGD);
        assertThat(engineered.conditioningVariance()).isZero();
        OnlineUcb policy = new OnlineUcb(engineered);
        double theory = new OnlineUcb(engineered.withConfidence(OnlineUcbConfig.Confidence.theory()))
                .confidenceRadius(policy.start());
        assertThat(policy.confidenceRadius(policy.start()))
                .isCloseTo(OnlineUcbConfig.ENGINEERED_CONFIDENCE_SCALE * theory, within(1e-9 * theory));
    }

    @Test
    void theoryRadiusGrowsWithTheRoundAndUsesTheTrivialDistanceBoundWhenLarger() {
        double previous = 0;
        for (long n = 1; n <= 100_000; n *= 10) {
            double beta = OnlineUcbTheory.radius(n, 100_000, 300, 1, 0.3, 0, 3, 1, 0.05, 1);
            assertThat(beta).isGreaterThan(previous).isFinite();
            previous = beta;
        }
        assertThat(OnlineUcbTheory.distanceBound(10, 300, 1, 0.3, 0.05)).isEqualTo(40.0);
        assertThat(OnlineUcbTheory.distanceBound(10, 300, 1, 0.0, 0.05)).isEqualTo(40.0);
        assertThat(OnlineUcbTheory.regretBound(10, 10_000, 2, 1, 0.0, 0.05))
                .isCloseTo((2 * Math.log(3) + 1.5) * 2 * 100, within(1e-9));
        assertThat(OnlineUcbTheory.lambda(1)).isCloseTo(2 * Math.log(Math.sqrt(3) * 3) + 1, within(1e-12));
    }

    private static void assertIdentity(double[] m, double tolerance) {
        int d = (int) Math.round(Math.sqrt(m.length));
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                assertThat(m[i * d + j]).isCloseTo(i == j ? 1.0 : 0.0, within(tolerance));
            }
        }
    }
}
