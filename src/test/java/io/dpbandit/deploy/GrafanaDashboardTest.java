package io.dpbandit.deploy;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RepositoryPaths;
import io.dpbandit.testing.Specs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

/**
 * The Grafana dashboards the chart ships query what the service really exports: every metric
 * and every label their queries name appear in /actuator/prometheus of a running service that has
 * served decisions and feedback, closed an epoch, served a release and answered errors. A renamed
 * metric or label fails here, not silently on an empty panel. The public dashboard (dpbandit.json,
 * which may be shown to analysts) queries only the series BanditMetrics lists as data-independent,
 * so exact feedback counts, requests per endpoint, latencies and durations stay on the ops dashboard;
 * and every series of the service's own is classified as one or the other.
 */
class GrafanaDashboardTest extends PostgresIntegrationTest {

    static final Path DASHBOARD = RepositoryPaths.root().resolve("helm/dpbandit/dashboards/dpbandit.json");
    static final Path OPS_DASHBOARD = RepositoryPaths.root().resolve("helm/dpbandit/dashboards/dpbandit-ops.json");
    static final Pattern METRIC = Pattern.compile("\\b((?:dpbandit|http_server_requests)_[a-z_]+)\\b");
    static final Pattern GROUPING = Pattern.compile("\\bby\\s*\\(([^)]*)\\)");
    static final Pattern MATCHER = Pattern.compile("([a-z_]+)\\s*(?:=~|!~|!=|=)\\s*\"");
    static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? ");
    /** Only exported after a background step failed, which a healthy test run has none of. */
    static final Map<String, String> AFTER_A_FAILURE = Map.of("dpbandit_lifecycle_failures_total",
            "dpbandit.lifecycle.failures");

    @LocalServerPort
    int port;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    @Test
    void everyMetricAndLabelTheDashboardQueriesIsExportedByTheService() throws Exception {
        serveSomeTraffic();
        Map<String, Set<String>> exported = exported(http.getForObject("/actuator/prometheus", String.class));

        List<String> queries = new ArrayList<>(queries(DASHBOARD));
        queries.addAll(queries(OPS_DASHBOARD));
        assertThat(queries).hasSizeGreaterThan(15);

        String metricsSource = Files.readString(RepositoryPaths.root()
                .resolve("src/main/java/io/dpbandit/bandit/BanditMetrics.java"));
        Set<String> checked = new LinkedHashSet<>();
        for (String query : queries) {
            Set<String> metrics = new LinkedHashSet<>();
            Matcher m = METRIC.matcher(query);
            while (m.find()) {
                metrics.add(m.group(1));
            }
            assertThat(metrics).as("a metric in %s", query).isNotEmpty();
            Set<String> labels = new HashSet<>();
            for (String metric : metrics) {
                if (AFTER_A_FAILURE.containsKey(metric)) {
                    assertThat(metricsSource).as("BanditMetrics registers %s", metric)
                            .contains("\"" + AFTER_A_FAILURE.get(metric) + "\"").contains(".tag(\"kind\"");
                    labels.addAll(Set.of("bandit", "kind"));
                    continue;
                }
                assertThat(exported).as("the service exports %s (queried by %s)", metric, query).containsKey(metric);
                labels.addAll(exported.get(metric));
                checked.add(metric);
            }
            Set<String> used = new HashSet<>();
            for (Matcher g = GROUPING.matcher(query); g.find(); ) {
                for (String label : g.group(1).split(",")) {
                    used.add(label.strip());
                }
            }
            for (Matcher l = MATCHER.matcher(query); l.find(); ) {
                used.add(l.group(1));
            }
            Matcher values = Pattern.compile("label_values\\(\\s*\\w+\\s*,\\s*(\\w+)\\s*\\)").matcher(query);
            if (values.find()) {
                used.add(values.group(1));
            }
            assertThat(labels).as("labels of %s, which %s uses", metrics, query).containsAll(used);
        }
        assertThat(checked).contains("dpbandit_decisions_total", "dpbandit_feedback_total",
                "dpbandit_epoch_closes_seconds_count", "dpbandit_epoch_closes_seconds_bucket",
                "dpbandit_budget_remaining_epsilon", "http_server_requests_seconds_bucket",
                "http_server_requests_seconds_count");
        assertThat(exported.get("http_server_requests_seconds_count")).contains("problem", "status", "uri");
    }

    @Test
    void thePublicDashboardShowsOnlySeriesThatAreFunctionsOfPublicFacts() throws Exception {
        Set<String> used = new LinkedHashSet<>();
        for (String query : queries(DASHBOARD)) {
            for (Matcher m = METRIC.matcher(query); m.find(); ) {
                used.add(m.group(1));
            }
        }
        assertThat(used).isNotEmpty().allSatisfy(metric -> assertThat(BanditMetrics.DATA_INDEPENDENT)
                .as("the public dashboard queries %s", metric).contains(metric));
        assertThat(used).doesNotContain("dpbandit_feedback_total")
                .noneMatch(metric -> metric.startsWith("http_server_requests"));
        Set<String> ops = new LinkedHashSet<>();
        for (String query : queries(OPS_DASHBOARD)) {
            for (Matcher m = METRIC.matcher(query); m.find(); ) {
                ops.add(m.group(1));
            }
        }
        assertThat(ops).as("the ops dashboard has the exact counts").contains("dpbandit_feedback_total",
                "http_server_requests_seconds_count");
    }

    @Test
    void everySeriesOfTheServicesOwnIsEitherDataIndependentOrOpsOnly() {
        serveSomeTraffic();
        Set<String> exported = exported(http.getForObject("/actuator/prometheus", String.class)).keySet();
        assertThat(BanditMetrics.DATA_INDEPENDENT).doesNotContainAnyElementsOf(BanditMetrics.OPS_ONLY);
        assertThat(exported.stream().filter(m -> m.startsWith("dpbandit_")).toList()).isNotEmpty()
                .allSatisfy(m -> assertThat(BanditMetrics.DATA_INDEPENDENT.contains(m)
                        || BanditMetrics.OPS_ONLY.contains(m)).as("%s is classified in BanditMetrics", m).isTrue());
        assertThat(exported).contains("dpbandit_decisions_total", "dpbandit_rounds_folded_total",
                "dpbandit_epoch_closes_seconds_count", "dpbandit_budget_remaining_epsilon", "dpbandit_feedback_total");
        assertThat(exported).as("no step counts a default of a silent round")
                .noneMatch(m -> m.contains("DEFAULTED"));
    }

    /** Every query a dashboard's panels and variables make. */
    static List<String> queries(Path file) throws java.io.IOException {
        JsonNode dashboard = new ObjectMapper().readTree(file.toFile());
        List<String> queries = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panel.path("targets").forEach(t -> queries.add(t.path("expr").asText()));
        }
        dashboard.path("templating").path("list").forEach(v -> {
            if (v.path("query").has("query")) {
                queries.add(v.path("query").path("query").asText());
            }
        });
        return queries;
    }

    @Test
    void errorsAreCountedByTheirProblemTypeAsWellAsTheirStatus() {
        sendErrors();
        sendErrors();
        String exposition = http.getForObject("/actuator/prometheus", String.class);
        for (String expected : List.of("problem=\"not-found\",.*status=\"404\",uri=\"/bandits/\\{id}\"",
                "problem=\"validation\",.*status=\"400\",uri=\"/decide\"",
                "problem=\"unauthorized\",.*status=\"401\"",
                "problem=\"rejected-request\",.*status=\"400\"",
                "problem=\"none\",.*status=\"200\",uri=\"/bandits\"")) {
            assertThat(exposition.lines().filter(l -> l.startsWith("http_server_requests_seconds_count{")))
                    .as(expected).anyMatch(l -> Pattern.compile(expected).matcher(l).find());
        }
    }

    /** Decisions, feedback, a closed epoch, a release and a few errors of different types. */
    void serveSomeTraffic() {
        http.postForEntity("/bandits", Specs.capri("dashboard", 100, 600), JsonNode.class);
        lifecycle.settle("dashboard");
        int length = http.getForObject("/bandits/dashboard", JsonNode.class).path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            String id = http.postForObject("/decide", Map.of("bandit", "dashboard", "context", List.of(0.2, 0.4)),
                    JsonNode.class).path("decisionId").asText();
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "dashboard");
        assertThat(lifecycle.settle("dashboard")).isEqualTo(Step.CLOSED);
        http.postForObject("/release", Map.of("bandit", "dashboard", "context", List.of(0.5, 0.5)), JsonNode.class);
        sendErrors();
    }

    /** A 404, a 400 from validation, a 401 for an unknown key and a 400 from the firewall. */
    void sendErrors() {
        http.getForObject("/bandits", String.class);
        http.getForEntity("/bandits/no-such-bandit", String.class);
        http.postForEntity("/decide", Map.of("bandit", "dashboard"), String.class);
        HttpHeaders wrongKey = new HttpHeaders();
        wrongKey.set("X-API-Key", "not-a-key");
        http.exchange("/bandits", HttpMethod.GET, new HttpEntity<>(wrongKey), String.class);
        try {
            // sent as written (RestTemplate would normalise the path)
            HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    URI.create("http://localhost:" + port + "/bandits;x=1")).build(), BodyHandlers.discarding());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Metric name (as Prometheus stores it) -> the label names it is exported with. */
    static Map<String, Set<String>> exported(String exposition) {
        Map<String, Set<String>> out = new HashMap<>();
        Pattern label = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");
        for (String line : exposition.split("\n")) {
            Matcher m = SAMPLE.matcher(line);
            if (line.startsWith("#") || !m.find()) {
                continue;
            }
            Set<String> labels = out.computeIfAbsent(m.group(1), k -> new HashSet<>());
            if (m.group(2) != null) {
                for (Matcher l = label.matcher(m.group(2)); l.find(); ) {
                    labels.add(l.group(1));
                }
            }
        }
        return out;
    }
}
