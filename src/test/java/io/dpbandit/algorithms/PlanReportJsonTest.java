package io.dpbandit.algorithms;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.policy.planning.Forecast;
import io.dpbandit.policy.planning.PlanReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plan report keeps the wire shape it had when it held one nullable field per algorithm: every
 * registered forecaster's key, in registry order between {@code gap} and {@code notes}, null but for
 * the report's own.
 */
class PlanReportJsonTest {

    record Fake(long horizon) implements Forecast {
        @Override
        public String key() {
            return "usca";
        }

        @Override
        public String table() {
            return "";
        }
    }

    @Test
    void writesEveryRegisteredKeyNullButTheReportsOwn() throws Exception {
        ObjectMapper json = new ObjectMapper().registerModule(new PlanReportJson());
        JsonNode node = json.readTree(json.writeValueAsString(
                new PlanReport("USCA", 0.5, new Fake(7), List.of("a note"))));
        List<String> fields = new ArrayList<>();
        node.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("algorithm", "gap", "capri", "usca", "linear", "onlineucb", "gpucb",
                "notes");
        assertThat(node.path("usca").path("horizon").asLong()).isEqualTo(7);
        assertThat(node.path("usca").has("key")).isFalse();
        assertThat(node.path("capri").isNull()).isTrue();
        assertThat(node.path("gpucb").isNull()).isTrue();
        assertThat(node.path("notes").get(0).asText()).isEqualTo("a note");
    }
}
