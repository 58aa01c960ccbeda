package io.dpbandit.sdk;

import io.dpbandit.sdk.capri.CapriForecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.lifecycle.Step;
import io.dpbandit.sdk.error.DpbanditTransportException;
import io.dpbandit.sdk.error.NotReadyException;
import io.dpbandit.sdk.error.PausedException;
import io.dpbandit.sdk.error.RetiredException;
import io.dpbandit.sdk.local.CapriLocalInput;
import io.dpbandit.sdk.local.DeviceRandomiser;
import io.dpbandit.sdk.local.LocalReport;
import io.dpbandit.testing.FeedbackWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The code docs/sdk.md shows, run against the service: each region between {@code // tag::name[]}
 * and {@code // end::name[]} is a snippet of the guide, which {@link SdkGuideDocsTest} requires to
 * be there exactly. A snippet's variables that the guide does not define ({@code baseUrl},
 * {@code apiKey}, {@code context}, {@code reward}, the app's storage {@code appFiles}) and {@link #play} stand
 * for the product's own.
 */
class SdkGuideTest extends PostgresIntegrationTest {

    static final double[][] CONTEXTS = {{0.2, 0.4}, {0.8, 0.1}, {0.5, 0.5}};

    @LocalServerPort
    int port;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    final List<String> played = new ArrayList<>();

    /** The product shows the action to its user. */
    void play(String action) {
        played.add(action);
    }

    long rewarded(String bandit) {
        return jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND reward IS NOT NULL",
                Long.class, bandit);
    }

    Step settle(String bandit) {
        FeedbackWindows.pass(jdbc, bandit);
        return lifecycle.settle(bandit);
    }

    @Test
    void createDecideFeedbackAndRelease() {
        String baseUrl = "http://localhost:" + port;
        String apiKey = TestApiKey.ALL_ROLES;
        // tag::client[]
        DpbanditClient dpbandit = DpbanditClient.builder(baseUrl, apiKey)
                .connectTimeout(Duration.ofSeconds(2))   // to open a connection
                .requestTimeout(Duration.ofSeconds(5))   // per attempt: decide, feedback, release, reads
                .planTimeout(Duration.ofSeconds(60))     // per attempt: createBandit and plan
                .retryPolicy(RetryPolicy.DEFAULT)        // 4 attempts, 200 ms doubling, Retry-After <= 30 s
                .build();
        // end::client[]

        // tag::create[]
        BanditSpec spec = BanditSpec.builder("storefront", Algorithm.CAPRI)
                .privacy(BanditSpec.Privacy.jdp(1.0, 1e-5))   // joint DP, (epsilon, delta) = (1, 1e-5)
                .horizon(100).rewardBound(1.0)
                .kernel(KernelSpec.rbf(0.3)).regularization(1.0)
                .contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3).action("a3", 0.5, 0.5)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).poolContext(0.5, 0.5)
                .feedback(600, 0.0)                           // wait 600 s for a reward, else count 0
                .build();
        PlanReport plan = dpbandit.plan(spec);                 // what it will achieve, from public inputs only
        BanditStatus storefront = dpbandit.createBandit(spec); // the same spec again answers the stored bandit
        // end::create[]
        assertThat(plan.forecast(CapriForecast.class).epochs()).isNotEmpty();
        assertThat(storefront.serving()).isEqualTo(Serving.ACTIVE);
        assertThat(dpbandit.createBandit(spec).id()).isEqualTo("storefront");

        double[] context = CONTEXTS[0];
        double reward = 1.0;
        // tag::decide[]
        Decision decision = dpbandit.decide("storefront", context);
        play(decision.action());
        // ... when the user's reward is known (within the spec's feedback wait):
        FeedbackResult result = dpbandit.feedback(decision.decisionId(), reward);
        // result.status(): ACCEPTED, LATE, NOT_USED, or DUPLICATE (it had arrived: a retry's answer)
        // end::decide[]
        assertThat(played).containsExactly(decision.action());
        assertThat(result.status()).isEqualTo(FeedbackStatus.ACCEPTED);
        assertThat(rewarded("storefront")).isEqualTo(1);

        // tag::request-id[]
        DecideRequest request = DecideRequest.of("storefront", 0.8, 0.1).withRequestId("order-4711");
        Decision first = dpbandit.decide(request);
        Decision again = dpbandit.decide(request);   // e.g. after the caller itself restarted
        // again.decisionId() equals first.decisionId(): one decision is stored
        // end::request-id[]
        assertThat(again.decisionId()).isEqualTo(first.decisionId());
        assertThat(again.action()).isEqualTo(first.action());
        dpbandit.feedback(first.decisionId(), 0.5);

        assertThat(dpbandit.release("storefront").epoch()).as("nothing released yet").isZero();
        assertThatThrownBy(() -> dpbandit.release("storefront", 0.5, 0.5)).isInstanceOf(NotReadyException.class);

        for (int t = 2; t < storefront.epochLength(); t++) {
            Decision d = dpbandit.decide("storefront", CONTEXTS[t % 3]);
            dpbandit.feedback(d.decisionId(), 0.8);
        }
        assertThat(settle("storefront")).isEqualTo(Step.CLOSED);

        // tag::release[]
        Release release = dpbandit.release("storefront");               // the latest private release
        double spent = release.budget().epsilonSpent();                 // of release.budget().epsilonTotal()
        ContextRelease best = dpbandit.release("storefront", 0.5, 0.5); // its best action for a context
        List<LedgerEntry> ledger = dpbandit.ledger("storefront").all(); // every charge, page after page
        // end::release[]
        assertThat(release.epoch()).isEqualTo(1);
        assertThat(spent).isPositive().isLessThanOrEqualTo(1.0);
        assertThat(best.action()).isIn("a1", "a2", "a3");
        assertThat(ledger).hasSize(1);

        dpbandit.pause("storefront");
        // tag::errors[]
        String action;
        try {
            action = dpbandit.decide("storefront", context).action();
        } catch (PausedException | RetiredException notServing) {
            action = "a3";   // the product's default while the bandit does not serve
        } catch (DpbanditTransportException noAnswer) {
            action = "a3";   // no answer after every attempt (DpbanditTimeoutException: none in time)
        }
        play(action);
        // end::errors[]
        assertThat(played).last().isEqualTo("a3");
        dpbandit.resume("storefront");
        assertThat(dpbandit.decide("storefront", context).action()).isIn("a1", "a2", "a3");
    }

    @Test
    void aLocallyPrivateRoundIsRandomisedOnTheDevice(@TempDir Path devices) throws Exception {
        DpbanditClient dpbandit = DpbanditClient.builder("http://localhost:" + port, TestApiKey.ALL_ROLES).build();
        BanditSpec spec = BanditSpec.builder("storefront-ldp", Algorithm.CAPRI).privacy(BanditSpec.Privacy.ldp(1.0, 1e-5))
                .horizon(100).rewardBound(1.0).kernel(KernelSpec.rbf(0.3)).regularization(1.0).contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3).action("a3", 0.5, 0.5)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).poolContext(0.5, 0.5).feedback(600, 0.0).build();
        int length = dpbandit.createBandit(spec).epochLength();
        lifecycle.settle("storefront-ldp"); // plans epoch 1 (the background worker does this in a running service)

        for (int t = 0; t < length; t++) {
            double[] context = CONTEXTS[t % 3];
            double reward = t % 2 == 0 ? 0.9 : 0.3;
            Path appFiles = Files.createDirectories(devices.resolve("user-" + t)); // each round another user's device
            // tag::device[]
            // On the device, once: its own policy, never the server's: at most (1, 1e-5) per report and
            // at most 4 reports per bandit, counted in a file that outlives the app's process.
            DevicePolicy policy = DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 4);
            ReportLedger ledger = ReportLedger.file(appFiles.resolve("dpbandit-reports"));
            DeviceRandomiser device = DeviceRandomiser.of(policy, ledger);
            ObjectMapper deviceJson = new ObjectMapper();
            // end::device[]
            // tag::ldp[]
            // Backend: decide, then hand the randomiser's public inputs and the epoch's plan to the device.
            ObjectMapper json = dpbandit.json();
            Decision decision = dpbandit.decide("storefront-ldp", context);
            CapriLocalInput inputs = (CapriLocalInput) decision.randomiser();   // present when learning
            String toDevice = json.writeValueAsString(Map.of("action", decision.action(), "inputs", inputs,
                    "plan", inputs.fetchPlan(dpbandit)));                       // the plan is cached per epoch

            // Device: play the action; randomise its own context and reward; only the report leaves it.
            JsonNode message = deviceJson.readTree(toDevice);
            play(message.get("action").asText());
            CapriReport report = device.randomise("storefront-ldp",   // the bandit as this app names it
                    deviceJson.treeToValue(message.get("inputs"), CapriLocalInput.class),
                    deviceJson.treeToValue(message.get("plan"), CapriRandomiserPlan.class),
                    context, reward);
            String toBackend = deviceJson.writeValueAsString(report);

            // Backend: send the report as the decision's feedback.
            FeedbackResult result = dpbandit.report(decision.decisionId(), LocalReport.of(json.readValue(toBackend, CapriReport.class)));
            // end::ldp[]
            assertThat(result.status()).isEqualTo(FeedbackStatus.ACCEPTED);
            assertThat(ReportLedger.file(appFiles.resolve("dpbandit-reports")).count("storefront-ldp"))
                    .as("counted on the device's disk").isEqualTo(1);
        }
        assertThat(played).hasSize(length);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'storefront-ldp' "
                + "AND (context IS NOT NULL OR reward IS NOT NULL)", Long.class))
                .as("the service holds no context and no reward").isZero();
        assertThat(settle("storefront-ldp")).isEqualTo(Step.CLOSED);
        Release release = dpbandit.release("storefront-ldp");
        assertThat(release.epoch()).isEqualTo(1);
        assertThat(release.privacyModel()).contains(PrivacyModel.LDP);
    }

    @Test
    void aDeviceSendsNoMoreThanItsOwnKReportsToABandit(@TempDir Path appFiles) {
        DpbanditClient dpbandit = DpbanditClient.builder("http://localhost:" + port, TestApiKey.ALL_ROLES).build();
        dpbandit.createBandit(BanditSpec.builder("feed-ldp", Algorithm.ONLINEUCB)
                .privacy(BanditSpec.Privacy.ldp(1.0, 1e-5)).horizon(20).rewardBound(1.0).contextDimension(2)
                .action("a1", 1.0, 0.0).action("a2", 0.0, 1.0).action("a3", 0.6, 0.8).feedback(600, 0.0).build());
        double[] context = {0.5, 0.5};
        double reward = 0.4;
        int learning = 0;
        for (int visit = 0; visit < 6; visit++) { // one user returning, and the app restarted before each visit
            DeviceRandomiser device = DeviceRandomiser.of(DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 4),
                    ReportLedger.file(appFiles.resolve("dpbandit-reports")));
            // tag::ldp-one-call[]
            Decision decision = dpbandit.decide("feed-ldp", context);
            play(decision.action());
            if (decision.learning()) {
                try {
                    dpbandit.report(decision, context, reward, device);   // counts, randomises, then sends
                } catch (DevicePolicy.ReportLimitException enough) {
                    // This device has sent its 4 reports to feed-ldp: nothing was randomised or sent.
                }
            }
            // end::ldp-one-call[]
            learning += decision.learning() ? 1 : 0;
        }
        assertThat(learning).as("the server made every visit a learning round").isEqualTo(6);
        assertThat(ReportLedger.file(appFiles.resolve("dpbandit-reports")).count("feed-ldp")).isEqualTo(4);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'feed-ldp' AND feedback = "
                + "'ACCEPTED'", Long.class)).as("the device's k = 4 reports reached the server, no more").isEqualTo(4);
    }
}
