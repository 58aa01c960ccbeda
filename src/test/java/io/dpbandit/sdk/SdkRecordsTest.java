package io.dpbandit.sdk;

import io.dpbandit.sdk.capri.CapriForecast;
import io.dpbandit.sdk.gpucb.GpUcbForecast;
import io.dpbandit.sdk.gpucb.GpUcbOptions;
import io.dpbandit.sdk.linucb.LinearForecast;
import io.dpbandit.sdk.onlineucb.OnlineUcbForecast;
import io.dpbandit.sdk.usca.UscaForecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.sdk.local.CapriLocalInput;
import io.dpbandit.sdk.local.DeviceRandomiser;
import io.dpbandit.sdk.local.GpUcbInput;
import io.dpbandit.sdk.local.LocalReport;
import io.dpbandit.sdk.local.OnlineUcbInput;
import io.dpbandit.testing.RepositoryPaths;
import io.dpbandit.testing.Specs;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SDK's records are the API document's schemas: each has exactly the properties openapi.yaml
 * lists for its schema, and each enum exactly its values, so a field the service adds or renames
 * fails here before an integrator meets it. The randomiser inputs are read into the right record,
 * and a report is sent as exactly the JSON of the client library's report.
 */
class SdkRecordsTest {

    static final ObjectMapper SDK = SdkJson.mapper();
    static JsonNode schemas;

    @BeforeAll
    static void readApiDocument() throws Exception {
        schemas = new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.root().resolve("openapi.yaml").toFile())
                .path("components").path("schemas");
    }

    /** The SDK's forecast records, one per algorithm's package, each under its key in a plan report. */
    static final List<Class<?>> FORECASTS = List.of(CapriForecast.class, UscaForecast.class, LinearForecast.class,
            OnlineUcbForecast.class, GpUcbForecast.class);

    /** Each wire record of the SDK (and the client records it sends or reads) and its schema. */
    static final Map<Class<?>, String> SCHEMAS = new LinkedHashMap<>();

    static {
        SCHEMAS.put(BanditSpec.class, "BanditSpec");
        SCHEMAS.put(BanditSpec.Privacy.class, "Privacy");
        SCHEMAS.put(BanditSpec.Action.class, "Action");
        SCHEMAS.put(BanditSpec.Feedback.class, "Feedback");
        SCHEMAS.put(BanditSpec.Tuning.class, "Tuning");
        SCHEMAS.put(BanditSpec.Linear.class, "Linear");
        SCHEMAS.put(GpUcbOptions.class, "GpUcb");
        SCHEMAS.put(KernelSpec.class, "KernelSpec");
        SCHEMAS.put(DecideRequest.class, "DecideRequest");
        SCHEMAS.put(Decision.class, "Decision");
        SCHEMAS.put(FeedbackResult.class, "FeedbackResult");
        SCHEMAS.put(ContextRelease.class, "ContextRelease");
        SCHEMAS.put(BanditStatus.class, "BanditStatus");
        SCHEMAS.put(EpochProgress.class, "EpochProgress");
        SCHEMAS.put(Budget.class, "Budget");
        SCHEMAS.put(LedgerEntry.class, "LedgerEntry");
        SCHEMAS.put(EpochSummary.class, "EpochSummary");
        SCHEMAS.put(Provenance.class, "Provenance");
        SCHEMAS.put(DefaultChoice.class, "DefaultChoice");
        SCHEMAS.put(BanditForecast.class, "BanditForecast");
        SCHEMAS.put(PlanReport.class, "PlanReport");
        FORECASTS.forEach(f -> SCHEMAS.put(f, f.getSimpleName()));
        SCHEMAS.put(CapriForecast.EpochForecast.class, "EpochForecast");
        SCHEMAS.put(PlanReport.Point.class, "Point");
        SCHEMAS.put(OnlineUcbForecast.NoiseLevel.class, "NoiseLevel");
        SCHEMAS.put(CapriLocalInput.class, "CapriLocalInput");
        SCHEMAS.put(OnlineUcbInput.class, "OnlineUcbInput");
        SCHEMAS.put(GpUcbInput.class, "GpUcbInput");
        SCHEMAS.put(OnlineUcbTicket.class, "OnlineUcbTicket");
        SCHEMAS.put(OnlineUcbParameters.class, "OnlineUcbParameters");
        SCHEMAS.put(GpUcbParameters.class, "GpUcbParameters");
        SCHEMAS.put(CapriRandomiserPlan.class, "CapriRandomiserPlan");
        SCHEMAS.put(CapriReport.class, "CapriReport");
        SCHEMAS.put(OnlineUcbReport.class, "OnlineUcbReport");
        SCHEMAS.put(GpUcbReport.class, "GpUcbReport");
        SCHEMAS.put(io.dpbandit.sdk.RolloutOptions.class, "Rollout");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.class, "Evaluation");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Schedule.class, "Schedule");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Estimate.class, "Estimate");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Rounds.class, "Rounds");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Window.class, "WindowRelease");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.EvaluationRelease.class, "EvaluationRelease");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Rollout.class, "RolloutPromotion");
        SCHEMAS.put(io.dpbandit.sdk.Evaluation.Event.class, "RolloutEvent");
    }

    /**
     * Components that are the SDK's own and never on the wire: Decision.bandit is the bandit the client
     * asked for, set from the request (a device counts its reports under it), never read from an answer.
     */
    static final Map<Class<?>, Set<String>> SDK_ONLY = Map.of(Decision.class, Set.of("bandit"), PlanReport.class,
            Set.of("forecasts"), BanditSpec.class, Set.of("options"));

    /** The SDK's options records, one per algorithm that has a section of its own, each under its key in a spec. */
    static final List<Class<? extends SpecOptions>> OPTIONS = List.of(GpUcbOptions.class,
            io.dpbandit.sdk.RolloutOptions.class);

    /** Properties a record writes under keys of its own: a plan report's forecasts, by their records' keys. */
    static final Map<Class<?>, Set<String>> KEYED = Map.of(
            PlanReport.class, FORECASTS.stream().map(SpecOptions::key).collect(java.util.stream.Collectors.toSet()),
            BanditSpec.class, OPTIONS.stream().map(SpecOptions::key).collect(java.util.stream.Collectors.toSet()));

    @Test
    void everyRecordHasExactlyItsSchemasPropertiesAndEveryEnumItsValues() {
        for (var e : SCHEMAS.entrySet()) {
            JsonNode schema = schemas.path(e.getValue());
            assertThat(schema.isMissingNode()).as("openapi.yaml has schema %s", e.getValue()).isFalse();
            Set<String> documented = new TreeSet<>();
            schema.path("properties").fieldNames().forEachRemaining(documented::add);
            Set<String> components = new TreeSet<>(KEYED.getOrDefault(e.getKey(), Set.of()));
            for (RecordComponent c : e.getKey().getRecordComponents()) {
                if (SDK_ONLY.getOrDefault(e.getKey(), Set.of()).contains(c.getName())) {
                    continue;
                }
                components.add(c.getName());
                JsonNode values = schema.path("properties").path(c.getName()).path("enum");
                if (c.getType().isEnum() && values.isArray()) {
                    Set<String> documentedValues = new TreeSet<>();
                    // null among the values is how the document lets a nullable enum be null, not a constant
                    values.forEach(v -> {
                        if (!v.isNull()) {
                            documentedValues.add(v.asText());
                        }
                    });
                    Set<String> constants = new TreeSet<>();
                    Arrays.stream(c.getType().getEnumConstants()).forEach(k -> constants.add(((Enum<?>) k).name()));
                    assertThat(constants).as("%s.%s", e.getKey().getSimpleName(), c.getName())
                            .isEqualTo(documentedValues);
                }
            }
            assertThat(components).as("%s against schema %s", e.getKey().getName(), e.getValue()).isEqualTo(documented);
        }
    }

    @Test
    void theTestsSpecsForEveryAlgorithmReadAsSdkSpecsWithoutLosingAField() throws Exception {
        ObjectMapper strict = SdkJson.mapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        ObjectMapper plain = new ObjectMapper();
        for (Map<String, Object> spec : List.of(Specs.capri("c", 100, 600), Specs.capriLdp("l"),
                Specs.usca("u", 20, 0.5, 1.0), Specs.linear("n", "LINUCB", 20, 600),
                Specs.linear("o", "ONLINEUCB", 20, 600), Specs.gp("g", "LDP", 20))) {
            BanditSpec sdk = strict.convertValue(spec, BanditSpec.class);
            assertThat(sameJson(SDK.readTree(SDK.writeValueAsBytes(sdk)), plain.valueToTree(spec)))
                    .as("%s", spec.get("id")).isTrue();
        }
        for (String example : List.of("digits-linucb.json", "onlineucb-ranking.json", "pricing-gpucb.json")) {
            String text = Files.readString(RepositoryPaths.root().resolve("examples").resolve(example));
            BanditSpec sdk = DpbanditClient.readSpec(text);
            assertThat(sameJson(SDK.readTree(SDK.writeValueAsBytes(sdk)), plain.readTree(text))).as(example).isTrue();
        }
    }

    /** The same JSON, numbers compared as numbers (1 and 1.0 are one value). */
    static boolean sameJson(JsonNode a, JsonNode b) {
        return a.equals((x, y) -> x.isNumber() && y.isNumber() ? Double.compare(x.doubleValue(), y.doubleValue())
                : x.equals(y) ? 0 : 1, b);
    }

    @Test
    void anAlgorithmsOwnSectionIsWrittenUnderItsKeyAndReadBackAsItsRecord() throws Exception {
        BanditSpec spec = BanditSpec.builder("gp", Algorithm.GPUCB).options(GpUcbOptions.nodesPerDimension(4)).build();
        assertThat(SDK.readTree(SDK.writeValueAsBytes(spec)).path("gpucb"))
                .isEqualTo(new ObjectMapper().readTree("{\"nodesPerDimension\": 4}"));
        assertThat(spec.options(GpUcbOptions.class)).contains(GpUcbOptions.nodesPerDimension(4));
        BanditSpec read = DpbanditClient.readSpec("""
                {"id": "gp", "algorithm": "GPUCB", "gpucb": {"nodesPerDimension": 6, "regulariser": "FLOOR"}}""");
        assertThat(read.options(GpUcbOptions.class))
                .contains(new GpUcbOptions(6, null, GpUcbOptions.Regulariser.FLOOR, null));
        assertThat(BanditSpec.builder("c", Algorithm.CAPRI).build().options(GpUcbOptions.class)).isEmpty();
        assertThatThrownBy(() -> read.options(NoKey.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("declares no key");
    }

    record NoKey(int x) implements SpecOptions {
    }

    @Test
    void theBuilderWritesTheSpecAsTheApiTakesIt() throws Exception {
        BanditSpec spec = BanditSpec.builder("homepage", Algorithm.CAPRI)
                .privacy(BanditSpec.Privacy.jdp(1.0, 1e-5)).horizon(400).rewardBound(1.0)
                .kernel(KernelSpec.rbf(0.3)).regularization(1.0).contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).poolContext(0.5, 0.5)
                .feedback(600, 0.0).build();
        assertThat(SDK.readTree(SDK.writeValueAsBytes(spec))).isEqualTo(new ObjectMapper().readTree("""
                {"id": "homepage", "algorithm": "CAPRI",
                 "privacy": {"model": "JDP", "epsilon": 1.0, "delta": 1e-5},
                 "horizon": 400, "rewardBound": 1.0,
                 "kernel": {"type": "RBF", "lengthScale": 0.3},
                 "regularization": 1.0, "contextDimension": 2,
                 "actions": [{"id": "a1", "features": [0.1, 0.9]}, {"id": "a2", "features": [0.7, 0.3]}],
                 "contextPool": [[0.2, 0.4], [0.8, 0.1], [0.5, 0.5]],
                 "feedback": {"waitSeconds": 600, "defaultReward": 0.0}}"""));
    }

    @Test
    void eachLocallyPrivateDecisionReadsIntoItsAlgorithmsInputs() throws Exception {
        Decision capri = SDK.readValue("""
                {"decisionId": "5f1c8a7e-0000-4000-8000-000000000001", "action": "a1", "propensity": 0.5, "epoch": 3,
                 "phase": "EXPLORE", "learning": true,
                 "randomiser": {"epoch": 3, "plan": "/bandits/b/epochs/3/randomiser", "actionFeatures": [0.1, 0.9]}}""",
                Decision.class);
        assertThat(capri.randomiser()).isEqualTo(new CapriLocalInput(3, "/bandits/b/epochs/3/randomiser",
                new double[] {0.1, 0.9}));
        Decision online = SDK.readValue("""
                {"decisionId": "5f1c8a7e-0000-4000-8000-000000000002", "action": "a2", "propensity": 1.0, "epoch": 1,
                 "phase": "EXPLOIT", "learning": true,
                 "randomiser": {"features": [0.6, 0.8], "ticket": {"base": 0, "round": 4, "theta": [0.1, 0.2],
                   "conditioningStd": 0.01},
                   "parameters": {"dimension": 2, "epsilon": 1.0, "delta": 1e-5, "featureBound": 1.0, "rewardBound": 1.0,
                     "gradientBound": 4.0, "release": "JOINT_VECTOR", "calibration": "ANALYTIC"}}}""", Decision.class);
        assertThat(online.randomiser()).isInstanceOfSatisfying(OnlineUcbInput.class, in -> {
            assertThat(in.ticket()).isEqualTo(new OnlineUcbTicket(0, 4, new double[] {0.1, 0.2}, 0.01));
            assertThat(in.parameters()).isEqualTo(OnlineUcbParameters.of(2, 1.0, 1e-5, 4.0));
        });
        Decision gp = SDK.readValue("""
                {"decisionId": "5f1c8a7e-0000-4000-8000-000000000003", "action": "low", "propensity": 1.0, "epoch": 1,
                 "phase": "EXPLOIT", "learning": true,
                 "randomiser": {"features": [0.6, 0.8], "parameters": {"featureDimension": 2, "epsilon": 1.0,
                   "delta": 1e-5, "rewardBound": 1.0, "calibration": "ANALYTIC"}}}""", Decision.class);
        assertThat(gp.randomiser()).isEqualTo(new GpUcbInput(new double[] {0.6, 0.8}, GpUcbParameters.of(2, 1.0, 1e-5,
                1.0)));
        // What the SDK reads it writes back as it came, so a backend forwards it to the device unchanged.
        assertThat(SDK.readTree(SDK.writeValueAsBytes(online))).isEqualTo(SDK.readTree(SDK.writeValueAsBytes(
                SDK.readValue(SDK.writeValueAsBytes(online), Decision.class))));
    }

    @Test
    void theBanditOfADecisionIsNeverReadFromNorWrittenToJson() throws Exception {
        Decision read = SDK.readValue("""
                {"decisionId": "5f1c8a7e-0000-4000-8000-000000000001", "action": "a1", "propensity": 0.5, "epoch": 3,
                 "phase": "EXPLORE", "learning": true, "bandit": "a-name-the-server-chose"}""", Decision.class);
        assertThat(read.bandit()).as("a server cannot name the bandit a device counts under").isNull();
        assertThat(read.withBandit("storefront").bandit()).isEqualTo("storefront");
        assertThat(SDK.readTree(SDK.writeValueAsBytes(read.withBandit("storefront"))).has("bandit")).isFalse();
    }

    @Test
    void aReportIsSentAsTheClientLibrarysReportAndTheDeviceKeepsItsFloor() throws Exception {
        DeviceRandomiser device = new DeviceRandomiser(DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 4),
                ReportLedger.inMemory(), new SeededNoiseSource(7));
        OnlineUcbInput in = new OnlineUcbInput(new double[] {0.6, 0.8}, new OnlineUcbTicket(0, 4,
                new double[] {0.1, 0.2}, 0.01), OnlineUcbParameters.of(2, 1.0, 1e-5, 4.0));
        LocalReport report = device.randomise("b", in, null, 0.7, null);
        assertThat(report).isInstanceOf(LocalReport.OnlineUcb.class);
        assertThat(sameJson(SDK.readTree(SDK.writeValueAsBytes(report)), new ObjectMapper().valueToTree(report.report())))
                .isTrue();
        assertThat(SDK.readTree(SDK.writeValueAsBytes(report)).has("report")).as("the report itself, not a wrapper")
                .isFalse();
        OnlineUcbInput greedy = new OnlineUcbInput(in.features(), in.ticket(), OnlineUcbParameters.of(2, 8.0, 1e-5, 4.0));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> device.randomise("b", greedy, null, 0.7, null))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class);
        GpUcbReport gp = device.randomise("b", new GpUcbInput(new double[] {0.6, 0.8}, GpUcbParameters.of(2, 1.0, 1e-5, 1.0)),
                1.0);
        assertThat(gp.noisyGram()).hasSize(3);
    }
}
