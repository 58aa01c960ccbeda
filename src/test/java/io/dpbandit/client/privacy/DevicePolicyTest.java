package io.dpbandit.client.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The device's policy: its floor and its own k, and the total guarantee it states for a user's k
 * reports to one bandit, checked against Gaussian-DP composition computed here independently: the
 * closed form δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2) of μ-GDP (Dong, Roth &amp; Su 2019,
 * Cor. 2.13) at μ = √k·μ₁ (their Cor. 3.3), with Φ by numerical integration of the normal density
 * (not the library's erfc).
 */
class DevicePolicyTest {

    /** Φ(x) by Simpson's rule on the density over [x − 40, x] (upper half by symmetry). */
    static double phi(double x) {
        if (x > 0) {
            return 1.0 - phi(-x);
        }
        int n = 400_000;
        double h = 40.0 / n;
        double sum = 0;
        for (int i = 0; i <= n; i++) {
            double t = x - i * h;
            double w = i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2);
            sum += w * Math.exp(-0.5 * t * t);
        }
        return sum * h / 3 / Math.sqrt(2 * Math.PI);
    }

    /** μ-GDP's exact δ at ε. */
    static double gdpDelta(double mu, double epsilon) {
        return phi(-epsilon / mu + mu / 2) - Math.exp(epsilon) * phi(-epsilon / mu - mu / 2);
    }

    @Test
    void theDefaultIsOneReportPerBanditAndAFloorIsWrittenAsBefore() {
        PrivacyFloor floor = PrivacyFloor.of(1.0, 1e-5);
        DevicePolicy policy = DevicePolicy.of(floor);
        assertThat(policy.floor()).isEqualTo(floor);
        assertThat(policy.maxReportsPerBandit()).isEqualTo(DevicePolicy.DEFAULT_MAX_REPORTS_PER_BANDIT).isEqualTo(1);
        assertThat(policy.withMaxReportsPerBandit(8)).isEqualTo(DevicePolicy.of(floor, 8));
        assertThat(DevicePolicy.NONE.unbounded()).isTrue();
        assertThat(DevicePolicy.NONE.floor()).isEqualTo(PrivacyFloor.NONE);
        assertThat(DevicePolicy.of(PrivacyFloor.NONE)).as("the simulation's floor counts nothing")
                .isEqualTo(DevicePolicy.NONE);
    }

    @Test
    void onlyTheSimulationsFloorMayGoUncounted() {
        assertThatThrownBy(() -> DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), DevicePolicy.UNBOUNDED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("counts its reports");
        assertThatThrownBy(() -> DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DevicePolicy.of(null, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DevicePolicy.NONE.totalGuarantee(1e-5)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bounds nothing");
        assertThatThrownBy(() -> DevicePolicy.of(PrivacyFloor.NONE, 4).totalMu())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theFloorsMuIsTheGaussianOneThatIsExactlyTheFloor() {
        DevicePolicy one = DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5));
        double mu1 = one.totalMu();
        assertThat(gdpDelta(mu1, 1.0)).as("δ_μ₁(ε_f) = δ_f").isCloseTo(1e-5, within(1e-5 * 1e-7));
        assertThat(gdpDelta(mu1 * (1 + 1e-6), 1.0)).as("and no larger μ is").isGreaterThan(1e-5);
        assertThat(one.totalGuarantee(1e-5).epsilon()).as("k = 1: the floor itself").isCloseTo(1.0, within(1e-9));
    }

    @Test
    void theTotalGuaranteeIsTheGaussianDpCompositionOfKReportsWithinTheFloor() {
        double[][] floors = {{1.0, 1e-5}, {0.5, 1e-6}, {2.0, 1e-8}};
        int[] ks = {2, 5, 16, 100};
        for (double[] f : floors) {
            double mu1 = DevicePolicy.of(PrivacyFloor.of(f[0], f[1])).totalMu();
            for (int k : ks) {
                DevicePolicy policy = DevicePolicy.of(PrivacyFloor.of(f[0], f[1]), k);
                double mu = Math.sqrt(k) * mu1;
                assertThat(policy.totalMu()).isCloseTo(mu, within(mu * 1e-14));
                for (double delta : new double[] {1e-5, 1e-7}) {
                    double epsilon = policy.totalGuarantee(delta).epsilon();
                    String at = "floor " + f[0] + ", " + f[1] + ", k " + k + ", delta " + delta;
                    assertThat(policy.totalGuarantee(delta).delta()).isEqualTo(delta);
                    assertThat(gdpDelta(mu, epsilon)).as("δ_μ(ε) ≤ δ at the stated ε, " + at)
                            .isLessThanOrEqualTo(delta * (1 + 1e-7));
                    assertThat(gdpDelta(mu, epsilon * (1 - 1e-6))).as("and it is tight, " + at)
                            .isGreaterThan(delta);
                }
                // At δ = kδ_f the exact composition never needs more than basic composition's kε_f.
                assertThat(policy.totalGuarantee(k * f[1]).epsilon()).as("k " + k)
                        .isLessThan(policy.basicTotal().epsilon());
            }
        }
    }

    @Test
    void theFigureDocsSdkMdQuotesForFourReportsAtTheFloorOneAndOneInAHundredThousand() {
        DevicePolicy policy = DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 4);
        assertThat(policy.totalGuarantee(1e-5).epsilon()).isCloseTo(2.15, within(0.005));
    }

    @Test
    void basicCompositionIsKTimesTheFloor() {
        PrivacyCost basic = DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 4).basicTotal();
        assertThat(basic.epsilon()).isEqualTo(4.0);
        assertThat(basic.delta()).isCloseTo(4e-5, within(1e-20));
    }

    @Test
    void aFloorWithDeltaZeroAdmitsNoGaussianReport() {
        DevicePolicy pure = DevicePolicy.of(PrivacyFloor.of(1.0, 0.0), 4);
        assertThat(pure.totalMu()).isZero();
        assertThat(pure.totalGuarantee(1e-6).epsilon()).isZero();
    }
}
