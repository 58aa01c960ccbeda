package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dpbandit.problem.ProblemType;
import io.dpbandit.sdk.error.DpbanditProblemException;
import io.dpbandit.sdk.error.Problem;
import io.dpbandit.sdk.error.ProblemTypes;
import io.dpbandit.sdk.error.UnknownProblemException;
import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every problem type the service can answer with maps to an exception of its own, so a caller can
 * catch it by kind, and a type added to the service cannot be forgotten here: the kinds are read
 * from the service itself (its {@link ProblemType} enum, every {@code Problems.of(status, "kind", ...)}
 * in its sources) and from openapi.yaml's answers ("(type kind ...)").
 */
class ProblemTypesTest {

    /**
     * A literal kind as the second argument of Problems.of (or of(...) inside Problems itself). The one
     * computed kind, forStatus's catch-all "http-" + status, is not a type of its own: it is an
     * {@link UnknownProblemException} that carries the status (tested below).
     */
    static final Pattern OF_CALL = Pattern.compile(
            "\\bof\\(\\s*[^;\"()]*(?:\\([^()]*\\))?[^;\"()]*,\\s*\"([a-z](?:[a-z-]*[a-z])?)\"(?!\\s*\\+)");
    static final Pattern DOCUMENTED = Pattern.compile("(?:\\(|; )type ([a-z][a-z-]*)");

    static Set<String> kindsInSources() throws IOException {
        Set<String> kinds = new TreeSet<>();
        Path main = RepositoryPaths.root().resolve("src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.startsWith(main.resolve("io/dpbandit/sdk"))).toList()) {
                String text = Files.readString(f);
                boolean problems = f.getFileName().toString().equals("Problems.java");
                Matcher m = OF_CALL.matcher(text);
                while (m.find()) {
                    String before = text.substring(Math.max(0, m.start() - 9), m.start());
                    if (problems || before.endsWith("Problems.")) {
                        kinds.add(m.group(1));
                    }
                }
            }
        }
        return kinds;
    }

    static Set<String> kindsInApiDocument() throws IOException {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.root().resolve("openapi.yaml")
                .toFile());
        Set<String> kinds = new TreeSet<>();
        for (JsonNode description : doc.findValues("description")) {
            Matcher m = DOCUMENTED.matcher(description.asText());
            while (m.find()) {
                kinds.add(m.group(1));
            }
        }
        return kinds;
    }

    static Set<String> serviceKinds() throws IOException {
        Set<String> kinds = new TreeSet<>(kindsInSources());
        kinds.addAll(kindsInApiDocument());
        for (ProblemType t : ProblemType.values()) {
            kinds.add(t.kind());
        }
        return kinds;
    }

    static DpbanditProblemException exceptionFor(String kind) {
        return ProblemTypes.exception(new Problem(400, Problem.BASE + kind, "t", "d", null, List.of(), "r-1", null));
    }

    @Test
    void theScanFindsTheServicesProblemTypes() throws IOException {
        // Guards the scan itself: these are answered by the filters, the error handlers and the enum.
        assertThat(kindsInSources()).contains("validation", "unauthorized", "forbidden", "rate-limited", "busy",
                "unavailable", "internal", "payload-too-large", "method-not-allowed", "rejected-request",
                "incomplete-body", "body-timeout");
        assertThat(kindsInApiDocument()).contains("validation", "not-ready", "paused", "retired", "budget-exhausted",
                "rate-limited", "unavailable");
    }

    @Test
    void everyProblemTypeOfTheServiceHasItsOwnException() throws IOException {
        for (String kind : serviceKinds()) {
            DpbanditProblemException e = exceptionFor(kind);
            assertThat(e).as(kind).isNotInstanceOf(UnknownProblemException.class);
            assertThat(e.kind()).contains(kind);
            assertThat(e.getClass().getSimpleName()).as(kind).isNotEqualTo("DpbanditProblemException");
        }
        assertThat(new TreeSet<>(ProblemTypes.kinds())).as("the SDK knows no type the service does not answer")
                .isEqualTo(serviceKinds());
    }

    @Test
    void eachExceptionNamesItsKindAndNoTwoKindsShareAClass() throws Exception {
        Set<Class<?>> classes = new java.util.HashSet<>();
        for (String kind : ProblemTypes.kinds()) {
            Class<?> type = exceptionFor(kind).getClass();
            assertThat(type.getField("KIND").get(null)).isEqualTo(kind);
            assertThat(classes.add(type)).as(kind).isTrue();
        }
    }

    @Test
    void anUnknownTypeAStatusFallbackAndAForeignBodyAreUnknownProblems() {
        assertThat(exceptionFor("http-414")).isInstanceOf(UnknownProblemException.class);
        assertThat(exceptionFor("a-kind-from-a-newer-service")).isInstanceOf(UnknownProblemException.class);
        DpbanditProblemException proxy = ProblemTypes.exception(new Problem(502, null, "HTTP 502",
                "an answer that is not the service's problem+json: <html>", null, List.of(), "r-2", null));
        assertThat(proxy).isInstanceOf(UnknownProblemException.class);
        assertThat(proxy.status()).isEqualTo(502);
        assertThat(proxy.kind()).isEmpty();
        assertThat(ProblemTypes.exception(new Problem(400, "https://example.com/problems/validation", "t", "d", null,
                List.of(), null, null))).as("another service's type").isInstanceOf(UnknownProblemException.class);
    }

    @Test
    void aValidationProblemNamesItsFields() {
        DpbanditProblemException e = ProblemTypes.exception(new Problem(400, Problem.BASE + "validation",
                "Invalid request", "context: must have 2 numbers", null,
                List.of(new Problem.FieldError("context", "must have 2 numbers"),
                        new Problem.FieldError("user", "is required")), "req-9", null));
        assertThat(e).isInstanceOf(io.dpbandit.sdk.error.ValidationException.class);
        assertThat(e.field()).contains("context");
        assertThat(e.errors()).extracting(Problem.FieldError::field).containsExactly("context", "user");
        assertThat(e.requestId()).isEqualTo("req-9");
        assertThat(e.getMessage()).isEqualTo("400 validation: context: must have 2 numbers [request req-9]");
    }
}
