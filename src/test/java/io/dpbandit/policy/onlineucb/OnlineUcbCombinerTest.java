package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.onlineucb.ReleaseMode;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The λ_min combiner (OnlineUCB paper, Algorithm 2). */
class OnlineUcbCombinerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[][] ARMS = {{0.6, 0.0, 0.8}, {0.0, 1.0, 0.0}, {-0.5, 0.5, 0.5}};
    private static final int HORIZON = 20_000;

    private static PrivateBanditsCombiner combiner() {
        return new PrivateBanditsCombiner(CombinerConfig.of(OnlineUcbConfig.engineered(3, 1.0, 0.1, HORIZON)));
    }

    private static CombinerState play(PrivateBanditsCombiner combiner, CombinerState state, int rounds, long seed) {
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(combiner.config().base().randomiser(), PrivacyFloor.NONE);
        SeededNoiseSource noise = new SeededNoiseSource(seed);
        SplittableRandom rng = new SplittableRandom(seed);
        for (int t = 0; t < rounds; t++) {
            int a = combiner.decide(state, ARMS, rng).index();
            OnlineUcbTicket ticket = combiner.ticket(state);
            state = combiner.fold(state, List.of(client.randomise(ARMS[a], ticket, rng.nextDouble(), noise)), noise);
        }
        return state;
    }

    /** A report for base {@code base} carrying the given noisy reward (provenance as the client's). */
    private static OnlineUcbReport report(PrivateBanditsCombiner combiner, CombinerState state, int base, double reward) {
        OnlineUcbParameters p = combiner.config().base().randomiser();
        OnlineUcbTicket ticket = combiner.bases().get(base - 1).ticket(state.bases().get(base - 1));
        return new OnlineUcbReport(base, ticket.round(), new double[] {0.1, 0.2, 0.3}, reward, new double[3],
                p.privacyCost().epsilon(), p.privacyCost().delta(), p.featureSigma(), p.rewardSigma(),
                ticket.conditioningStd(), p.release(), p.calibration());
    }

    @Test
    void baseLearnersFollowAlgorithmTwo() {
        PrivateBanditsCombiner combiner = combiner();
        assertThat(combiner.config().baseCount()).isEqualTo(3); // ⌈log₂(20000)/8⌉ + 1
        List<OnlineUcb> bases = combiner.bases();
        double root8 = Math.pow(HORIZON, 0.125);
        OnlineUcbConfig first = bases.get(0).config();
        assertThat(first.anytimePower()).isEqualTo(0.125);
        assertThat(first.minEigenvalue()).isCloseTo(1 / root8, within(1e-15));
        OnlineUcbConfig third = bases.get(2).config();
        assertThat(third.minEigenvalue()).isCloseTo(4 / root8, within(1e-15));
        assertThat(third.effectiveThreshold()).isCloseTo(1 / root8, within(1e-15));
        assertThat(third.conditioningVariance()).isZero();
        CombinerState start = combiner.start();
        assertThat(start.bases().get(0).conditioningVariance()).isEqualTo(1.0); // Algorithm 9, phase 0
        for (double r : combiner.penalties()) {
            assertThat(r).isPositive().isFinite();
        }
        assertThat(new CombinerConfig(OnlineUcbConfig.engineered(3, 1, 0.1, 1 << 24), 1, 1, 1).baseCount()).isEqualTo(4);
    }

    @Test
    void untriedBasesServeFirstAndOnlyTheServingBaseFolds() {
        PrivateBanditsCombiner combiner = combiner();
        CombinerState state = combiner.start();
        assertThat(combiner.selectedBase(state)).isEqualTo(1);
        assertThat(combiner.ticket(state).base()).isEqualTo(1);
        CombinerState afterOne = play(combiner, state, 1, 1);
        assertThat(afterOne.counts()).containsExactly(1, 0, 0);
        assertThat(afterOne.bases().get(1)).isEqualTo(state.bases().get(1));
        assertThat(afterOne.bases().get(2)).isEqualTo(state.bases().get(2));
        assertThat(combiner.selectedBase(afterOne)).isEqualTo(2);
        CombinerState afterThree = play(combiner, afterOne, 2, 2);
        assertThat(afterThree.counts()).containsExactly(1, 1, 1);
        assertThat(afterThree.round()).isEqualTo(3);

        CombinerState later = play(combiner, afterThree, 300, 3);
        long total = 0;
        for (long c : later.counts()) {
            total += c;
        }
        assertThat(total).isEqualTo(303);
        for (int i = 0; i < 3; i++) {
            assertThat(later.bases().get(i).round() + later.bases().get(i).skipped())
                    .isEqualTo(later.counts()[i]);
        }
    }

    @Test
    void aBaseWhoseRewardsFallFarBelowItsMeanIsDroppedButNeverTheLastOne() {
        PrivateBanditsCombiner combiner = combiner();
        CombinerState state = combiner.start();
        state = combiner.fold(state, report(combiner, state, 3, 1e6));
        for (int t = 0; t < 20 && state.active()[2]; t++) {
            state = combiner.fold(state, report(combiner, state, 3, -1e6));
        }
        assertThat(state.active()).containsExactly(true, true, false);
        assertThat(combiner.selectedBase(state)).isNotEqualTo(3);

        CombinerState last = new CombinerState(state.bases(), state.counts(), state.rewardSums(), state.statistics(),
                new boolean[] {false, false, true}, state.round());
        CombinerState after = combiner.fold(last, report(combiner, last, 3, -1e7));
        assertThat(after.active()).containsExactly(false, false, true);
        OnlineUcbReport unknownBase = new OnlineUcbReport(4, 0, new double[3], 0, new double[3], 1, 0.1, 1, 1, 0,
                ReleaseMode.JOINT_VECTOR, CalibrationMethod.ANALYTIC);
        assertThatThrownBy(() -> combiner.fold(last, unknownBase))
                .hasMessageContaining("base 4");
    }

    @Test
    void foldLeavesTheGivenStateUnchangedAndTheStateRoundTripsThroughJson() throws Exception {
        PrivateBanditsCombiner combiner = combiner();
        CombinerState state = play(combiner, combiner.start(), 40, 4);
        String before = JSON.writeValueAsString(state);
        play(combiner, state, 10, 5);
        assertThat(JSON.writeValueAsString(state)).isEqualTo(before);

        CombinerState back = JSON.readValue(before, CombinerState.class);
        assertThat(back).isEqualTo(state);
        assertThat(combiner.ticket(back)).isEqualTo(combiner.ticket(state));
        String config = JSON.writeValueAsString(combiner.config());
        assertThat(JSON.readValue(config, CombinerConfig.class)).isEqualTo(combiner.config());
    }
}
