package io.dpbandit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.DocumentedAnswers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * Base of full-context tests: the real service on a random port against a real PostgreSQL
 * (a temporary embedded cluster unless spring.datasource.url points at an external one).
 * Subclasses that keep the same configuration share one cached context and one database.
 * Metrics export stays on (Spring Boot turns it off in tests by default) so /actuator/prometheus
 * can be checked. {@link ApiClient} calls the API (specs: {@code io.dpbandit.testing.Specs}).
 * Every answer to a request that follows the API document must carry a status the document lists
 * for its operation ({@link DocumentedAnswers}); a test after which one did not fails. Tagged
 * {@code context} (inherited): these run in their own phase, and the fast suite leaves them out.
 */
@Tag("context")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@AutoConfigureObservability(tracing = false)
@Import({TestApiKey.class, ApiClient.class, DocumentedAnswers.class})
public abstract class PostgresIntegrationTest {

    @AfterEach
    void everyAnswerIsInTheApiDocument() {
        assertThat(DocumentedAnswers.drain()).as("answers that openapi.yaml does not list for their operation")
                .isEmpty();
    }
}
