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
        // What the service stored for this request before profiles existed: today's normalisation
        // without LEARN's choices, and no profile.
        ObjectMapper json = new ObjectMapper();
        String then = json.writeValueAsString(SpecValidation.normaliseAsBeforeProfiles(Specs.spec(request),
                SpecLimits.defaults(), List.of()));
        assertThat(json.readTree(then).path("privacy").path("composition").asText()).isEqualTo("SEQUENTIAL");
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
        assertThat(status.path("choices")).isEmpty();
    }
}
