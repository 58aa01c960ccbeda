package io.dpbandit.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import io.dpbandit.testing.RepositoryPaths;

/**
 * Lints and renders helm/dpbandit with Helm's own library (helm-java, Helm compiled as a native
 * library), then checks the manifests Kubernetes would receive.
 */
class HelmChartTest {

    static final Path CHART = RepositoryPaths.root().resolve("helm").resolve("dpbandit");
    static final String RELEASE = "dpbandit";
    static final String URL = "jdbc:postgresql://postgres.example:5432/dpbandit";
    static final String PASSWORD = "not-a-real-password";
    static final String RELEASE_KEY = "not-a-real-digest-secret-0123456789abcdef";

    static final Helm HELM = new Helm(CHART);
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void lintsWithoutErrorsOrWarnings() {
        LintResult lint = HELM.lint().strict().call();

        assertThat(lint.isFailed()).as("helm lint --strict: %s", lint.getMessages()).isFalse();
        assertThat(lint.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }

    @Test
    void deploymentServesOnTheImagesPortWithActuatorProbes() {
        Manifests manifests = render(defaults());
        Map<String, Object> pod = manifests.podSpec();
        Map<String, Object> container = manifests.container();

        assertThat(container.get("image")).isEqualTo("dpbandit:0.1.0");
        Map<String, Object> port = map(list(container.get("ports")).get(0));
        assertThat(port).containsEntry("name", "http").containsEntry("containerPort", DeployFiles.exposedPort());
        assertThat(DeployFiles.exposedPort()).isEqualTo(8080);
        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data"))).containsEntry("PORT", "8080");

        // The probes go through the http port whichever port serves the Actuator: the liveness and
        // readiness groups' additional paths, which application.yml turns on.
        assertThat(probe(container, "startupProbe")).containsEntry("path", "/livez").containsEntry("port", "http");
        assertThat(probe(container, "livenessProbe")).containsEntry("path", "/livez").containsEntry("port", "http");
        assertThat(probe(container, "readinessProbe")).containsEntry("path", "/readyz").containsEntry("port", "http");
        assertThat(applicationYml("management", "endpoint", "health", "probes", "add-additional-paths"))
                .isEqualTo(true);
        Map<String, Object> startup = map(container.get("startupProbe"));
        int startupBudget = (Integer) startup.get("periodSeconds") * (Integer) startup.get("failureThreshold");
        assertThat(startupBudget).as("seconds to start the JVM and run Flyway").isGreaterThanOrEqualTo(180);

        assertThat(map(container.get("resources"))).containsKeys("requests", "limits");
        assertThat(pod).containsEntry("enableServiceLinks", false);
    }

    @Test
    void prometheusScrapesTheManagementPortWithoutAKey() {
        Manifests manifests = render(defaults());
        Map<String, Object> container = manifests.container();

        assertThat(list(container.get("ports"))).extracting(p -> map(p).get("name"), p -> map(p).get("containerPort"))
                .containsExactly(tuple("http", 8080),
                        tuple("management", 9090));
        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data")))
                .containsEntry("MANAGEMENT_SERVER_PORT", "9090");
        assertThat(map(manifests.podTemplateMetadata().get("annotations")))
                .containsEntry("prometheus.io/scrape", "true")
                .containsEntry("prometheus.io/path", "/actuator/prometheus")
                .containsEntry("prometheus.io/port", "9090");
        assertThat(String.valueOf(applicationYml("management", "endpoints", "web", "exposure", "include")).split(","))
                .as("the management port exposes what the chart scrapes and probes").contains("health", "prometheus");
        assertThat(map(list(map(manifests.single("Service").get("spec")).get("ports")).get(1)))
                .containsEntry("name", "management").containsEntry("port", 9090)
                .containsEntry("targetPort", "management");
    }

    @Test
    void thePortsAreValues() {
        Map<String, Object> values = defaults();
        values.put("ports.http", 8181);
        values.put("ports.management", 9191);
        values.put("service.port", 80);
        values.put("service.managementPort", 9000);
        Manifests manifests = render(values);

        assertThat(list(manifests.container().get("ports"))).extracting(p -> map(p).get("containerPort"))
                .containsExactly(8181, 9191);
        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data")))
                .containsEntry("PORT", "8181").containsEntry("MANAGEMENT_SERVER_PORT", "9191");
        assertThat(map(manifests.podTemplateMetadata().get("annotations")))
                .containsEntry("prometheus.io/port", "9191");
        assertThat(list(map(manifests.single("Service").get("spec")).get("ports")))
                .extracting(p -> map(p).get("port"), p -> map(p).get("targetPort"))
                .containsExactly(tuple(80, "http"),
                        tuple(9000, "management"));

        values.put("ports.management", 8181);
        assertThatThrownBy(() -> render(values)).hasMessageContaining("ports.management must differ from ports.http");
        values.put("config.server.port", 8282);
        values.put("ports.management", 9191);
        assertThatThrownBy(() -> render(values)).hasMessageContaining("config must not set SERVER_PORT");
    }

    @Test
    void withoutAManagementPortTheActuatorStaysOnHttpAndAnnotationsAreRefused() {
        Map<String, Object> values = defaults();
        values.put("ports.management", 0);
        assertThatThrownBy(() -> render(values)).hasMessageContaining("metrics.scrapeAnnotations needs ports.management");

        values.put("metrics.scrapeAnnotations", false);
        Manifests manifests = render(values);
        assertThat(list(manifests.container().get("ports"))).hasSize(1);
        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data"))).doesNotContainKey("MANAGEMENT_SERVER_PORT");
        assertThat(map(manifests.podTemplateMetadata().get("annotations"))).doesNotContainKey("prometheus.io/scrape");
        assertThat(list(map(manifests.single("Service").get("spec")).get("ports"))).hasSize(1);
        Map<String, Object> policy = manifests.single("NetworkPolicy");
        assertThat(list(map(policy.get("spec")).get("ingress"))).hasSize(1);
    }

    @Test
    void aNetworkPolicyAdmitsOnlyTheScraperToTheManagementPort() {
        Manifests manifests = render(defaults());
        Map<String, Object> spec = map(manifests.single("NetworkPolicy").get("spec"));

        assertThat(map(map(spec.get("podSelector")).get("matchLabels")))
                .isEqualTo(map(map(manifests.single("Service").get("spec")).get("selector")));
        assertThat(list(spec.get("policyTypes"))).containsExactly("Ingress");
        List<Object> ingress = list(spec.get("ingress"));
        assertThat(ingress).hasSize(2);
        Map<String, Object> http = map(ingress.get(0));
        assertThat(list(http.get("ports"))).singleElement().satisfies(p -> assertThat(map(p)).containsEntry("port", "http"));
        assertThat(http).as("the service's port: from anywhere by default").doesNotContainKey("from");
        Map<String, Object> management = map(ingress.get(1));
        assertThat(list(management.get("ports"))).singleElement()
                .satisfies(p -> assertThat(map(p)).containsEntry("port", "management"));
        Map<String, Object> scraper = map(list(management.get("from")).get(0));
        assertThat(map(scraper.get("namespaceSelector"))).as("any namespace of the cluster").isEmpty();
        assertThat(map(map(scraper.get("podSelector")).get("matchLabels")))
                .containsExactly(Map.entry("app.kubernetes.io/name", "prometheus"));
        // Every port the container opens is admitted by name by exactly one rule.
        assertThat(list(manifests.container().get("ports"))).extracting(p -> map(p).get("name"))
                .containsExactlyElementsOf(ingress.stream()
                        .map(r -> map(list(map(r).get("ports")).get(0)).get("port")).toList());
    }

    @Test
    void theNetworkPolicysSourcesAndEgressAreValuesAndItCanBeLeftOut(@TempDir Path dir) throws IOException {
        Path valuesFile = dir.resolve("values.yaml");
        Files.writeString(valuesFile, """
                networkPolicy:
                  http:
                    from:
                      - namespaceSelector:
                          matchLabels:
                            kubernetes.io/metadata.name: ingress-nginx
                  management:
                    from:
                      - namespaceSelector:
                          matchLabels:
                            kubernetes.io/metadata.name: monitoring
                  egress:
                    - ports:
                        - port: 5432
                          protocol: TCP
                """);
        Map<String, Object> spec = map(new Manifests(template(defaults()).withValuesFile(valuesFile).call())
                .single("NetworkPolicy").get("spec"));
        assertThat(list(spec.get("policyTypes"))).containsExactly("Ingress", "Egress");
        List<Object> ingress = list(spec.get("ingress"));
        assertThat(map(map(map(list(map(ingress.get(0)).get("from")).get(0)).get("namespaceSelector"))
                .get("matchLabels"))).containsEntry("kubernetes.io/metadata.name", "ingress-nginx");
        assertThat(map(map(map(list(map(ingress.get(1)).get("from")).get(0)).get("namespaceSelector"))
                .get("matchLabels"))).containsEntry("kubernetes.io/metadata.name", "monitoring");
        assertThat(map(list(map(list(spec.get("egress")).get(0)).get("ports")).get(0))).containsEntry("port", 5432);

        Map<String, Object> values = defaults();
        values.put("networkPolicy.enabled", false);
        assertThat(render(values).ofKind("NetworkPolicy")).isEmpty();
    }

    @Test
    void anIngressIsOffByDefaultAndRoutesToTheHttpPortOnly() {
        assertThat(render(defaults()).ofKind("Ingress")).isEmpty();

        Map<String, Object> values = defaults();
        values.put("ingress.enabled", true);
        values.put("ingress.className", "nginx");
        values.put("ingress.hosts[0].host", "bandits.example.org");
        values.put("ingress.hosts[0].paths[0].path", "/");
        values.put("ingress.tls[0].secretName", "bandits-tls");
        values.put("ingress.tls[0].hosts[0]", "bandits.example.org");
        values.put("ingress.annotations.nginx\\.ingress\\.kubernetes\\.io/proxy-body-size", "11m");
        Manifests manifests = render(values);
        Map<String, Object> ingress = manifests.single("Ingress");
        assertThat(ingress.get("apiVersion")).isEqualTo("networking.k8s.io/v1");
        assertThat(map(map(ingress.get("metadata")).get("annotations")))
                .containsEntry("nginx.ingress.kubernetes.io/proxy-body-size", "11m");
        Map<String, Object> spec = map(ingress.get("spec"));
        assertThat(spec).containsEntry("ingressClassName", "nginx");
        assertThat(map(list(spec.get("tls")).get(0))).containsEntry("secretName", "bandits-tls");
        Map<String, Object> rule = map(list(spec.get("rules")).get(0));
        assertThat(rule).containsEntry("host", "bandits.example.org");
        Map<String, Object> path = map(list(map(rule.get("http")).get("paths")).get(0));
        assertThat(path).containsEntry("path", "/").containsEntry("pathType", "Prefix");
        Map<String, Object> service = map(map(path.get("backend")).get("service"));
        assertThat(service).containsEntry("name", name(manifests.single("Service")));
        assertThat(map(service.get("port"))).containsExactly(Map.entry("name", "http"));
    }

    @Test
    void aPreStopSleepComesBeforeSpringsGracefulShutdownWithinTheGracePeriod() {
        Manifests manifests = render(defaults());
        Map<String, Object> preStop = map(map(manifests.container().get("lifecycle")).get("preStop"));
        assertThat(list(map(preStop.get("exec")).get("command"))).containsExactly("sleep", "5");
        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data")))
                .containsEntry("SPRING_LIFECYCLE_TIMEOUTPERSHUTDOWNPHASE", "30s");
        assertThat(applicationYml("server", "shutdown")).as("Spring Boot drains in-flight requests on SIGTERM")
                .isEqualTo("graceful");
        assertThat((Integer) manifests.podSpec().get("terminationGracePeriodSeconds")).isGreaterThan(5 + 30);

        Map<String, Object> values = defaults();
        values.put("lifecycle.preStopSleepSeconds", 10);
        values.put("lifecycle.shutdownTimeoutSeconds", 40);
        assertThatThrownBy(() -> render(values))
                .hasMessageContaining("terminationGracePeriodSeconds (45) must exceed");
        values.put("terminationGracePeriodSeconds", 60);
        Manifests longer = render(values);
        assertThat(list(map(map(map(longer.container().get("lifecycle")).get("preStop")).get("exec")).get("command")))
                .containsExactly("sleep", "10");
        assertThat(map(longer.named("ConfigMap", RELEASE).get("data")))
                .containsEntry("SPRING_LIFECYCLE_TIMEOUTPERSHUTDOWNPHASE", "40s");
    }

    @Test
    void runsAsTheImagesNonRootUserOnAReadOnlyRootFilesystem() {
        Manifests manifests = render(defaults());
        Map<String, Object> podSecurity = map(manifests.podSpec().get("securityContext"));
        Map<String, Object> security = map(manifests.container().get("securityContext"));

        assertThat(podSecurity).containsEntry("runAsNonRoot", true)
                .containsEntry("runAsUser", DeployFiles.imageUid());
        assertThat(security).containsEntry("readOnlyRootFilesystem", true)
                .containsEntry("allowPrivilegeEscalation", false);
        assertThat(list(map(security.get("capabilities")).get("drop"))).containsExactly("ALL");

        assertThat(list(manifests.container().get("volumeMounts"))).singleElement()
                .satisfies(m -> assertThat(map(m)).containsEntry("name", "tmp").containsEntry("mountPath", "/tmp"));
        assertThat(list(manifests.podSpec().get("volumes"))).singleElement()
                .satisfies(v -> assertThat(map(v)).containsEntry("name", "tmp").containsKey("emptyDir"));
    }

    @Test
    void databaseUrlComesFromTheConfigMapAndThePasswordFromASecret() {
        Manifests manifests = render(defaults());
        Map<String, Object> configMap = manifests.named("ConfigMap", RELEASE);
        Map<String, Object> secret = manifests.single("Secret");
        Map<String, Object> container = manifests.container();

        assertThat(map(configMap.get("data")))
                .containsEntry("SPRING_DATASOURCE_URL", URL)
                .containsEntry("SPRING_DATASOURCE_USERNAME", "dpbandit")
                .containsEntry("DPBANDIT_EMBEDDED_POSTGRES_ENABLED", "false")
                .doesNotContainKey("SPRING_DATASOURCE_PASSWORD");
        assertThat(list(container.get("envFrom"))).singleElement().satisfies(e ->
                assertThat(map(map(e).get("configMapRef"))).containsEntry("name", name(configMap)));

        Map<String, Object> passwordRef = secretKeyRef(container, "SPRING_DATASOURCE_PASSWORD");
        assertThat(passwordRef).containsEntry("name", name(secret));
        String key = (String) passwordRef.get("key");
        String encoded = (String) map(secret.get("data")).get(key);
        assertThat(new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8)).isEqualTo(PASSWORD);
        assertThat(manifests.text()).as("the password appears only base64-encoded in the Secret")
                .doesNotContain(PASSWORD);
    }

    @Test
    void apiKeysComeFromTheirOwnSecretWhenNamed() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("database.url", URL);
        values.put("database.password", PASSWORD);
        values.put("releaseKeySecret.existingSecret", "dpbandit-release-key");
        values.put("apiKeysSecret", "dpbandit-api-keys");
        var envFrom = list(render(values).container().get("envFrom"));
        assertThat(envFrom).hasSize(2);
        assertThat(map(map(envFrom.get(1)).get("secretRef"))).containsEntry("name", "dpbandit-api-keys");
    }

    @Test
    void theDigestSecretIsRequiredAndComesFromASecretNeverFromTheConfigMap() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("database.url", URL);
        values.put("database.password", PASSWORD);
        assertThatThrownBy(() -> render(values))
                .hasMessageContaining("releaseKeySecret.existingSecret or releaseKeySecret.value is required");

        values.put("releaseKeySecret.value", "short");
        assertThatThrownBy(() -> render(values)).hasMessageContaining("at least 32 characters");

        values.put("releaseKeySecret.value", RELEASE_KEY);
        Manifests own = render(values);
        Map<String, Object> ref = secretKeyRef(own.container(), "DPBANDIT_RELEASE_KEYSECRET");
        Map<String, Object> secret = own.named("Secret", (String) ref.get("name"));
        assertThat(new String(Base64.getDecoder().decode((String) map(secret.get("data")).get(ref.get("key"))),
                StandardCharsets.UTF_8)).isEqualTo(RELEASE_KEY);
        assertThat(own.text()).as("the secret appears only base64-encoded in its Secret").doesNotContain(RELEASE_KEY);

        values.put("releaseKeySecret.existingSecret", "dpbandit-release-key");
        Manifests existing = render(values);
        assertThat(secretKeyRef(existing.container(), "DPBANDIT_RELEASE_KEYSECRET"))
                .containsEntry("name", "dpbandit-release-key")
                .containsEntry("key", "release-key-secret");
        assertThat(existing.ofKind("Secret")).as("only the database password's Secret").hasSize(1);
    }

    @Test
    void usesAnExistingSecretWithoutCreatingOne() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("database.url", URL);
        values.put("database.existingSecret", "dpbandit-db-credentials");
        values.put("database.existingSecretPasswordKey", "pg-password");
        values.put("releaseKeySecret.existingSecret", "dpbandit-release-key");
        Manifests manifests = render(values);

        assertThat(manifests.ofKind("Secret")).isEmpty();
        assertThat(secretKeyRef(manifests.container(), "SPRING_DATASOURCE_PASSWORD"))
                .containsEntry("name", "dpbandit-db-credentials")
                .containsEntry("key", "pg-password");
    }

    @Test
    void scalesOnCpuWithAnHpaAndIsReachableThroughAService() {
        Manifests manifests = render(defaults());
        Map<String, Object> deployment = manifests.single("Deployment");
        Map<String, Object> hpa = manifests.single("HorizontalPodAutoscaler");
        Map<String, Object> service = manifests.single("Service");

        assertThat(map(deployment.get("spec"))).as("the HPA owns the replica count").doesNotContainKey("replicas");
        assertThat(hpa.get("apiVersion")).isEqualTo("autoscaling/v2");
        Map<String, Object> hpaSpec = map(hpa.get("spec"));
        assertThat(map(hpaSpec.get("scaleTargetRef"))).containsEntry("kind", "Deployment")
                .containsEntry("name", name(deployment));
        assertThat(hpaSpec).containsEntry("minReplicas", 2).containsEntry("maxReplicas", 6);
        Map<String, Object> cpu = map(map(list(hpaSpec.get("metrics")).get(0)).get("resource"));
        assertThat(cpu).containsEntry("name", "cpu");
        assertThat(map(cpu.get("target"))).containsEntry("type", "Utilization").containsEntry("averageUtilization", 70);

        Map<String, Object> serviceSpec = map(service.get("spec"));
        assertThat(map(list(serviceSpec.get("ports")).get(0)))
                .containsEntry("port", 8080).containsEntry("targetPort", "http");
        assertThat(map(manifests.podTemplateMetadata().get("labels")))
                .containsAllEntriesOf(map(serviceSpec.get("selector")));
        assertThat(manifests.single("PodDisruptionBudget")).isNotNull();
    }

    @Test
    void withoutAutoscalingTheDeploymentRunsReplicaCountPods() {
        Map<String, Object> values = defaults();
        values.put("autoscaling.enabled", false);
        Manifests manifests = render(values);

        assertThat(manifests.ofKind("HorizontalPodAutoscaler")).isEmpty();
        assertThat(map(manifests.single("Deployment").get("spec"))).containsEntry("replicas", 2);
    }

    @Test
    void refusesToRenderWithoutADatabaseUrl() {
        Map<String, Object> values = defaults();
        values.remove("database.url");

        assertThatThrownBy(() -> render(values)).hasMessageContaining("database.url is required");
    }

    @Test
    void refusesToCreateASecretWithoutAPassword() {
        Map<String, Object> values = defaults();
        values.remove("database.password");

        assertThatThrownBy(() -> render(values)).hasMessageContaining("database.password is required");
    }

    @Test
    void passesSpringPropertiesFromConfigAsEnvironmentVariables(@TempDir Path dir) throws IOException {
        Path valuesFile = dir.resolve("values.yaml");
        Files.writeString(valuesFile, """
                config:
                  dpbandit:
                    feedback:
                      retention-days: 30
                    max-batch: 1000000
                  logging.level.io.dpbandit: DEBUG
                  management.endpoint.health.group.readiness.include: [readinessState, db]
                """);
        Manifests manifests = new Manifests(template(defaults()).withValuesFile(valuesFile).call());

        assertThat(map(manifests.named("ConfigMap", RELEASE).get("data")))
                .containsEntry("DPBANDIT_FEEDBACK_RETENTIONDAYS", "30")
                .containsEntry("DPBANDIT_MAXBATCH", "1000000")
                .containsEntry("LOGGING_LEVEL_IO_DPBANDIT", "DEBUG")
                .containsEntry("MANAGEMENT_ENDPOINT_HEALTH_GROUP_READINESS_INCLUDE", "readinessState,db")
                .containsEntry("DPBANDIT_EMBEDDED_POSTGRES_ENABLED", "false");
    }

    @Test
    void refusesConfigThatWouldPutThePasswordInTheConfigMap() {
        Map<String, Object> values = defaults();
        values.put("config.spring.datasource.password", "plain-text");

        assertThatThrownBy(() -> render(values))
                .hasMessageContaining("config must not set SPRING_DATASOURCE_PASSWORD");
    }

    @Test
    void shipsTheGrafanaDashboardAsAConfigMapThatTheSidecarPicksUp() throws IOException {
        Map<String, Object> dashboard = render(defaults()).named("ConfigMap", RELEASE + "-dashboard");
        Map<String, Object> metadata = map(dashboard.get("metadata"));
        assertThat(map(metadata.get("labels"))).containsEntry("grafana_dashboard", "1")
                .containsEntry("app.kubernetes.io/name", "dpbandit");
        assertThat(metadata).containsEntry("namespace", "recommenders");

        String json = (String) map(dashboard.get("data")).get("dpbandit.json");
        JsonNode shipped = JSON.readTree(json);
        assertThat(shipped).as("the chart ships dashboards/dpbandit.json as it is")
                .isEqualTo(JSON.readTree(CHART.resolve("dashboards").resolve("dpbandit.json").toFile()));
        assertThat(shipped.path("uid").asText()).isEqualTo("dpbandit-overview");
        List<String> titles = new ArrayList<>();
        for (JsonNode panel : shipped.path("panels")) {
            titles.add(panel.path("title").asText());
            if (!panel.path("type").asText().equals("row")) {
                assertThat(panel.path("datasource").path("uid").asText()).as(panel.path("title").asText())
                        .isEqualTo("${datasource}");
                assertThat(panel.path("targets")).as(panel.path("title").asText()).isNotEmpty();
            }
        }
        assertThat(titles).contains("Decisions per second", "Epoch closes", "Learning rounds folded per second",
                "Privacy budget remaining (ε), by bandit").doesNotContain("Feedback per second, by how it was taken");

        // The exact counts ship apart, in a ConfigMap of their own with its own annotations (an ops-only folder).
        Map<String, Object> ops = render(defaults()).named("ConfigMap", RELEASE + "-dashboard-ops");
        assertThat(map(map(ops.get("metadata")).get("labels"))).containsEntry("grafana_dashboard", "1");
        JsonNode opsShipped = JSON.readTree((String) map(ops.get("data")).get("dpbandit-ops.json"));
        assertThat(opsShipped).isEqualTo(JSON.readTree(CHART.resolve("dashboards").resolve("dpbandit-ops.json")
                .toFile()));
        assertThat(opsShipped.path("uid").asText()).isEqualTo("dpbandit-ops");
        List<String> opsTitles = new ArrayList<>();
        opsShipped.path("panels").forEach(panel -> opsTitles.add(panel.path("title").asText()));
        assertThat(opsTitles).contains("Feedback per second, by how it was taken", "/decide and /feedback latency",
                "Epoch close duration", "Errors by type");
    }

    @Test
    void theDashboardsLabelsNamespaceAndAnnotationsAreConfigurableAndItCanBeLeftOut(@TempDir Path dir)
            throws IOException {
        Path valuesFile = dir.resolve("values.yaml");
        Files.writeString(valuesFile, """
                metrics:
                  grafanaDashboard:
                    labels:
                      grafana_dashboard: null
                      dashboards: dpbandit
                    annotations:
                      grafana_folder: Recommenders
                    opsAnnotations:
                      grafana_folder: Operations
                    namespace: monitoring
                """);
        Manifests manifests = new Manifests(template(defaults()).withValuesFile(valuesFile).call());
        Map<String, Object> metadata = map(manifests.named("ConfigMap", RELEASE + "-dashboard").get("metadata"));
        assertThat(map(metadata.get("labels"))).containsEntry("dashboards", "dpbandit")
                .doesNotContainKey("grafana_dashboard");
        assertThat(map(metadata.get("annotations"))).containsEntry("grafana_folder", "Recommenders");
        assertThat(metadata).containsEntry("namespace", "monitoring");
        Map<String, Object> ops = map(manifests.named("ConfigMap", RELEASE + "-dashboard-ops").get("metadata"));
        assertThat(map(ops.get("annotations"))).containsEntry("grafana_folder", "Operations");
        assertThat(map(ops.get("labels"))).containsEntry("dashboards", "dpbandit");

        Map<String, Object> values = defaults();
        values.put("metrics.grafanaDashboard.enabled", false);
        assertThat(render(values).ofKind("ConfigMap")).extracting(HelmChartTest::name).containsExactly(RELEASE);
    }

    @Test
    void aServiceMonitorScrapesTheManagementPortWithoutAKey() {
        Map<String, Object> values = defaults();
        values.put("metrics.serviceMonitor.enabled", true);
        Map<String, Object> endpoint = map(list(map(render(values).single("ServiceMonitor").get("spec"))
                .get("endpoints")).get(0));
        assertThat(endpoint).containsEntry("port", "management").containsEntry("path", "/actuator/prometheus")
                .doesNotContainKey("authorization");
    }

    @Test
    void aServiceMonitorIsOffByDefaultAndScrapesWithTheOpsKeyFromASecretWithoutAManagementPort() {
        assertThat(render(defaults()).ofKind("ServiceMonitor")).isEmpty();

        Map<String, Object> values = defaults();
        values.put("ports.management", 0);
        values.put("metrics.scrapeAnnotations", false);
        values.put("metrics.serviceMonitor.enabled", true);
        values.put("metrics.serviceMonitor.interval", "15s");
        values.put("metrics.serviceMonitor.labels.release", "kube-prometheus-stack");
        values.put("metrics.serviceMonitor.bearerTokenSecret.name", "dpbandit-ops-key");
        Manifests manifests = render(values);
        Map<String, Object> monitor = manifests.single("ServiceMonitor");
        assertThat(monitor.get("apiVersion")).isEqualTo("monitoring.coreos.com/v1");
        assertThat(map(map(monitor.get("metadata")).get("labels"))).containsEntry("release", "kube-prometheus-stack");
        Map<String, Object> spec = map(monitor.get("spec"));
        Map<String, Object> service = manifests.single("Service");
        assertThat(map(map(spec.get("selector")).get("matchLabels")))
                .isEqualTo(map(map(service.get("spec")).get("selector")));
        assertThat(map(map(service.get("metadata")).get("labels")))
                .containsAllEntriesOf(map(map(spec.get("selector")).get("matchLabels")));
        assertThat(list(map(spec.get("namespaceSelector")).get("matchNames"))).containsExactly("recommenders");
        Map<String, Object> endpoint = map(list(spec.get("endpoints")).get(0));
        assertThat(endpoint).containsEntry("port", map(list(map(service.get("spec")).get("ports")).get(0)).get("name"))
                .containsEntry("path", "/actuator/prometheus").containsEntry("interval", "15s")
                .containsEntry("scrapeTimeout", "10s");
        Map<String, Object> authorization = map(endpoint.get("authorization"));
        assertThat(authorization).containsEntry("type", "Bearer");
        assertThat(map(authorization.get("credentials"))).containsEntry("name", "dpbandit-ops-key")
                .containsEntry("key", "token");

        values.remove("metrics.serviceMonitor.bearerTokenSecret.name");
        assertThatThrownBy(() -> render(values))
                .hasMessageContaining("metrics.serviceMonitor.bearerTokenSecret.name is required");
    }

    // ---------------------------------------------------------------------------------------------

    private static Map<String, Object> defaults() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("database.url", URL);
        values.put("database.password", PASSWORD);
        values.put("releaseKeySecret.existingSecret", "dpbandit-release-key");
        return values;
    }

    private static TemplateCommand template(Map<String, Object> values) {
        TemplateCommand template = HELM.template().withName(RELEASE).withNamespace("recommenders");
        values.forEach(template::set);
        return template;
    }

    private static Manifests render(Map<String, Object> values) {
        return new Manifests(template(values).call());
    }

    /** The documents of one `helm template` run. */
    record Manifests(String text, List<Map<String, Object>> documents) {

        Manifests(String text) {
            this(text, parse(text));
        }

        private static List<Map<String, Object>> parse(String text) {
            List<Map<String, Object>> documents = new ArrayList<>();
            for (Object document : new Yaml().loadAll(text)) {
                if (document != null) {
                    documents.add(map(document));
                }
            }
            return documents;
        }

        List<Map<String, Object>> ofKind(String kind) {
            return documents.stream().filter(d -> kind.equals(d.get("kind"))).toList();
        }

        Map<String, Object> named(String kind, String name) {
            List<Map<String, Object>> found = ofKind(kind).stream().filter(d -> name.equals(name(d))).toList();
            assertThat(found).as("exactly one %s named %s", kind, name).hasSize(1);
            return found.get(0);
        }

        Map<String, Object> single(String kind) {
            List<Map<String, Object>> found = ofKind(kind);
            assertThat(found).as("exactly one %s", kind).hasSize(1);
            return found.get(0);
        }

        Map<String, Object> podTemplateMetadata() {
            return map(map(map(single("Deployment").get("spec")).get("template")).get("metadata"));
        }

        Map<String, Object> podSpec() {
            return map(map(map(single("Deployment").get("spec")).get("template")).get("spec"));
        }

        Map<String, Object> container() {
            List<Object> containers = list(podSpec().get("containers"));
            assertThat(containers).hasSize(1);
            return map(containers.get(0));
        }
    }

    /** A value of src/main/resources/application.yml, by its path of keys. */
    private static Object applicationYml(String... keys) {
        Object node = new Yaml().load(DeployFiles.read("src/main/resources/application.yml"));
        for (String key : keys) {
            node = map(node).get(key);
        }
        return node;
    }

    private static Map<String, Object> probe(Map<String, Object> container, String probe) {
        assertThat(container).containsKey(probe);
        return map(map(container.get(probe)).get("httpGet"));
    }

    private static Map<String, Object> secretKeyRef(Map<String, Object> container, String variable) {
        return list(container.get("env")).stream().map(HelmChartTest::map)
                .filter(e -> variable.equals(e.get("name")))
                .findFirst()
                .map(e -> map(map(e.get("valueFrom")).get("secretKeyRef")))
                .orElseThrow(() -> new AssertionError(variable + " is not set from a Secret"));
    }

    private static String name(Map<String, Object> manifest) {
        return (String) map(manifest.get("metadata")).get("name");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node) {
        assertThat(node).isInstanceOf(Map.class);
        return (Map<String, Object>) Objects.requireNonNull(node);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object node) {
        assertThat(node).isInstanceOf(List.class);
        return (List<Object>) node;
    }
}
