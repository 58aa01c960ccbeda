package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;
import io.dpbandit.client.testing.CountingNoise;
import io.dpbandit.sdk.StubService.Answer;
import io.dpbandit.sdk.error.ValidationException;
import io.dpbandit.sdk.local.DeviceRandomiser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31, finding 1, through the SDK's {@code report(decision, context, reward, device)}: a
 * compromised service (the stub) makes every decision of one returning user a learning round and
 * even names another bandit in its answers. The device counts under the bandit the app asked for
 * and refuses its (k+1)-th report: no noise is drawn and nothing is sent.
 */
class SdkDeviceCountTest {

    static final int K = 3;
    static final RetryPolicy FAST = new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2),
            Duration.ofSeconds(1));
    static final String ACCEPTED = "{\"status\":\"ACCEPTED\",\"clipped\":false}";

    @TempDir
    Path appFiles;

    StubService stub;
    DpbanditClient dpbandit;
    CountingNoise noise;
    DeviceRandomiser device;

    @BeforeEach
    void start() throws Exception {
        stub = new StubService();
        List<Duration> waits = Collections.synchronizedList(new ArrayList<>());
        dpbandit = DpbanditClient.builder(stub.baseUri(), "key-1").retryPolicy(FAST).sleeper(waits::add).build();
        noise = new CountingNoise(31);
        device = new DeviceRandomiser(DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), K),
                ReportLedger.file(appFiles.resolve("dpbandit-reports")), noise);
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    /** A learning ONLINEUCB decision, each a new round, within the device's floor; it names a bandit too. */
    static String onlineDecision(int n) {
        return """
                {"decisionId": "5f1c8a7e-0000-4000-8000-%012d", "action": "a1", "propensity": 1.0, "epoch": 1,
                 "phase": "EXPLOIT", "learning": true, "bandit": "renamed-by-the-server",
                 "randomiser": {"features": [0.6, 0.8], "ticket": {"base": 0, "round": %d, "theta": [0.1, 0.2],
                   "conditioningStd": 0.0},
                   "parameters": {"dimension": 2, "epsilon": 1.0, "delta": 1e-5, "featureBound": 1.0,
                     "rewardBound": 1.0, "gradientBound": 4.0, "release": "JOINT_VECTOR",
                     "calibration": "ANALYTIC"}}}""".formatted(n, n);
    }

    long feedbackSent() {
        return stub.requests().stream().filter(r -> r.target().startsWith("/feedback")).count();
    }

    @Test
    void theDeviceRefusesItsKPlusFirstReportForABanditWhateverTheServerAnswers() {
        for (int n = 1; n <= K; n++) {
            stub.then(Answer.json(200, onlineDecision(n)), Answer.json(200, ACCEPTED));
            Decision decision = dpbandit.decide("feed", 0.5, 0.5);
            assertThat(decision.bandit()).as("the bandit asked for, not the one the answer names").isEqualTo("feed");
            assertThat(dpbandit.report(decision, new double[] {0.5, 0.5}, 0.4, device).status())
                    .isEqualTo(FeedbackStatus.ACCEPTED);
        }
        assertThat(feedbackSent()).isEqualTo(K);
        int drawn = noise.calls();

        stub.then(Answer.json(200, onlineDecision(K + 1)));
        Decision more = dpbandit.decide("feed", 0.5, 0.5);
        assertThat(more.learning()).isTrue();
        assertThatThrownBy(() -> dpbandit.report(more, new double[] {0.5, 0.5}, 0.4, device))
                .isInstanceOf(DevicePolicy.ReportLimitException.class).hasMessageContaining("\"feed\"")
                .hasMessageContaining("nothing was randomised or sent");
        assertThat(noise.calls()).as("no noise drawn for the refused report").isEqualTo(drawn);
        assertThat(feedbackSent()).as("nothing sent for it").isEqualTo(K);
        assertThat(device.reports("feed")).isEqualTo(K);
        assertThat(device.reports("renamed-by-the-server")).isZero();

        stub.then(Answer.json(200, onlineDecision(K + 2)), Answer.json(200, ACCEPTED));
        Decision other = dpbandit.decide("checkout", 0.5, 0.5);
        assertThat(dpbandit.report(other, new double[] {0.5, 0.5}, 0.4, device).status())
                .as("another bandit has its own count").isEqualTo(FeedbackStatus.ACCEPTED);
    }

    @Test
    void theCountOutlivesTheAppAndAFailedSendIsNotGivenBack() {
        stub.then(Answer.json(200, onlineDecision(1)), Answer.problem(400, "validation", "no"));
        Decision first = dpbandit.decide("feed", 0.5, 0.5);
        assertThatThrownBy(() -> dpbandit.report(first, new double[] {0.5, 0.5}, 0.4, device))
                .isInstanceOf(ValidationException.class);
        assertThat(device.reports("feed")).as("a report that may have left the device counts").isEqualTo(1);

        DeviceRandomiser restarted = new DeviceRandomiser(DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), K),
                ReportLedger.file(appFiles.resolve("dpbandit-reports")), new CountingNoise(32));
        for (int n = 2; n <= K; n++) {
            stub.then(Answer.json(200, onlineDecision(n)), Answer.json(200, ACCEPTED));
            dpbandit.report(dpbandit.decide("feed", 0.5, 0.5), new double[] {0.5, 0.5}, 0.4, restarted);
        }
        stub.then(Answer.json(200, onlineDecision(K + 1)));
        Decision more = dpbandit.decide("feed", 0.5, 0.5);
        assertThatThrownBy(() -> dpbandit.report(more, new double[] {0.5, 0.5}, 0.4, restarted))
                .isInstanceOf(DevicePolicy.ReportLimitException.class);
    }

    @Test
    void aCapriDeviceRefusesToo() throws Exception {
        ObjectMapper json = dpbandit.json();
        for (int epoch = 1; epoch <= K + 1; epoch++) {
            String plan = json.writeValueAsString(new CapriRandomiserPlan("some-other-bandit", epoch,
                    KernelSpec.rbf(0.5), new double[][] {{0.1, 0.2}, {0.7, 0.3}}, new double[] {1, 0, 0, 1}, 1.0, 1.0,
                    1.0, 1e-5, 1e-9));
            String decision = """
                    {"decisionId": "5f1c8a7e-0000-4000-8000-%012d", "action": "a1", "propensity": 0.5, "epoch": %d,
                     "phase": "EXPLORE", "learning": true,
                     "randomiser": {"epoch": %d, "plan": "/bandits/storefront/epochs/%d/randomiser",
                       "actionFeatures": [0.2]}}""".formatted(epoch, epoch, epoch, epoch);
            stub.then(Answer.json(200, decision), Answer.json(200, plan));
            if (epoch <= K) {
                stub.then(Answer.json(200, ACCEPTED));
            }
            Decision d = dpbandit.decide("storefront", 0.1);
            if (epoch <= K) {
                assertThat(dpbandit.report(d, new double[] {0.1}, 0.9, device).status())
                        .isEqualTo(FeedbackStatus.ACCEPTED);
            } else {
                int drawn = noise.calls();
                assertThatThrownBy(() -> dpbandit.report(d, new double[] {0.1}, 0.9, device))
                        .isInstanceOf(DevicePolicy.ReportLimitException.class).hasMessageContaining("CAPRI-LDP");
                assertThat(noise.calls()).isEqualTo(drawn);
            }
        }
        assertThat(feedbackSent()).isEqualTo(K);
    }

    @Test
    void aDecisionThatNamesNoBanditCannotBeReported() {
        Decision unnamed = new Decision(java.util.UUID.randomUUID(), "a1", 1.0, 1, Phase.EXPLOIT, true,
                new io.dpbandit.sdk.local.GpUcbInput(new double[] {0.6, 0.8},
                        io.dpbandit.client.gpucb.GpUcbParameters.of(2, 1.0, 1e-5, 1.0)));
        assertThatThrownBy(() -> dpbandit.report(unnamed, null, 1.0, device))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names no bandit");
        assertThat(stub.requests()).isEmpty();
    }
}
