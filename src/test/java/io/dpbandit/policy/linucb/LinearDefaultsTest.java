package io.dpbandit.policy.linucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.policy.planning.RankingAccuracy;
import org.junit.jupiter.api.Test;

/**
 * LINUCB's learn-by-default prototype (issue 33): {@link LinearForecast#learnedShare} and the rule
 * {@link LinearDefaults#choose} that picks the EPOCHS release and its first epoch from public facts.
 */
class LinearDefaultsTest {

    @Test
    void rankingAccuracyIsOneWithoutErrorsAndNoneUnderOverwhelmingNoise() {
        assertThat(RankingAccuracy.share(0, 1, 10)).isEqualTo(1.0);
        assertThat(RankingAccuracy.share(1e-9, 1, 10)).isCloseTo(1.0, within(1e-9));
        assertThat(RankingAccuracy.share(1e6, 1, 10)).isCloseTo(0.0, within(1e-3));
        assertThat(RankingAccuracy.share(5, 1, 1)).isEqualTo(1.0);
        assertThat(RankingAccuracy.share(0.5, 1, 10)).isBetween(0.1, 0.9);
    }

    @Test
    void nothingIsLearnedBeforeTheFirstReleaseAndTheWholeHorizonAveragesTheTwoParts() {
        EpochLinUcb policy = new EpochLinUcb(2000, 3, 5, 4.0, 1e-5, 1, 1, 0.125);
        long t1 = policy.firstEpoch();
        assertThat(LinearForecast.learnedShare(policy, 1, 0, t1)).isZero();
        double after = LinearForecast.learnedShare(policy, 1, t1, 2000);
        assertThat(after).isGreaterThan(0.5);
        assertThat(LinearForecast.learnedShare(policy, 1, 0, 2000)).isCloseTo(after * (2000 - t1) / 2000, within(1e-12));
    }

    @Test
    void labelsGetEpochsAndActionsWithFeaturesOrTooLargeAModelTheTree() {
        LinearDefaults.Choice labels = LinearDefaults.choose(20000, 10, 7, true, 1, 1e-5, 1, 79);
        assertThat(labels.release()).isEqualTo(LinearDefaults.Release.EPOCHS);
        assertThat(labels.perAction()).isTrue();
        assertThat(LinearDefaults.FIRST_EPOCHS).contains(labels.firstEpoch());
        assertThat(labels.forecastShare()).isBetween(0.0, 1.0);
        assertThat(LinearDefaults.choose(20000, 3, 5, false, 1, 1e-5, 1, 1).release())
                .isEqualTo(LinearDefaults.Release.TREE);
        LinearDefaults.Choice large = LinearDefaults.choose(20000, 100, 5, true, 1, 1e-5, 1, 1);
        assertThat(large.release()).isEqualTo(LinearDefaults.Release.TREE);
        assertThat(large.reason()).contains("500 features");
    }

    /** A stronger privacy level or a shorter horizon pushes the first epoch up (more rows per release). */
    @Test
    void strongerPrivacyOrAShorterHorizonLengthensTheFirstEpoch() {
        double previous = Double.POSITIVE_INFINITY;
        for (double epsilon : new double[] {0.5, 1, 2, 4, 8}) {
            double f = LinearDefaults.choose(20000, 10, 7, true, epsilon, 1e-5, 1, 79).firstEpoch();
            assertThat(f).isLessThanOrEqualTo(previous);
            previous = f;
        }
        assertThat(LinearDefaults.choose(20000, 10, 7, true, 0.5, 1e-5, 1, 79).firstEpoch())
                .isGreaterThan(LinearDefaults.choose(20000, 10, 7, true, 8, 1e-5, 1, 79).firstEpoch());
        assertThat(LinearDefaults.choose(2000, 10, 7, true, 1, 1e-5, 1, 1).firstEpoch())
                .isGreaterThan(LinearDefaults.choose(200000, 10, 7, true, 1, 1e-5, 1, 1).firstEpoch());
    }
}
