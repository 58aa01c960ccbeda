package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * A device's report is checked against the server's own parameters, never against what the report
 * declares: every stored field is either equal to the bandit's (ε, δ, σ_x, σ_y, release, calibration)
 * or within what the randomiser can produce (the gradient's clipping bound, the noisy values' sizes).
 */
class ReportChecksTest {

    final OnlineUcb policy = new OnlineUcb(OnlineUcbConfig.engineered(3, 1.0, 0.1, 2000));
    final OnlineUcbState state = policy.start();

    OnlineUcbReport genuine(long seed) {
        return new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE).randomise(new double[] {0.6, 0.8, 0},
                policy.ticket(state), 0.7, new SeededNoiseSource(seed));
    }

    static OnlineUcbReport with(OnlineUcbReport r, double[] features, double reward, double[] gradient,
            double rewardSigma) {
        return new OnlineUcbReport(r.base(), r.round(), features, reward, gradient, r.epsilon(), r.delta(),
                r.featureSigma(), rewardSigma, r.conditioningStd(), r.release(), r.calibration());
    }

    @Test
    void genuineReportsPass() {
        for (long seed = 0; seed < 200; seed++) {
            OnlineUcbReport r = genuine(seed);
            assertThatCode(() -> policy.check(state, r)).doesNotThrowAnyException();
        }
    }

    @Test
    void aDeclaredRewardSigmaOtherThanTheBanditsIsRefused() {
        OnlineUcbReport r = genuine(1);
        assertThatThrownBy(() -> policy.check(state, with(r, r.noisyFeatures(), r.noisyReward(), r.gradient(),
                r.rewardSigma() * 1e6))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reward sigma");
    }

    @Test
    void aGradientBeyondTheClippingBoundIsRefused() {
        OnlineUcbReport r = genuine(2);
        double g = policy.config().randomiser().gradientBound();
        assertThatThrownBy(() -> policy.check(state, with(r, r.noisyFeatures(), r.noisyReward(),
                new double[] {10 * g, 0, 0}, r.rewardSigma()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gradient");
    }

    @Test
    void noisyValuesNoRandomiserCanProduceAreRefused() {
        OnlineUcbReport r = genuine(3);
        assertThatThrownBy(() -> policy.check(state, with(r, new double[] {1e9, 0, 0}, r.noisyReward(),
                r.gradient(), r.rewardSigma()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("noisy features");
        assertThatThrownBy(() -> policy.check(state, with(r, r.noisyFeatures(), 1e9, r.gradient(),
                r.rewardSigma()))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("noisy reward");
    }
}
