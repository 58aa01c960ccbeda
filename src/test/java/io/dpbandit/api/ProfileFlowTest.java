package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The profiles over HTTP, from the caller's side: a spec that leaves options out gets LEARN's choices,
 * listed with their reasons in the create answer and the status, and the same request again is a safe
 * retry; the internal LEGACY value is refused; and a bandit created before profiles (its stored spec
 * has none and the defaults of then) still answers its own request again with 200 after the upgrade,
 * where comparing against today's choices alone would answer 409.
 */
class ProfileFlowTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theCreateAnswerListsTheChoicesAndARetryIsTheSameBandit() {
        Map<String, Object> spec = new HashMap<>(Specs.capriLearn("learned", 400, 600));
        var created = api.post("/bandits", spec);
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().path("profile").asText()).isEqualTo("LEARN");
        List<String> fields = created.getBody().path("choices").findValuesAsText("field");
        assertThat(fields).contains("privacy.composition", "tuning.exploit", "tuning.exploitShare");
        created.getBody().path("choices").forEach(c -> assertThat(c.path("reason").asText()).isNotBlank());
        assertThat(api.post("/bandits", spec).getStatusCode()).as("a safe retry").isEqualTo(HttpStatus.OK);
        assertThat(api.ok("/bandits/learned").path("choices")).isEqualTo(created.getBody().path("choices"));
        assertThat(api.ok("/bandits/learned/privacy").path("choices")).isEqualTo(created.getBody().path("choices"));

        Map<String, Object> legacy = new HashMap<>(spec);
        legacy.put("id", "legacy-value");
        legacy.put("profile", "LEGACY");
        var refused = api.post("/bandits", legacy);
        assertProblem(refused, HttpStatus.BAD_REQUEST, "validation");
        assertThat(refused.getBody().path("errors").findValuesAsText("field")).containsExactly("profile");
    }

    @Test
    void aBanditCreatedBeforeProfilesAnswersItsOwnSpecAgain() throws Exception {
        Map<String, Object> request = new HashMap<>(Specs.capriLearn("before", 400, 600));
        assertThat(api.post("/bandits", request).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        // What the service stored for this request before profiles existed: written by the code at
        // commit 729a157 (SpecValidation.normalise of this request, as JSON), kept here as it was.
        String then = """
                {"id":"before","algorithm":"CAPRI","privacy":{"model":"JDP","epsilon":1.0,"delta":1.0E-5,\
                "totalEpsilon":null,"composition":"SEQUENTIAL","unit":"ROUND","maxRoundsPerUser":null,"budget":null,\
                "accountant":"EXACT"},"horizon":400,"rewardBound":1.0,"kernel":{"type":"RBF","lengthScale":0.3,\
                "degree":null,"offset":null,"normalisation":null,"maxSquaredNorm":null},"regularization":1.0,\
                "contextDimension":2,"actions":[{"id":"a1","features":[0.1,0.9]},{"id":"a2","features":[0.7,0.3]},\
                {"id":"a3","features":[0.5,0.5]}],"contextPool":[[0.2,0.4],[0.8,0.1],[0.5,0.5]],\
                "feedback":{"waitSeconds":600,"defaultReward":0.0},"tuning":{"mode":"ENGINEERED",\
                "confidenceScale":3.0E-4,"projectionCap":1000,"approximationSize":1000,"clippingQuantile":1.0,\
                "elimination":"WIDTH","statisticalWidth":"THEORY","projection":"RANDOM","tauRule":"FIXED",\
                "rewardOffset":0.0,"residualFloor":0.1,"leafRounds":null,"exploit":"NONE","exploitShare":0.0},\
                "linear":null,"gpucb":null}""";
        ObjectMapper json = new ObjectMapper();
        JsonNode legacy = json.valueToTree(SpecValidation.normaliseAsBeforeProfiles(Specs.spec(request),
                SpecLimits.defaults(), List.of()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) legacy).remove(List.of("profile", "choices"));
        assertThat(legacy).as("the LEGACY normalisation is the one of then").isEqualTo(json.readTree(then));
        jdbc.update("UPDATE bandit SET spec = ?::jsonb WHERE id = 'before'", then);

        assertThat(api.post("/bandits", request).getStatusCode()).as("the same request after the upgrade")
                .isEqualTo(HttpStatus.OK);
        Map<String, Object> other = new HashMap<>(request);
        other.put("horizon", 500);
        assertProblem(api.post("/bandits", other), HttpStatus.CONFLICT, "conflict");
        Map<String, Object> pinnedLearn = new HashMap<>(request);
        pinnedLearn.put("profile", "LEARN");
        assertProblem(api.post("/bandits", pinnedLearn), HttpStatus.CONFLICT, "conflict");
        JsonNode status = api.ok("/bandits/before");
        assertThat(status.path("profile").isNull()).as("created before profiles").isTrue();
        assertThat(status.has("choices")).isTrue();
        assertThat(status.path("choices").isArray()).isTrue();
        assertThat(status.path("choices")).as("nothing was chosen for it").isEmpty();
    }
}
