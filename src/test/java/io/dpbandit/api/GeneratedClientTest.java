package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.generated.ApiClient;
import io.dpbandit.generated.api.BanditsApi;
import io.dpbandit.generated.api.DecisionsApi;
import io.dpbandit.generated.api.ReleasesApi;
import io.dpbandit.generated.model.CapriModel;
import io.dpbandit.generated.model.DecideRequest;
import io.dpbandit.generated.model.Decision;
import io.dpbandit.generated.model.FeedbackRequest;
import io.dpbandit.generated.model.LatestCapriRelease;
import io.dpbandit.generated.model.LatestLinucbRelease;
import io.dpbandit.generated.model.LatestRelease;
import io.dpbandit.generated.model.PublicLinUcb;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A client generated from openapi.yaml (openapi-generator, Java native + Jackson, at
 * generate-test-sources) talks to the running service: it decides, sends feedback and reads
 * releases as typed models, so the document is one a generator can use and a release read through
 * it keeps its model (the coefficients of the dimensions the spec says).
 */
class GeneratedClientTest extends PostgresIntegrationTest {

    @LocalServerPort
    int port;
    @Autowired
    io.dpbandit.testing.ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    ApiClient client;

    @BeforeEach
    void connect() {
        client = new ApiClient();
        client.updateBaseUri("http://localhost:" + port);
        client.setRequestInterceptor(request -> request.header("X-API-Key", TestApiKey.ALL_ROLES));
        // The document's objects are closed, so the client may refuse a field it does not know; that is
        // also how the generated oneOf reader tells a model's variants apart (PublicLinUcb or
        // PublicEpochLinUcb), which share fields and have no discriminator.
        client.setObjectMapper(client.getObjectMapper().copy()
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
    }

    @Test
    void aLinUcbReleaseReadThroughTheGeneratedClientHasItsModel() throws Exception {
        api.ok("/bandits", Specs.linear("generated-linucb", "LINUCB", 12, 600));
        DecisionsApi decisions = new DecisionsApi(client);
        for (int t = 0; t < 12; t++) {
            Decision d = decisions.decide(new DecideRequest().bandit("generated-linucb").context(List.of(0.3, 0.7)));
            assertThat(d.getLearning()).isTrue();
            decisions.sendFeedback(new FeedbackRequest().decisionId(d.getDecisionId()).reward(t % 2 == 0 ? 0.9 : 0.1));
        }
        FeedbackWindows.pass(jdbc, "generated-linucb");
        lifecycle.settle("generated-linucb");

        LatestRelease latest = new ReleasesApi(client).latestRelease("generated-linucb");
        assertThat(latest.getActualInstance()).isInstanceOf(LatestLinucbRelease.class);
        LatestLinucbRelease release = latest.getLatestLinucbRelease();
        assertThat(release.getBandit()).isEqualTo("generated-linucb");
        assertThat(release.getContextDimension()).isEqualTo(2);
        assertThat(release.getBudget().getEpsilonTotal()).isEqualTo(1.0);
        assertThat(release.getProvenance().getService()).isEqualTo("dpbandit");
        assertThat(release.getModel().getActualInstance()).isInstanceOf(PublicLinUcb.class);
        PublicLinUcb model = release.getModel().getPublicLinUcb();
        // OUTER_PRODUCT of a 2-dimensional context and 2 action features: d = 4.
        assertThat(model.getTheta()).hasSize(4).allSatisfy(c -> assertThat(c).isFinite());
        assertThat(model.getCholeskyOfV()).isNotEmpty();
        assertThat(model.getObservations()).isEqualTo(12);
        assertThat(new BanditsApi(client).getBandit("generated-linucb").getModelRounds()).isEqualTo(12);
    }

    @Test
    void aCapriReleaseReadThroughTheGeneratedClientHasItsProjectedModel() throws Exception {
        api.ok("/bandits", Specs.capri("generated-capri", 100, 600));
        DecisionsApi decisions = new DecisionsApi(client);
        ReleasesApi releases = new ReleasesApi(client);
        LatestCapriRelease before = releases.latestRelease("generated-capri").getLatestCapriRelease();
        assertThat(before.getModel()).as("nothing released before the first epoch closes").isNull();
        int length = new BanditsApi(client).getBandit("generated-capri").getEpochLength();
        for (int t = 0; t < length; t++) {
            Decision d = decisions.decide(new DecideRequest().bandit("generated-capri")
                    .context(List.of(0.2 + 0.3 * (t % 3), 0.4)));
            decisions.sendFeedback(new FeedbackRequest().decisionId(d.getDecisionId()).reward(0.5));
        }
        FeedbackWindows.pass(jdbc, "generated-capri");
        lifecycle.settle("generated-capri");

        LatestCapriRelease release = releases.latestRelease("generated-capri").getLatestCapriRelease();
        assertThat(release.getEpoch()).isEqualTo(1);
        assertThat(release.getActions()).hasSize(3);
        CapriModel model = release.getModel();
        assertThat(model.getProjectionPoints()).isNotEmpty();
        assertThat(model.getCoefficients()).hasSameSizeAs(model.getProjectionPoints());
        // A projection point is w = context ++ action features: 2 + 2 numbers.
        assertThat(model.getProjectionPoints()).allSatisfy(w -> assertThat(w).hasSize(4));
        assertThat(model.getWidth()).isPositive();
        assertThat(Map.of("kernel", release.getKernel().getType().getValue())).containsEntry("kernel", "RBF");
    }
}
