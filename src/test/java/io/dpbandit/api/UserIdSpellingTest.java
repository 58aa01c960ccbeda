package io.dpbandit.api;

import static io.dpbandit.api.UserLevelPrivacyTest.privacy;
import static io.dpbandit.api.UserLevelPrivacyTest.userSpec;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.ApiClient;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Who a user is, as a product backend spells it (privacy.unit USER): spellings of one id that are
 * the same text in Unicode (canonically equivalent: Unicode Standard Annex #15) are one user with
 * one set of k learning rounds; ids that differ in case or white space are different users, as
 * docs/algorithms.md says; an id that is not Unicode text is refused.
 */
class UserIdSpellingTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;

    boolean learning(String bandit, String user) {
        ResponseEntity<JsonNode> d = http.postForEntity("/decide", Map.of("bandit", bandit, "context",
                List.of(0.2, 0.4), "user", user), JsonNode.class);
        assertThat(d.getStatusCode()).as("%s", d.getBody()).isEqualTo(HttpStatus.OK);
        return d.getBody().path("learning").asBoolean();
    }

    void create(String bandit, int k) {
        var created = http.postForEntity("/bandits", userSpec(bandit, 1000, privacy("unit", "USER",
                "maxRoundsPerUser", k)), JsonNode.class);
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
    }

    @Test
    void canonicallyEquivalentSpellingsOfOneIdAreOneUserWithKRounds() {
        create("spellings", 2);
        // "Nguyệt" four ways: the precomposed U+1EC7; e with dot below and circumflex, in either
        // order (canonical ordering makes them equal); ê with a dot below.
        String composed = "Nguy\u1ec7t";
        String decomposed = "Nguye\u0323\u0302t";
        String reordered = "Nguye\u0302\u0323t";
        String partly = "Nguy\u00ea\u0323t";
        assertThat(List.of(decomposed, reordered, partly)).allSatisfy(s -> assertThat(s).isNotEqualTo(composed));
        assertThat(learning("spellings", decomposed)).isTrue();
        assertThat(learning("spellings", reordered)).isTrue();
        assertThat(learning("spellings", composed)).as("the (k+1)-th learning decision, in a third spelling").isFalse();
        assertThat(learning("spellings", partly)).isFalse();
        // Hangul: a syllable block and its conjoining jamo.
        assertThat(learning("spellings", "\ud55c\uae00")).isTrue();
        assertThat(learning("spellings", "\u1112\u1161\u11ab\u1100\u1173\u11af")).isTrue();
        assertThat(learning("spellings", "\ud55c\u1100\u1173\u11af")).isFalse();
        assertThat(jdbc.queryForList("SELECT rounds FROM user_contribution WHERE bandit_id = 'spellings'",
                Integer.class)).as("one counter per person").containsExactly(2, 2);
    }

    @Test
    void caseAndWhiteSpaceMakeDifferentUsers() {
        create("casing", 1);
        for (String user : List.of("alice", "Alice", "Alice ", " Alice", "ALICE", "Alice\t")) {
            assertThat(learning("casing", user)).as("'%s' is a user of its own", user).isTrue();
        }
        assertThat(learning("casing", "Alice")).as("Alice's one round is taken").isFalse();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM user_contribution WHERE bandit_id = 'casing'",
                Long.class)).isEqualTo(6);
    }

    @Test
    void anIdThatIsNotUnicodeTextIsRefusedAndNothingStored() {
        create("surrogates", 1);
        HttpHeaders json = new HttpHeaders();
        json.setContentType(MediaType.APPLICATION_JSON);
        // A lone surrogate, as JSON's \\u escape can carry it: in UTF-8 it would become "?", another id.
        // Refused as the body is read, like every string the database cannot hold as sent.
        var lone = http.postForEntity("/decide", new HttpEntity<>("{\"bandit\": \"surrogates\", \"context\": [0.2, 0.4], "
                + "\"user\": \"a\\ud800\"}", json), JsonNode.class);
        ApiClient.assertProblem(lone, HttpStatus.BAD_REQUEST, "validation");
        assertThat(lone.getBody().path("detail").asText()).contains("user").contains("unpaired surrogate");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'surrogates'", Long.class))
                .isZero();
        assertThat(learning("surrogates", "a?")).as("\"a?\" is a user of its own").isTrue();
        // A pair escaped the same way is one character (U+1F600) and a user like any other.
        var pair = http.postForEntity("/decide", new HttpEntity<>("{\"bandit\": \"surrogates\", \"context\": [0.2, 0.4], "
                + "\"user\": \"a\\ud83d\\ude00\"}", json), JsonNode.class);
        assertThat(pair.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(learning("surrogates", "a\ud83d\ude00")).as("the same user, sent as UTF-8").isFalse();
    }

    @Test
    void aCounterKeptUnderADecomposedSpellingBeforeNormalisationStillCounts() throws Exception {
        // Before V15 the digest was of the id as sent: a product that always sent "Zoë" decomposed has
        // its users' rounds under that digest, which the upgrade must not forget.
        create("before-nfc", 2);
        String decomposed = "Zoe\u0308";
        jdbc.update("INSERT INTO user_contribution (bandit_id, user_digest, rounds) VALUES ('before-nfc', ?, 2)",
                digestAsSent(decomposed));
        assertThat(learning("before-nfc", decomposed)).as("its two rounds were taken before the upgrade").isFalse();
        assertThat(learning("before-nfc", "Zoe")).isTrue();
    }

    /** The digest of an id as versions before V15 made it: HMAC-SHA256 of "dpbandit-user:" and its UTF-8 bytes. */
    static String digestAsSent(String user) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        // The test profile's dpbandit.release.key-secret (application-test.yml).
        mac.init(new SecretKeySpec("test-only-context-digest-secret-not-for-production".getBytes(StandardCharsets.UTF_8),
                "HmacSHA256"));
        mac.update("dpbandit-user:".getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(mac.doFinal(user.getBytes(StandardCharsets.UTF_8)));
    }
}
