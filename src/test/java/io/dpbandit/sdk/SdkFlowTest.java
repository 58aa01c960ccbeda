package io.dpbandit.sdk;

import io.dpbandit.sdk.gpucb.GpUcbOptions;

import io.dpbandit.sdk.usca.UscaForecast;

import io.dpbandit.sdk.gpucb.GpUcbForecast;

import io.dpbandit.sdk.onlineucb.OnlineUcbForecast;

import io.dpbandit.sdk.linucb.LinearForecast;

import io.dpbandit.sdk.capri.CapriForecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.lifecycle.Step;
import io.dpbandit.sdk.error.BudgetExhaustedException;
import io.dpbandit.sdk.error.NotReadyException;
import io.dpbandit.sdk.local.CapriLocalInput;
import io.dpbandit.sdk.local.DeviceRandomiser;
import io.dpbandit.sdk.local.GpUcbInput;
import io.dpbandit.sdk.local.OnlineUcbInput;
import io.dpbandit.testing.FeedbackWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The SDK drives every algorithm against the running service, the way an integrator would: plan,
 * create, decide, feedback (JDP) or a device's report (LDP: CAPRI, ONLINEUCB, GPUCB), then the
 * release, the ledger and the epochs. The test moves the feedback windows to now and settles the
 * lifecycle instead of waiting (FeedbackWindows, LifecycleWorker.settle).
 */
class SdkFlowTest extends PostgresIntegrationTest {

    @LocalServerPort
    int port;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    DpbanditClient dpbandit;

    /**
     * The device's own floor: what these specs ask for, (1, 1e-5) per report, and no more. One object
     * plays every user's device here, so its count of reports per bandit is set to cover all of a
     * test's rounds (a real device's k bounds one user).
     */
    final DeviceRandomiser device = new DeviceRandomiser(DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 64),
            ReportLedger.inMemory(), new SeededNoiseSource(17));

    @BeforeEach
    void client() {
        dpbandit = DpbanditClient.builder("http://localhost:" + port, TestApiKey.ALL_ROLES)
                .retryPolicy(new RetryPolicy(3, Duration.ofMillis(20), Duration.ofMillis(100), Duration.ofSeconds(5)))
                .build();
    }

    static BanditSpec capri(String id, Algorithm algorithm, BanditSpec.Privacy privacy) {
        return BanditSpec.builder(id, algorithm).privacy(privacy).horizon(100).rewardBound(1.0)
                .kernel(KernelSpec.rbf(0.3)).regularization(1.0).contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3).action("a3", 0.5, 0.5)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).poolContext(0.5, 0.5)
                .feedback(600, 0.0).build();
    }

    static BanditSpec linear(String id, Algorithm algorithm, BanditSpec.Privacy privacy, int horizon) {
        return BanditSpec.builder(id, algorithm).privacy(privacy).horizon(horizon).rewardBound(1.0)
                .contextDimension(2).action("a1", 1.0, 0.0).action("a2", 0.0, 1.0).action("a3", 0.6, 0.8)
                .feedback(600, 0.0).build();
    }

    static BanditSpec gp(String id, BanditSpec.Privacy privacy, int horizon) {
        return BanditSpec.builder(id, Algorithm.GPUCB).privacy(privacy).horizon(horizon)
                .kernel(KernelSpec.rbf(0.5)).contextDimension(1)
                .action("low", 0.2).action("mid", 0.5).action("high", 0.8)
                .options(GpUcbOptions.nodesPerDimension(4)).feedback(600, 0.0).build();
    }

    static final double[][] CONTEXTS = {{0.2, 0.4}, {0.8, 0.1}, {0.5, 0.5}};

    /** Closes what is due: every window passes now, and the lifecycle settles. */
    Step settle(String bandit) {
        FeedbackWindows.pass(jdbc, bandit);
        return lifecycle.settle(bandit);
    }

    @Test
    void capriWithJointDpLearnsAnEpochAndReleasesIt() {
        BanditSpec spec = capri("sdk-capri", Algorithm.CAPRI, BanditSpec.Privacy.jdp(1.0, 1e-5));
        PlanReport plan = dpbandit.plan(spec);
        assertThat(plan.algorithm()).isEqualTo("CAPRI");
        assertThat(plan.forecast(CapriForecast.class).epochs()).isNotEmpty();
        assertThat(plan.notes().get(0)).startsWith("Chosen under the LEARN profile");

        BanditStatus created = dpbandit.createBandit(spec);
        assertThat(created.algorithm()).isEqualTo(Algorithm.CAPRI);
        // The spec leaves the decisions to the LEARN profile: the answer says what was chosen and why,
        // and the plan's horizon is the learning rounds of the 100 decisions.
        assertThat(created.profile()).isEqualTo(Profile.LEARN);
        DefaultChoice share = created.choices().stream().filter(c -> c.field().equals("tuning.exploitShare"))
                .findFirst().orElseThrow();
        assertThat(share.reason()).isNotBlank();
        assertThat(plan.forecast(CapriForecast.class).horizon())
                .isEqualTo((int) Math.floor((1 - Double.parseDouble(share.value())) * 100));
        assertThat(created.serving()).isEqualTo(Serving.ACTIVE);
        assertThat(dpbandit.createBandit(spec).id()).as("the same spec again is a safe retry").isEqualTo("sdk-capri");
        assertThatThrownBy(() -> dpbandit.release("sdk-capri", 0.5, 0.5)).isInstanceOf(NotReadyException.class);

        int length = created.epochLength();
        for (int t = 0; t < length; t++) {
            Decision d = dpbandit.decide("sdk-capri", CONTEXTS[t % 3]);
            assertThat(d.learning()).isTrue();
            assertThat(d.local()).isEmpty();
            assertThat(dpbandit.feedback(d.decisionId(), 0.8).status()).isEqualTo(FeedbackStatus.ACCEPTED);
            assertThat(dpbandit.feedback(d.decisionId(), 0.8).status()).as("a retry").isEqualTo(FeedbackStatus.DUPLICATE);
        }
        assertThat(settle("sdk-capri")).isEqualTo(Step.CLOSED);

        Release release = dpbandit.release("sdk-capri");
        assertThat(release.algorithm()).isEqualTo(Algorithm.CAPRI);
        assertThat(release.epoch()).isEqualTo(1);
        assertThat(release.privacyModel()).contains(PrivacyModel.JDP);
        assertThat(release.model().path("coefficients").size()).isPositive();
        assertThat(release.budget().epsilonSpent()).isPositive().isLessThanOrEqualTo(1.0);
        assertThat(release.provenance().service()).isNotBlank();
        ContextRelease best = dpbandit.release("sdk-capri", 0.5, 0.5);
        assertThat(best.action()).isIn("a1", "a2", "a3");
        assertThat(best.charged()).isFalse();

        List<LedgerEntry> ledger = dpbandit.ledger("sdk-capri").all();
        assertThat(ledger).hasSize(1);
        assertThat(ledger.get(0).epoch()).isEqualTo(1);
        assertThat(ledger.get(0).createdAt()).isNotNull();
        List<EpochSummary> epochs = dpbandit.epochs("sdk-capri", 1).all();
        assertThat(epochs).extracting(EpochSummary::number).containsExactly(1, 2);
        assertThat(epochs.get(0).status()).isEqualTo(EpochStatus.CLOSED);
        assertThat(dpbandit.bandit("sdk-capri").epoch()).isEqualTo(2);
        assertThat(dpbandit.forecast("sdk-capri").status()).isIn("COMPUTING", "READY");
    }

    @Test
    void capriWithLocalDpTakesTheDevicesReportsAndReleasesOnThem() {
        BanditSpec spec = capri("sdk-capri-ldp", Algorithm.CAPRI, BanditSpec.Privacy.ldp(1.0, 1e-5));
        assertThat(dpbandit.plan(spec).forecast(CapriForecast.class).privacyModel()).isEqualTo("LDP");
        int length = dpbandit.createBandit(spec).epochLength();
        List<Decision> decisions = new ArrayList<>();
        for (int t = 0; t < length; t++) {
            decisions.add(dpbandit.decide("sdk-capri-ldp", CONTEXTS[t % 3]));
        }
        Decision first = decisions.get(0);
        assertThat(first.randomiser()).isInstanceOfSatisfying(CapriLocalInput.class, in -> {
            assertThat(in.epoch()).isEqualTo(1);
            assertThat(in.plan()).isEqualTo("/bandits/sdk-capri-ldp/epochs/1/randomiser");
        });
        CapriLocalInput input = (CapriLocalInput) first.randomiser();
        assertThatThrownBy(() -> input.fetchPlan(dpbandit)).as("asked again while the epoch is planned")
                .isInstanceOf(NotReadyException.class);

        lifecycle.settle("sdk-capri-ldp"); // plans epoch 1
        CapriRandomiserPlan plan = input.fetchPlan(dpbandit);
        assertThat(plan.epoch()).isEqualTo(1);
        assertThat(dpbandit.fetch("bandits/sdk-capri-ldp/epochs/1/randomiser", CapriRandomiserPlan.class)).isSameAs(plan).as("cached: a plan never changes");
        for (int t = 0; t < length; t++) {
            Decision d = decisions.get(t);
            assertThat(dpbandit.report(d, CONTEXTS[t % 3], 0.7, device).status()).isEqualTo(FeedbackStatus.ACCEPTED);
        }
        assertThat(dpbandit.report(first, CONTEXTS[0], 0.7, device).status()).as("a retry")
                .isEqualTo(FeedbackStatus.DUPLICATE);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'sdk-capri-ldp' "
                + "AND (context IS NOT NULL OR reward IS NOT NULL)", Long.class))
                .as("the service holds no context and no reward").isZero();

        assertThat(settle("sdk-capri-ldp")).isEqualTo(Step.CLOSED);
        Release release = dpbandit.release("sdk-capri-ldp");
        assertThat(release.epoch()).isEqualTo(1);
        assertThat(release.privacyModel()).contains(PrivacyModel.LDP);
        assertThat(dpbandit.release("sdk-capri-ldp", 0.2, 0.4).action()).isIn("a1", "a2", "a3");
        assertThat(dpbandit.ledger("sdk-capri-ldp").items()).hasSize(1);
    }

    @Test
    void uscaLearnsThenReleasesPerContextUntilItsBudgetIsSpent() {
        BanditSpec spec = BanditSpec.builder("sdk-usca", Algorithm.USCA).privacy(BanditSpec.Privacy.pure(0.5, 1.0))
                .horizon(6).kernel(KernelSpec.rbf(0.3)).contextDimension(2).action("x", 0.1).action("y", 0.9)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1)
                .tuning(BanditSpec.Tuning.defaults().withApproximationSize(20)).build();
        PlanReport plan = dpbandit.plan(spec, 0.2, 1);
        assertThat(plan.forecast(UscaForecast.class).horizon()).isEqualTo(6);
        assertThat(plan.gap()).isEqualTo(0.2);
        dpbandit.createBandit(spec);
        for (int t = 0; t < 6; t++) {
            Decision d = dpbandit.decide("sdk-usca", 0.2, 0.4);
            assertThat(dpbandit.feedback(d.decisionId(), 0.6).status()).isEqualTo(FeedbackStatus.ACCEPTED);
        }
        assertThat(settle("sdk-usca")).isEqualTo(Step.CLOSED);
        assertThat(dpbandit.bandit("sdk-usca").phase()).isEqualTo(Phase.RELEASE);

        ContextRelease first = dpbandit.release("sdk-usca", 0.2, 0.4);
        assertThat(first.charged()).isTrue();
        assertThat(first.epsilon()).isEqualTo(0.5);
        ContextRelease again = dpbandit.release("sdk-usca", 0.2, 0.4);
        assertThat(again.charged()).as("the same context is free").isFalse();
        assertThat(again.action()).isEqualTo(first.action());
        assertThat(dpbandit.release("sdk-usca", 0.8, 0.1).charged()).isTrue();
        assertThatThrownBy(() -> dpbandit.release("sdk-usca", 0.5, 0.5))
                .isInstanceOfSatisfying(BudgetExhaustedException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.requestId()).isNotBlank();
                });
        assertThat(dpbandit.release("sdk-usca").json().path("releases")).hasSize(2);
        assertThat(dpbandit.ledger("sdk-usca", 1).all()).hasSize(2);
    }

    @Test
    void linUcbServesDecisionSetsAndFoldsTheFeedback() {
        BanditSpec spec = linear("sdk-lin", Algorithm.LINUCB, BanditSpec.Privacy.jdp(1.0, 1e-5), 20);
        assertThat(dpbandit.plan(spec).forecast(LinearForecast.class).horizon()).isEqualTo(20);
        dpbandit.createBandit(spec);
        assertThatThrownBy(() -> dpbandit.release("sdk-lin", 0.3, 0.7)).isInstanceOf(NotReadyException.class);
        for (int t = 0; t < 20; t++) {
            Decision d = dpbandit.decide(DecideRequest.of("sdk-lin", 0.3, 0.7).withCandidates(List.of("a2", "a3")));
            assertThat(d.action()).isIn("a2", "a3");
            assertThat(dpbandit.feedback(d.decisionId(), 0.9).status()).isEqualTo(FeedbackStatus.ACCEPTED);
        }
        Decision past = dpbandit.decide("sdk-lin", 0.3, 0.7);
        assertThat(past.learning()).as("past the horizon").isFalse();
        assertThat(dpbandit.feedback(past.decisionId(), 0.9).status()).isEqualTo(FeedbackStatus.NOT_USED);
        settle("sdk-lin");
        Release release = dpbandit.release("sdk-lin");
        assertThat(release.algorithm()).isEqualTo(Algorithm.LINUCB);
        assertThat(release.model()).isNotNull();
        assertThat(dpbandit.release("sdk-lin", 0.3, 0.7).action()).isIn("a1", "a2", "a3");
        assertThat(dpbandit.ledger("sdk-lin").items()).as("charged once, at creation").hasSize(1);
    }

    @Test
    void onlineUcbTakesTheDevicesReports() {
        BanditSpec spec = linear("sdk-online", Algorithm.ONLINEUCB, BanditSpec.Privacy.ldp(1.0, 1e-5), 12);
        assertThat(dpbandit.plan(spec).forecast(OnlineUcbForecast.class).horizon()).isEqualTo(12);
        dpbandit.createBandit(spec);
        assertThatThrownBy(() -> dpbandit.release("sdk-online", 0.5, 0.5)).isInstanceOf(NotReadyException.class);
        for (int t = 0; t < 10; t++) {
            Decision d = dpbandit.decide("sdk-online", 0.5, 0.5);
            assertThat(d.randomiser()).isInstanceOf(OnlineUcbInput.class);
            assertThat(dpbandit.report(d, new double[] {0.5, 0.5}, 0.4, device).status())
                    .isEqualTo(FeedbackStatus.ACCEPTED);
            assertThat(dpbandit.report(d, new double[] {0.5, 0.5}, 0.4, device).status()).as("a retry")
                    .isEqualTo(FeedbackStatus.DUPLICATE);
        }
        settle("sdk-online");
        Release release = dpbandit.release("sdk-online");
        assertThat(release.model().path("rounds").asLong()).isEqualTo(10);
        assertThat(release.privacyModel()).contains(PrivacyModel.LDP);
        assertThat(dpbandit.release("sdk-online", 0.5, 0.5).action()).isIn("a1", "a2", "a3");
    }

    @Test
    void gpUcbWithJointDpFoldsTheFeedback() {
        BanditSpec spec = gp("sdk-gp", BanditSpec.Privacy.jdp(1.0, 1e-5), 10);
        assertThat(dpbandit.plan(spec).forecast(GpUcbForecast.class).featureDimension()).isEqualTo(32);
        dpbandit.createBandit(spec);
        for (int t = 0; t < 10; t++) {
            Decision d = dpbandit.decide("sdk-gp", t % 2 == 0 ? 0.3 : 0.7);
            assertThat(d.local()).isEmpty();
            assertThat(dpbandit.feedback(d.decisionId(), 0.6).status()).isEqualTo(FeedbackStatus.ACCEPTED);
        }
        settle("sdk-gp");
        Release release = dpbandit.release("sdk-gp");
        assertThat(release.model().path("observations").asLong()).isEqualTo(10);
        assertThat(dpbandit.release("sdk-gp", 0.5).action()).isIn("low", "mid", "high");
    }

    @Test
    void gpUcbWithLocalDpTakesTheDevicesReports() {
        BanditSpec spec = gp("sdk-gp-ldp", BanditSpec.Privacy.ldp(1.0, 1e-5), 8);
        assertThat(dpbandit.plan(spec).forecast(GpUcbForecast.class).privacyModel()).isEqualTo("LDP");
        dpbandit.createBandit(spec);
        for (int t = 0; t < 8; t++) {
            Decision d = dpbandit.decide("sdk-gp-ldp", 0.4);
            assertThat(d.randomiser()).isInstanceOfSatisfying(GpUcbInput.class,
                    in -> assertThat(in.features()).hasSize(32));
            assertThat(dpbandit.report(d, new double[] {0.4}, 1.0, device).status()).isEqualTo(FeedbackStatus.ACCEPTED);
        }
        settle("sdk-gp-ldp");
        Release release = dpbandit.release("sdk-gp-ldp");
        assertThat(release.model().path("rounds").asLong()).isEqualTo(8);
        assertThat(release.privacyModel()).contains(PrivacyModel.LDP);
        assertThat(dpbandit.release("sdk-gp-ldp", 0.4).action()).isIn("low", "mid", "high");
    }

    @Test
    void aRolloutServesOnItsCoinReleasesItsEvaluationAndIsPromotedOnAnAdminsWord() {
        BanditSpec spec = BanditSpec.builder("sdk-rollout", Algorithm.LINUCB).privacy(BanditSpec.Privacy.jdp(4.0, 1e-5))
                .horizon(200).contextDimension(2).action("a1").action("a2").action("a3").feedback(600, 0.0)
                .options(new RolloutOptions(0.5, "MANUAL", null, 4, 10, null, List.of(0.0, 1.0), null)).build();
        BanditStatus created = dpbandit.createBandit(spec);
        assertThat(created.rollout().state()).isEqualTo("TRIAL");
        int bandit = 0;
        for (int t = 0; t < 20; t++) {
            Decision d = dpbandit.decide(DecideRequest.of("sdk-rollout", 0.3, 0.7).withBaseline("a1"));
            assertThat(d.servedBy()).isIn("BANDIT", "BASELINE");
            bandit += d.servedBy().equals("BANDIT") ? 1 : 0;
            assertThat(dpbandit.feedback(d.decisionId(), d.action().equals("a2") ? 1.0 : 0.0).status())
                    .isEqualTo(FeedbackStatus.ACCEPTED);
        }
        settle("sdk-rollout");
        Evaluation evaluation = dpbandit.evaluation("sdk-rollout");
        assertThat(evaluation.releases()).hasSize(2);
        Evaluation.EvaluationRelease last = evaluation.releases().get(1);
        assertThat(last.rounds().bandit()).isEqualTo(bandit);
        assertThat(last.rounds().baseline()).isEqualTo(20 - bandit);
        assertThat(evaluation.schedule().window()).isEqualTo(10);
        assertThat(dpbandit.promote("sdk-rollout").state()).isEqualTo("PROMOTED");
        assertThat(dpbandit.decide(DecideRequest.of("sdk-rollout", 0.3, 0.7).withBaseline("a1")).servedBy())
                .isEqualTo("BANDIT");
        assertThat(dpbandit.rollback("sdk-rollout").share()).isZero();
        assertThat(dpbandit.bandit("sdk-rollout").rollout().history()).extracting(Evaluation.Event::cause)
                .containsExactly("CREATED", "ADMIN", "ADMIN");
    }
}
