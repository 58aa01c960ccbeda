package io.dpbandit.client.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.ReleaseMode;
import org.junit.jupiter.api.Test;

/**
 * Under LDP the server is not trusted, so a device never takes its guarantee from the server: each
 * randomiser takes the device's own floor and refuses parameters weaker than it, from the caller's
 * side (a compromised server announcing ε = 10⁶).
 */
class PrivacyFloorTest {

    static final PrivacyFloor DEVICE = PrivacyFloor.of(2.0, 1e-5);

    static CapriRandomiserPlan capriPlan(double epsilon, double delta) {
        return new CapriRandomiserPlan("b", 3, KernelSpec.rbf(0.5), new double[][] {{0.1, 0.2}, {0.7, 0.3}},
                new double[] {1, 0, 0, 1}, 1.0, 1.0, epsilon, delta, 1e-9);
    }

    static OnlineUcbParameters online(double epsilon, double delta, ReleaseMode mode) {
        return new OnlineUcbParameters(2, epsilon, delta, 1, 1, 100, mode, CalibrationMethod.ANALYTIC);
    }

    @Test
    void aCapriPlanAboveTheDevicesFloorIsRefusedBeforeAnythingIsRandomised() {
        assertThat(new CapriRandomiser(capriPlan(2.0, 1e-5), DEVICE).sigma()).isPositive();
        assertThatThrownBy(() -> new CapriRandomiser(capriPlan(1e6, 1e-5), DEVICE))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class)
                .hasMessageContaining("epoch 3's randomiser plan").hasMessageContaining("1000000.0")
                .hasMessageContaining("at most epsilon 2.0");
        assertThatThrownBy(() -> new CapriRandomiser(capriPlan(1.0, 0.5), DEVICE))
                .as("delta above the floor").isInstanceOf(PrivacyFloor.PrivacyFloorException.class);
        assertThatThrownBy(() -> new CapriRandomiser(capriPlan(1.0, 1e-5), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("floor is required");
    }

    @Test
    void onlineUcbParametersAreCheckedAtTheGuaranteeOfTheWholeReport() {
        assertThat(new OnlineUcbRandomiser(online(2.0, 1e-5, ReleaseMode.JOINT_VECTOR), DEVICE).privacyCost()
                .epsilon()).isEqualTo(2.0);
        // Two separate releases at (ε, δ) each make a (2ε, 2δ) report: 2 × 1.5 is above a floor of 2.
        assertThatThrownBy(() -> new OnlineUcbRandomiser(online(1.5, 1e-6, ReleaseMode.PAPER_SEPARATE), DEVICE))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class);
        assertThatThrownBy(() -> new OnlineUcbRandomiser(online(1e6, 1e-5, ReleaseMode.JOINT_VECTOR), DEVICE))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class).hasMessageContaining("OnlineUCB");
    }

    @Test
    void gpUcbParametersAboveTheFloorAreRefused() {
        assertThat(new GpUcbRandomiser(GpUcbParameters.of(4, 1.0, 1e-6, 1.0), DEVICE).privacyCost().epsilon())
                .isEqualTo(1.0);
        assertThatThrownBy(() -> new GpUcbRandomiser(GpUcbParameters.of(4, 1e6, 1e-6, 1.0), DEVICE))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class).hasMessageContaining("GP-UCB");
    }

    @Test
    void aFloorIsAPositiveEpsilonAndADeltaBelowOne() {
        assertThatThrownBy(() -> PrivacyFloor.of(0, 1e-5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PrivacyFloor.of(Double.NaN, 1e-5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PrivacyFloor.of(1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DEVICE.require(Double.NaN, 0, "a NaN epsilon"))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class);
    }
}
