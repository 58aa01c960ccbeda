package io.dpbandit.algorithms;

import io.dpbandit.policy.CalibrationMode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.algorithms.sequential.LinearSection;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.spec.TuningMode;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of {@link SpecValidation}: the common ones, the ownership of the optional sections
 * (messages built from the registry), each descriptor's own rules, the defaults it fills in, that
 * a normalised spec validates again unchanged, and that one answer lists every problem.
 */
class SpecValidationTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static BanditSpec normalise(Map<String, Object> json) {
        return SpecValidation.normalise(Specs.spec(json));
    }

    /** The problems of an invalid spec, field to message, in the order of the answer. */
    static Map<String, String> problems(Map<String, Object> json) {
        return problems(json, SpecLimits.defaults());
    }

    static Map<String, String> problems(Map<String, Object> json, SpecLimits limits) {
        InvalidRequestException e = catchThrowableOfType(InvalidRequestException.class,
                () -> SpecValidation.normalise(Specs.spec(json), limits, List.of()));
        assertThat(e).as("the spec is refused").isNotNull();
        Map<String, String> out = new LinkedHashMap<>();
        e.problems().forEach(p -> out.merge(p.field(), p.message(), (a, b) -> a + " | " + b));
        return out;
    }

    /** A copy of a spec with one field replaced (null removes it). */
    static Map<String, Object> with(Map<String, Object> spec, String field, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(spec);
        if (value == null) {
            copy.remove(field);
        } else {
            copy.put(field, value);
        }
        return copy;
    }

    static String owners(OptionsSection<?> section) {
        return owners(Algorithms.all().stream().filter(d -> d.options().contains(section))
                .map(d -> d.algorithm().name()).toList());
    }

    static String owners(SpecSection section) {
        return owners(Algorithms.all().stream().filter(d -> d.sections().contains(section))
                .map(d -> d.algorithm().name()).toList());
    }

    private static String owners(List<String> names) {
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    static Stream<Map<String, Object>> validSpecs() {
        Map<String, Object> refined = Specs.capri("capri-refined", 400, 600);
        refined.put("tuning", Map.of("elimination", "PAIRWISE", "projectionCap", 200, "projection", "PLANNED",
                "tauRule", "PLANNED", "rewardOffset", 0.5, "residualFloor", 0.2));
        refined.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5, "composition", "PARALLEL"));
        Map<String, Object> paperLinear = Specs.linear("lin-paper", "LINUCB", 100, 600);
        paperLinear.put("linear", Map.of("mode", "PAPER", "noise", "WISHART", "featureMap", "ACTION"));
        return Stream.of(Specs.capri("capri", 100, 600), Specs.capriLdp("capri-ldp"), refined,
                Specs.usca("usca", 10, 0.5, 1.0), Specs.linear("lin", "LINUCB", 100, 600), paperLinear,
                Specs.linear("online", "ONLINEUCB", 100, 600), Specs.gp("gp", "JDP", 100), Specs.gp("gp-ldp", "LDP", 100),
                with(Specs.gp("gp-floor", "JDP", 100), "gpucb", Map.of("regulariser", "FLOOR", "radiusScale", 0.3)));
    }

    @ParameterizedTest
    @MethodSource("validSpecs")
    void aNormalisedSpecValidatesAgainUnchanged(Map<String, Object> json) throws Exception {
        // Unchanged but for its choices: every option is pinned the second time, so nothing is chosen
        // (the choices are the service's record of the first normalisation; the registry compares
        // specs without them).
        BanditSpec once = normalise(json);
        BanditSpec twice = SpecValidation.normalise(once);
        assertThat(twice.choices()).isEmpty();
        assertThat(JSON.writeValueAsString(twice.withChoices(once.choices()))).isEqualTo(JSON.writeValueAsString(once));
        // and through its stored JSON, as a restarted service reads it
        BanditSpec stored = JSON.readValue(JSON.writeValueAsString(once), BanditSpec.class);
        assertThat(JSON.writeValueAsString(SpecValidation.normalise(stored).withChoices(once.choices())))
                .isEqualTo(JSON.writeValueAsString(once));
    }

    @Test
    void aMissingSpecIsOneProblemOfTheBody() {
        InvalidRequestException e = catchThrowableOfType(InvalidRequestException.class,
                () -> SpecValidation.normalise(null, SpecLimits.defaults(), List.of()));
        assertThat(e.problems()).containsExactly(new InvalidRequestException.FieldProblem("body",
                "a bandit spec is required"));
    }

    @Test
    void theCommonDefaultsAreFilledIn() {
        Map<String, Object> bare = Specs.capri("bare", 100, 600);
        bare.put("profile", "PAPER");
        bare.put("tuning", Map.of("mode", "ENGINEERED"));
        bare.remove("rewardBound");
        bare.remove("regularization");
        bare.remove("feedback");
        bare.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5));
        BanditSpec s = normalise(bare);
        assertThat(s.rewardBound()).isEqualTo(1.0);
        assertThat(s.regularization()).isEqualTo(1.0);
        assertThat(s.feedback()).isEqualTo(new io.dpbandit.spec.Feedback(600, 0.0));
        assertThat(s.privacy().model()).as("the algorithm's first model").isEqualTo(PrivacyModel.JDP);
        assertThat(s.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.SEQUENTIAL);
        assertThat(s.privacy().totalEpsilon()).as("CAPRI's epsilon is its total").isNull();
        BanditSpec.Tuning t = s.tuning();
        var paper = CapriConfig.Refinements.paper();
        assertThat(t.mode()).isEqualTo(TuningMode.ENGINEERED);
        assertThat(t.confidenceScale()).isEqualTo(3e-4);
        assertThat(t.projectionCap()).isEqualTo(1000);
        assertThat(t.approximationSize()).isEqualTo(1000);
        assertThat(t.clippingQuantile()).isEqualTo(1.0);
        assertThat(t.elimination()).isEqualTo(paper.elimination());
        assertThat(t.statisticalWidth()).isEqualTo(paper.statistical());
        assertThat(t.projection()).isEqualTo(paper.projection());
        assertThat(t.tauRule()).isEqualTo(paper.tau());
        assertThat(t.rewardOffset()).isEqualTo(0.0);
        assertThat(t.residualFloor()).isEqualTo(0.1);
        assertThat(t.exploit()).as("the paper's decisions").isEqualTo(CapriConfig.Refinements.Exploit.NONE);
        assertThat(t.exploitShare()).isEqualTo(0.0);

        BanditSpec paperMode = normalise(with(bare, "tuning", Map.of("mode", "PAPER")));
        assertThat(paperMode.tuning().confidenceScale()).as("PAPER's statistical scale").isEqualTo(1.0);
    }

    @Test
    void privacyDefaultsFollowTheAlgorithm() {
        BanditSpec usca = normalise(Specs.usca("usca", 10, 0.5, 1.0));
        assertThat(usca.privacy().delta()).as("pure DP").isEqualTo(0.0);
        assertThat(usca.privacy().totalEpsilon()).isEqualTo(1.0);
        Map<String, Object> oneRelease = Specs.usca("usca-1", 10, 0.5, 1.0);
        oneRelease.put("privacy", Map.of("epsilon", 0.5));
        assertThat(normalise(oneRelease).privacy().totalEpsilon()).as("one release by default").isEqualTo(0.5);
        assertThat(normalise(Specs.linear("online", "ONLINEUCB", 100, 600)).privacy().model())
                .as("ONLINEUCB serves LDP only").isEqualTo(PrivacyModel.LDP);
    }

    @Test
    void contextDimensionActionsAndPoolAreBoundedByTheLimits() {
        SpecLimits small = new SpecLimits(3, 3, 2);
        Map<String, Object> spec = Specs.capri("limits", 100, 600);
        spec.put("contextDimension", 4);
        spec.put("actions", List.of(Map.of("id", "a", "features", List.of(0.1)), Map.of("id", "b",
                "features", List.of(0.1)), Map.of("id", "c", "features", List.of(0.1)), Map.of("id", "d",
                "features", List.of(0.1))));
        assertThat(problems(spec, small)).containsEntry("contextDimension", "must be at most 3")
                .containsEntry("actions", "must list 2 to 3 actions")
                .containsEntry("contextPool", "must hold 1 to 2 public contexts");

        Map<String, Object> one = with(Specs.capri("one", 100, 600), "actions",
                List.of(Map.of("id", "a", "features", List.of(0.1, 0.9))));
        assertThat(problems(one)).containsEntry("actions", "must list 2 to 1000 actions");
        Map<String, Object> wide = with(Specs.capri("wide", 100, 600), "actions", List.of(
                Map.of("id", "a", "features", List.of(0.1, 0.2, 0.3, 0.4)), Map.of("id", "b", "features",
                        List.of(0.1, 0.2, 0.3, 0.4))));
        assertThat(problems(wide, small)).containsEntry("actions[0].features", "must hold at most 3 numbers")
                .containsEntry("actions[1].features", "must hold at most 3 numbers");
        assertThat(problems(with(Specs.capri("empty", 100, 600), "contextPool", List.of())))
                .containsEntry("contextPool", "must hold 1 to 100000 public contexts");
    }

    @Test
    void actionsHaveDistinctIdsAndOneFeatureLength() {
        List<Object> actions = new ArrayList<>(List.of(Map.of("id", "a", "features", List.of(0.1, 0.2)),
                Map.of("id", "a", "features", List.of(0.3, 0.4)), Map.of("id", "b", "features", List.of(0.5))));
        actions.add(null);
        Map<String, String> p = problems(with(Specs.capri("actions", 100, 600), "actions", actions));
        assertThat(p).containsEntry("actions[1].id", "duplicates the id 'a'")
                .containsEntry("actions[2].features", "must have the same length as the first action's (2)")
                .containsEntry("actions[3]", "must not be null");
    }

    @Test
    void poolContextsHaveTheContextDimension() {
        List<Object> pool = new ArrayList<>(List.of(List.of(0.2, 0.4), List.of(0.1)));
        assertThat(problems(with(Specs.capri("pool", 100, 600), "contextPool", pool)))
                .containsEntry("contextPool[1]", "must hold 2 numbers (contextDimension)");
        List<Object> withNull = new ArrayList<>(List.of(List.of(0.2, 0.4)));
        withNull.add(null);
        assertThat(problems(with(Specs.capri("pool", 100, 600), "contextPool", withNull)))
                .containsEntry("contextPool[1]", "must not be null");
    }

    @Test
    void privacyModelsAreTheDescriptorsAndTheMessagesNameTheAlgorithmsThatServeTheOther() {
        String ldpServers = Algorithms.all().stream().filter(d -> d.privacyModels().contains(PrivacyModel.LDP))
                .map(d -> d.algorithm().name()).collect(Collectors.toList()).toString();
        assertThat(ldpServers).isEqualTo("[CAPRI, ONLINEUCB, GPUCB]");
        Map<String, Object> ldpUsca = Specs.usca("usca", 10, 0.5, 1.0);
        ldpUsca.put("privacy", Map.of("model", "LDP", "epsilon", 0.5));
        assertThat(problems(ldpUsca)).containsEntry("privacy.model", "USCA is JDP only; LDP (a randomiser on the "
                + "user's device) is served by CAPRI, ONLINEUCB and GPUCB");
        Map<String, Object> ldpLin = Specs.linear("lin", "LINUCB", 100, 600);
        ldpLin.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5));
        assertThat(problems(ldpLin)).containsEntry("privacy.model", "LINUCB is JDP only; LDP (a randomiser on the "
                + "user's device) is served by " + Algorithms.names(d -> d.privacyModels().contains(PrivacyModel.LDP)));
        Map<String, Object> jdpOnline = Specs.linear("online", "ONLINEUCB", 100, 600);
        jdpOnline.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5));
        assertThat(problems(jdpOnline)).containsEntry("privacy.model", "ONLINEUCB is locally private: LDP");
    }

    @Test
    void deltaIsRequiredExceptForPureDp() {
        Map<String, Object> capri = Specs.capri("capri", 100, 600);
        for (Object delta : new Object[] {null, 0.0, 1.0, -1e-5}) {
            Map<String, Object> privacy = new HashMap<>(Map.of("model", "JDP", "epsilon", 1.0));
            privacy.put("delta", delta);
            assertThat(problems(with(capri, "privacy", privacy))).as("delta %s", delta)
                    .containsEntry("privacy.delta", "must lie between 1.0E-30 and 0.1 for CAPRI");
        }
        Map<String, Object> usca = Specs.usca("usca", 10, 0.5, 1.0);
        for (double delta : new double[] {1.0, 0.3, 1e-5, Double.MIN_VALUE, -1e-5}) {
            assertThat(problems(with(usca, "privacy", Map.of("epsilon", 0.5, "delta", delta)))).as("delta %s", delta)
                    .containsEntry("privacy.delta", "must be 0 or absent for USCA: its mechanism is pure epsilon-DP "
                            + "and uses no delta (the ledger charges delta = 0)");
        }
        assertThat(normalise(with(usca, "privacy", Map.of("epsilon", 0.5, "delta", 0.0))).privacy().delta())
                .as("an explicit 0 is what a pure-DP algorithm spends").isEqualTo(0.0);
        assertThat(normalise(usca).privacy().delta()).as("absent").isEqualTo(0.0);
    }

    @Test
    void theTotalEpsilonAndTheCompositionBelongToTheirAlgorithms() {
        assertThat(problems(with(Specs.usca("usca", 10, 0.5, 1.0), "privacy", Map.of("epsilon", 0.5,
                "totalEpsilon", 0.25)))).containsEntry("privacy.totalEpsilon", "must be at least epsilon");
        assertThat(problems(with(Specs.capri("capri", 100, 600), "privacy", Map.of("epsilon", 1.0, "delta", 1e-5,
                "totalEpsilon", 2.0)))).containsEntry("privacy.totalEpsilon", "applies to "
                        + owners(SpecSection.TOTAL_EPSILON) + " only; CAPRI's epsilon is already its total");
        assertThat(problems(with(Specs.usca("usca", 10, 0.5, 1.0), "privacy", Map.of("epsilon", 0.5,
                "composition", "PARALLEL")))).containsEntry("privacy.composition", "applies to "
                        + owners(SpecSection.EPOCH_COMPOSITION) + " only; USCA composes sequentially");
        assertThat(owners(SpecSection.TOTAL_EPSILON)).isEqualTo("USCA");
        assertThat(owners(SpecSection.EPOCH_COMPOSITION)).isEqualTo("CAPRI");
    }

    @Test
    void theDefaultRewardLiesWithinTheRewardRange() {
        Map<String, Object> spec = Specs.capri("capri", 100, 600);
        spec.put("rewardBound", 0.5);
        spec.put("feedback", Map.of("defaultReward", 0.75));
        assertThat(problems(spec)).containsEntry("feedback.defaultReward",
                "must lie within [-rewardBound, rewardBound]");
        spec.put("tuning", Map.of("rewardOffset", 0.5));
        assertThat(normalise(spec).feedback().defaultReward()).as("within [0, 1] around the offset").isEqualTo(0.75);
        spec.put("feedback", Map.of("defaultReward", -0.25));
        assertThat(problems(spec)).containsEntry("feedback.defaultReward",
                "must lie within [rewardOffset - rewardBound, rewardOffset + rewardBound]");
    }

    @Test
    void aLocallyPrivateBanditsDefaultRewardIsZero() {
        Map<String, Object> spec = Specs.capriLdp("ldp");
        spec.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.5));
        assertThat(problems(spec)).containsOnlyKeys("feedback.defaultReward");
        assertThat(problems(spec).get("feedback.defaultReward")).startsWith("must be 0 for a locally private bandit");
    }

    @Test
    void requiredSectionsNameEveryAlgorithmThatReadsThem() {
        assertThat(problems(with(with(Specs.capri("capri", 100, 600), "kernel", null), "profile", "PAPER")))
                .containsEntry("kernel",
                "is required for " + owners(SpecSection.KERNEL) + ", e.g. {\"type\": \"RBF\", \"lengthScale\": 0.3}");
        assertThat(owners(SpecSection.KERNEL)).isEqualTo("CAPRI, USCA and GPUCB");
        assertThat(problems(with(Specs.usca("usca", 10, 0.5, 1.0), "contextPool", null))).containsEntry(
                "contextPool", "is required for " + owners(SpecSection.CONTEXT_POOL) + ": the public contexts");
        assertThat(owners(SpecSection.CONTEXT_POOL)).isEqualTo("CAPRI and USCA");
        assertThat(problems(with(Specs.gp("gp", "JDP", 100), "kernel", null))).containsKey("kernel");
    }

    @Test
    void optionalSectionsAreRefusedWhereTheAlgorithmDoesNotReadThem() {
        assertThat(problems(with(Specs.capri("capri", 100, 600), "linear", Map.of("featureMap", "ACTION"))))
                .containsEntry("linear", "applies to " + owners(LinearSection.OPTIONS) + " only");
        assertThat(owners(LinearSection.OPTIONS)).isEqualTo("LINUCB and ONLINEUCB");
        assertThat(problems(with(Specs.linear("lin", "LINUCB", 100, 600), "gpucb", Map.of("nodesPerDimension", 3))))
                .containsEntry("gpucb", "applies to GPUCB only");
        for (Map<String, Object> tuning : List.<Map<String, Object>>of(Map.of("elimination", "PAIRWISE"),
                Map.of("statisticalWidth", "VARIANCE"), Map.of("projection", "PLANNED"), Map.of("tauRule", "PLANNED"),
                Map.of("rewardOffset", 0.5), Map.of("residualFloor", 0.2), Map.of("exploit", "ARGMAX"))) {
            assertThat(problems(with(Specs.usca("usca", 10, 0.5, 1.0), "tuning", tuning))).as("%s", tuning)
                    .containsEntry("tuning", "elimination, statisticalWidth, projection, tauRule, rewardOffset, "
                            + "residualFloor, exploit and exploitShare apply to " + owners(SpecSection.REFINEMENTS)
                            + " only");
        }
        assertThat(problems(with(Specs.linear("lin", "LINUCB", 100, 600), "tuning", Map.of("exploit", "ARGMAX",
                "exploitShare", 0.5)))).containsKey("tuning");
        assertThat(normalise(with(Specs.usca("usca", 10, 0.5, 1.0), "tuning", Map.of("elimination", "WIDTH",
                "residualFloor", 0.1)))).as("the paper's values are no refinement").isNotNull();
    }

    @Test
    void capriLimitsPairwiseEliminationAndKeepsTheRewardOffsetToJdp() {
        Map<String, Object> pairwise = Specs.capri("capri", 100, 600);
        pairwise.put("tuning", Map.of("elimination", "PAIRWISE", "projectionCap", 301));
        assertThat(problems(pairwise)).containsOnlyKeys("tuning.projectionCap");
        pairwise.put("tuning", Map.of("elimination", "PAIRWISE", "projectionCap", 300));
        assertThat(normalise(pairwise).tuning().projectionCap()).isEqualTo(300);

        Map<String, Object> share = Specs.capri("capri", 100, 600);
        share.put("tuning", Map.of("exploitShare", 0.5));
        assertThat(problems(share)).containsOnlyKeys("tuning.exploitShare");
        share.put("tuning", Map.of("exploit", "NONE", "exploitShare", 0.5));
        assertThat(problems(share)).containsOnlyKeys("tuning.exploitShare");
        share.put("tuning", Map.of("exploit", "ARGMAX", "exploitShare", 0.5));
        assertThat(normalise(share).tuning().refinements())
                .isEqualTo(CapriConfig.Refinements.paper().withExploit(CapriConfig.Refinements.Exploit.ARGMAX, 0.5));

        Map<String, Object> offset = Specs.capriLdp("ldp");
        offset.put("tuning", Map.of("rewardOffset", 0.5));
        assertThat(problems(offset)).containsEntry("tuning.rewardOffset",
                "needs JDP: a CAPRI-LDP device clips its reward to [-B, B]");
    }

    @Test
    void uscaHoldsAnApproximatingSetAboveFiveThousandOnlyOnASmallSupport() {
        Map<String, Object> usca = Specs.usca("usca", 10, 0.5, 1.0);
        usca.put("tuning", Map.of("approximationSize", 6000));
        assertThat(normalise(usca).tuning().approximationSize()).as("support 2 x 2").isEqualTo(6000);
        List<List<Double>> pool = new ArrayList<>();
        for (int i = 0; i < 2501; i++) {
            pool.add(List.of(i / 2501.0, 0.5));
        }
        usca.put("contextPool", pool);
        assertThat(problems(usca)).containsOnlyKeys("tuning.approximationSize");
    }

    @Test
    void theLinearSectionHasItsDefaultsAndItsRules() {
        BanditSpec lin = normalise(Specs.linear("lin", "LINUCB", 100, 600));
        assertThat(lin.linear()).as("LINUCB has no learner; its regulariser and radius scale are stated").isEqualTo(
                new BanditSpec.Linear(JointFeatureMap.Kind.OUTER_PRODUCT, CalibrationMode.ENGINEERED,
                        NodeNoiseKind.GAUSSIAN, null, LinUcbConfig.Regulariser.SHIFT, 1.0, LinUcbConfig.Release.TREE, null));
        BanditSpec online = normalise(Specs.linear("online", "ONLINEUCB", 100, 600));
        assertThat(online.linear()).as("ONLINEUCB has no tree noise").isEqualTo(new BanditSpec.Linear(
                JointFeatureMap.Kind.OUTER_PRODUCT, CalibrationMode.ENGINEERED, null, OnlineUcbConfig.Learner.OGD));
        Map<String, Object> paper = Specs.linear("online", "ONLINEUCB", 100, 600);
        paper.put("linear", Map.of("mode", "PAPER"));
        assertThat(normalise(paper).linear().learner()).isEqualTo(OnlineUcbConfig.Learner.MALER);

        assertThat(problems(with(Specs.linear("lin", "LINUCB", 100, 600), "linear", Map.of("noise", "NONE"))))
                .containsEntry("linear.noise", "must be GAUSSIAN or WISHART: a served bandit is private");
        assertThat(problems(with(Specs.linear("online", "ONLINEUCB", 100, 600), "linear",
                Map.of("noise", "GAUSSIAN")))).containsEntry("linear.noise", "applies to LINUCB only");
        assertThat(problems(with(Specs.linear("lin", "LINUCB", 100, 600), "linear", Map.of("learner", "OGD"))))
                .containsEntry("linear.learner", "applies to ONLINEUCB only");
        assertThat(problems(with(Specs.linear("online", "ONLINEUCB", 100, 600), "linear", Map.of("regulariser",
                "FLOOR", "radiusScale", 0.5, "release", "TREE", "firstEpoch", 0.1))))
                .as("every field the other linear bandit reads, by the registry's declarations")
                .containsEntry("linear.regulariser", "applies to LINUCB only")
                .containsEntry("linear.radiusScale", "applies to LINUCB only")
                .containsEntry("linear.release", "applies to LINUCB only")
                .containsEntry("linear.firstEpoch", "applies to LINUCB only");

        Map<String, Object> big = Specs.linear("big", "LINUCB", 100, 600);
        big.put("contextDimension", 201);
        assertThat(problems(big)).containsEntry("linear.featureMap", "gives 402 features; a linear bandit takes 1 "
                + "to 400");
        Map<String, Object> blocks = Specs.linear("blocks", "LINUCB", 100, 600);
        blocks.put("contextDimension", 3);
        blocks.put("linear", Map.of("featureMap", "CONTEXT_BLOCKS"));
        assertThat(problems(blocks)).containsEntry("linear.featureMap",
                "CONTEXT_BLOCKS needs a context of 2 equal blocks, got dimension 3");
    }

    @Test
    void gpUcbNeedsAnRbfKernelAndAFeatureCountWithinItsCap() {
        BanditSpec gp = normalise(with(Specs.gp("gp", "JDP", 100), "gpucb", null));
        assertThat(gp.gpucb().nodesPerDimension()).as("the default order").isBetween(2, 16);
        assertThat(gp.gpucb().mode()).isEqualTo(CalibrationMode.ENGINEERED);
        assertThat(2 * Math.pow(gp.gpucb().nodesPerDimension(), 2)).isLessThanOrEqualTo(512);

        assertThat(problems(with(Specs.gp("gp", "JDP", 100), "kernel", Map.of("type", "MATERN52", "lengthScale",
                0.5)))).containsEntry("kernel", "GPUCB needs an RBF kernel on the joint point, e.g. {\"type\": \"RBF\", "
                        + "\"lengthScale\": 0.5}: its quadrature Fourier features exist for squared-exponential kernels");
        assertThat(problems(with(Specs.gp("gp", "JDP", 100), "gpucb", Map.of("nodesPerDimension", 17))))
                .containsEntry("gpucb.nodesPerDimension", "gives 578 features; at most 512 (nodesPerDimension <= 16 "
                        + "for d = 2)");
        Map<String, Object> wide = Specs.gp("gp", "JDP", 100);
        wide.put("contextDimension", 8);
        assertThat(problems(wide)).containsEntry("gpucb", "GPUCB's quadrature features grow as 2 * nodes^d: the "
                + "joint point (context and action features, d = 9) must have at most 8 numbers");
    }

    @Test
    void gpUcbsRegulariserAndRadiusScaleHaveDefaultsByModeAndStayWhereTheyApply() {
        BanditSpec engineered = normalise(Specs.gp("gp", "JDP", 100));
        assertThat(engineered.gpucb().regulariser()).isEqualTo(
                io.dpbandit.policy.gpucb.GpUcbConfig.Regulariser.SHIFT);
        assertThat(engineered.gpucb().radiusScale()).isEqualTo(0.1);
        BanditSpec paper = normalise(with(Specs.gp("gp", "JDP", 100), "gpucb", Map.of("mode", "PAPER")));
        assertThat(paper.gpucb().regulariser()).as("paper mode keeps the paper's shift")
                .isEqualTo(io.dpbandit.policy.gpucb.GpUcbConfig.Regulariser.SHIFT);
        assertThat(paper.gpucb().radiusScale()).isEqualTo(1.0);
        BanditSpec chosen = normalise(with(Specs.gp("gp", "LDP", 100), "gpucb", Map.of("regulariser", "FLOOR",
                "radiusScale", 0.0)));
        assertThat(chosen.gpucb().regulariser()).isEqualTo(io.dpbandit.policy.gpucb.GpUcbConfig.Regulariser.FLOOR);
        assertThat(chosen.gpucb().radiusScale()).isZero();
        assertThat(problems(with(Specs.linear("lin", "LINUCB", 100, 600), "gpucb", Map.of("regulariser", "FLOOR"))))
                .containsEntry("gpucb", "applies to GPUCB only");
        assertThat(problems(with(Specs.gp("gp", "JDP", 100), "linear", Map.of("radiusScale", 0.5))))
                .containsEntry("linear", "applies to " + owners(LinearSection.OPTIONS) + " only");
    }

    @Test
    void everyProblemIsReportedInOneAnswerSortedByField() {
        Map<String, Object> spec = Specs.capri("many", 100, 600);
        spec.put("profile", "PAPER");
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "totalEpsilon", 2.0));
        spec.remove("kernel");
        spec.put("linear", Map.of("featureMap", "ACTION"));
        spec.put("feedback", Map.of("defaultReward", 3.0));
        spec.put("tuning", Map.of("elimination", "PAIRWISE", "projectionCap", 1000));
        spec.put("contextPool", List.of(List.of(0.1)));
        List<InvalidRequestException.FieldProblem> annotations = List.of(
                new InvalidRequestException.FieldProblem("horizon", "must be greater than or equal to 1"));
        InvalidRequestException e = catchThrowableOfType(InvalidRequestException.class,
                () -> SpecValidation.normalise(Specs.spec(spec), SpecLimits.defaults(), annotations));
        List<String> fields = e.problems().stream().map(InvalidRequestException.FieldProblem::field).toList();
        assertThat(fields).containsExactly("contextPool[0]", "feedback.defaultReward", "horizon", "kernel", "linear",
                "privacy.delta", "privacy.totalEpsilon", "tuning.projectionCap");
        List<String> sorted = new ArrayList<>(fields);
        Collections.sort(sorted);
        assertThat(fields).isEqualTo(sorted);
        assertThat(e.getMessage()).isEqualTo("contextPool[0]: must hold 2 numbers (contextDimension) (and 7 more)");
    }

    @Test
    void theSameProblemIsReportedOnce() {
        List<InvalidRequestException.FieldProblem> twice = List.of(
                new InvalidRequestException.FieldProblem("horizon", "must be at least 1"),
                new InvalidRequestException.FieldProblem("horizon", "must be at least 1"));
        assertThatThrownBy(() -> SpecValidation.normalise(Specs.spec(Specs.capri("x", 100, 600)),
                SpecLimits.defaults(), twice)).isInstanceOfSatisfying(InvalidRequestException.class,
                        e -> assertThat(e.problems()).hasSize(1));
    }

    @Test
    void everyDescriptorIsRegisteredOnceAndOwnsItsRequiredSections() {
        assertThat(Algorithms.all()).extracting(AlgorithmDescriptor::algorithm)
                .containsExactly(BanditSpec.Algorithm.values());
        for (BanditSpec.Algorithm a : BanditSpec.Algorithm.values()) {
            assertThat(Algorithms.of(a).algorithm()).isEqualTo(a);
            assertThat(Algorithms.of(a).privacyModels()).isNotEmpty();
        }
    }

    /** USCA commits ⌊total/ε⌋ exponential mechanisms, counted in decimals as the ledger counts them, never less. */
    @Test
    void uscaCommitsEveryReleaseTheLedgerWillAllow() {
        BanditSpec spec = normalise(Specs.usca("usca-commit", 10, 0.1, 0.3));
        var commitment = io.dpbandit.algorithms.Algorithms.of(BanditSpec.Algorithm.USCA)
                .create(spec, new io.dpbandit.client.privacy.SeededNoiseSource(1)).commitment();
        assertThat(0.3 / 0.1).as("the double quotient falls short of 3").isLessThan(3.0);
        assertThat(commitment.exponentialCount()).isEqualTo(3);
        assertThat(commitment.exponentialEpsilon()).isEqualTo(0.1);
        assertThat(commitment.gaussianRho()).isNull();
    }

    @Test
    void aRoundLevelBanditCannotShareABudget() {
        Map<String, Object> spec = Specs.capri("shared-round", 100, 600);
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "budget", "households"));
        assertThatThrownBy(() -> normalise(spec)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("privacy.budget");
    }
}
