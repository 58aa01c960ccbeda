package io.dpbandit.algorithms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.dpbandit.algorithms.capri.CapriAlgorithm;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.MedianLengthScale;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriDefaults;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.linucb.LinearDefaults;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.DefaultChoice;
import io.dpbandit.spec.Profile;
import io.dpbandit.spec.TuningMode;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The LEARN profile, from the caller's side: what a spec that leaves options out gets (the choices
 * the planners make from public facts, each listed with its reason), that any option the spec sets
 * wins, that {@code "profile": "PAPER"} keeps each paper's algorithm, and that a normalised spec
 * (choices and all) normalises again unchanged, so a stored spec sent back is the same bandit.
 */
class LearnDefaultsTest {

    /** A LINUCB bandit over ten labels (no features) with contexts of 7 numbers, as a product would send it. */
    static Map<String, Object> labels(String id, int horizon, double epsilon) {
        List<Map<String, Object>> actions = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            actions.add(Map.of("id", "label-" + i));
        }
        return Specs.map("id", id, "algorithm", "LINUCB",
                "privacy", Map.of("epsilon", epsilon, "delta", 1e-5), "horizon", horizon, "contextDimension", 7,
                "actions", actions);
    }

    static BanditSpec normalise(Map<String, Object> json) {
        return SpecValidation.normalise(Specs.spec(json));
    }

    static Map<String, String> choices(BanditSpec s) {
        return s.choices().stream().collect(Collectors.toMap(DefaultChoice::field, DefaultChoice::value));
    }

    @Test
    void linucbOverLabelsTakesPerActionEpochsWithThePlannedFirstEpoch() {
        BanditSpec s = normalise(labels("labels", 20_000, 1.0));
        assertThat(s.profile()).isEqualTo(Profile.LEARN);
        assertThat(s.linear().featureMap()).isEqualTo(JointFeatureMap.Kind.PER_ACTION);
        assertThat(s.linear().release()).isEqualTo(LinUcbConfig.Release.EPOCHS);
        assertThat(s.actions()).allSatisfy(a -> assertThat(a.features()).hasSize(10));
        LinearDefaults.Choice rule = LinearDefaults.choose(20_000, 10, 7, true, 1.0, 1e-5, 1,
                SpecValidation.defaultLeafRounds(20_000));
        assertThat(s.linear().firstEpoch()).isEqualTo(rule.firstEpoch());
        assertThat(choices(s)).containsOnlyKeys("linear.featureMap", "linear.release", "linear.firstEpoch")
                .containsEntry("linear.featureMap", "PER_ACTION").containsEntry("linear.release", "EPOCHS");
        assertThat(s.choices()).allSatisfy(c -> assertThat(c.reason()).isNotBlank());
        // A stronger privacy level makes the first release wait for more rows, never fewer.
        double strict = normalise(labels("strict", 20_000, 0.25)).linear().firstEpoch();
        assertThat(strict).isGreaterThanOrEqualTo(s.linear().firstEpoch());
    }

    @Test
    void onlineucbOverLabelsTakesPerActionUnlessTheSpecSaysOtherwise() {
        Map<String, Object> labels = labels("ldp-labels", 20_000, 1.0);
        labels.put("algorithm", "ONLINEUCB");
        BanditSpec s = normalise(labels);
        assertThat(s.linear().featureMap()).isEqualTo(JointFeatureMap.Kind.PER_ACTION);
        assertThat(s.actions()).allSatisfy(a -> assertThat(a.features()).hasSize(10));
        assertThat(choices(s)).containsOnlyKeys("linear.featureMap").containsEntry("linear.featureMap", "PER_ACTION");
        BanditSpec twice = SpecValidation.normalise(s);
        assertThat(twice.choices()).as("the normalised spec sent back pins the map: nothing is chosen").isEmpty();
        assertThat(twice.withChoices(s.choices())).usingRecursiveComparison().isEqualTo(s);

        Map<String, Object> outer = labels("ldp-outer", 20_000, 1.0);
        outer.put("algorithm", "ONLINEUCB");
        List<Map<String, Object>> oneHot = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double[] e = new double[10];
            e[i] = 1;
            oneHot.add(Map.of("id", "label-" + i, "features", Arrays.stream(e).boxed().toList()));
        }
        outer.put("actions", oneHot);
        BanditSpec o = normalise(outer);
        assertThat(o.linear().featureMap()).as("one-hot features keep the map such a spec was served with before")
                .isEqualTo(JointFeatureMap.Kind.OUTER_PRODUCT);
        assertThat(o.choices()).isEmpty();
        Map<String, Object> said = labels("ldp-said", 20_000, 1.0);
        said.put("algorithm", "ONLINEUCB");
        said.put("actions", oneHot);
        said.put("linear", Map.of("featureMap", "PER_ACTION"));
        assertThat(normalise(said).linear().featureMap()).as("the spec's map wins")
                .isEqualTo(JointFeatureMap.Kind.PER_ACTION);

        Map<String, Object> paper = labels("ldp-paper", 20_000, 1.0);
        paper.put("algorithm", "ONLINEUCB");
        paper.put("profile", "PAPER");
        InvalidRequestException e = catchThrowableOfType(InvalidRequestException.class, () -> normalise(paper));
        assertThat(e.problems()).extracting(InvalidRequestException.FieldProblem::field).contains("actions[0].features");
    }

    @Test
    void whatALinucbSpecSetsWins() {
        Map<String, Object> tree = labels("tree", 20_000, 1.0);
        tree.put("linear", Map.of("release", "TREE"));
        BanditSpec t = normalise(tree);
        assertThat(t.linear().release()).isEqualTo(LinUcbConfig.Release.TREE);
        assertThat(choices(t)).containsOnlyKeys("linear.featureMap");

        Map<String, Object> first = labels("first", 20_000, 1.0);
        first.put("linear", Map.of("firstEpoch", 0.3));
        BanditSpec f = normalise(first);
        assertThat(f.linear().firstEpoch()).isEqualTo(0.3);
        assertThat(choices(f)).containsOnlyKeys("linear.featureMap", "linear.release");

        Map<String, Object> radius = labels("radius", 20_000, 1.0);
        radius.put("linear", Map.of("radiusScale", 0.5));
        BanditSpec r = normalise(radius);
        assertThat(r.linear().release()).as("a radius scale is the tree's").isEqualTo(LinUcbConfig.Release.TREE);
        assertThat(r.choices()).filteredOn(c -> c.field().equals("linear.release"))
                .singleElement().satisfies(c -> assertThat(c.reason()).contains("radius scale"));

        BanditSpec features = normalise(Specs.linear("features", "LINUCB", 1000, 600));
        assertThat(features.linear().featureMap()).isEqualTo(JointFeatureMap.Kind.OUTER_PRODUCT);
        assertThat(features.linear().release()).isEqualTo(LinUcbConfig.Release.TREE);
        assertThat(features.choices()).singleElement().satisfies(c -> {
            assertThat(c.field()).isEqualTo("linear.release");
            assertThat(c.reason()).contains("features");
        });
    }

    @Test
    void thePaperProfileKeepsTheLinucbPaper() {
        Map<String, Object> spec = Specs.linear("paper", "LINUCB", 1000, 600);
        spec.put("profile", "PAPER");
        BanditSpec s = normalise(spec);
        assertThat(s.linear().release()).isEqualTo(LinUcbConfig.Release.TREE);
        assertThat(s.linear().mode()).isEqualTo(CalibrationMode.PAPER);
        assertThat(s.tuning().mode()).isEqualTo(TuningMode.PAPER);
        assertThat(s.privacy().accountant()).as("the paper's own accounting").isEqualTo(Accountant.BASIC);
        assertThat(s.choices()).isEmpty();
        // Labels without features are LEARN's reading; under PAPER the map must be said.
        Map<String, Object> labels = labels("paper-labels", 1000, 1.0);
        labels.put("profile", "paper");
        InvalidRequestException e = catchThrowableOfType(InvalidRequestException.class, () -> normalise(labels));
        assertThat(e.problems()).extracting(InvalidRequestException.FieldProblem::field).contains("actions[0].features");
    }

    @Test
    void capriLeftToLearnTakesTheMedianRuleParallelEpochsAndThePlannedExploitShare() {
        Map<String, Object> json = Specs.capriLearn("learn", 20_000, 600);
        json.remove("kernel");
        json.remove("regularization");
        BanditSpec s = normalise(json);
        List<double[]> features = s.actions().stream().map(BanditSpec.Action::features).toList();
        assertThat(s.kernel().lengthScale()).isEqualTo(MedianLengthScale.of(s.contextPool(), features));
        assertThat(s.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.PARALLEL);
        assertThat(s.tuning().exploit()).isEqualTo(CapriConfig.Refinements.Exploit.ARGMAX);
        double share = s.tuning().exploitShare();
        assertThat(Arrays.stream(CapriDefaults.EXPLOIT_SHARES).boxed().toList()).contains(share);
        assertThat(choices(s)).containsOnlyKeys("regularization", "kernel", "privacy.composition", "tuning.exploit",
                "tuning.exploitShare");
        assertThat(s.regularization()).isEqualTo(0.1);
        // The horizon counts decisions: CAPRI learns over the (1 - s) share of them.
        assertThat(CapriAlgorithm.config(s).horizon()).isEqualTo((int) Math.floor((1 - share) * 20_000));
        assertThat(CapriAlgorithm.learningHorizon(s.withProfile(null))).as("a spec stored before profiles")
                .isEqualTo(20_000);
    }

    @Test
    void capriKeepsWhatItsSpecSetsAndThePaperUnderPaper() {
        BanditSpec pinned = normalise(Specs.capri("pinned", 400, 600));
        assertThat(pinned.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.SEQUENTIAL);
        assertThat(pinned.tuning().exploit()).isEqualTo(CapriConfig.Refinements.Exploit.NONE);
        assertThat(pinned.choices()).isEmpty();
        assertThat(CapriAlgorithm.config(pinned).horizon()).isEqualTo(400);

        Map<String, Object> paper = Specs.capriLearn("paper", 400, 600);
        paper.put("profile", "PAPER");
        BanditSpec p = normalise(paper);
        assertThat(p.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.SEQUENTIAL);
        assertThat(p.tuning().exploit()).isEqualTo(CapriConfig.Refinements.Exploit.NONE);
        assertThat(p.tuning().mode()).isEqualTo(TuningMode.PAPER);
        assertThat(p.privacy().accountant()).isEqualTo(Accountant.BASIC);
        assertThat(p.choices()).isEmpty();
        assertThat(p.regularization()).isEqualTo(1.0);
    }

    @Test
    void capriAtUserLevelStaysSequentialWhereOnlyTheSplitIsValid() {
        Map<String, Object> gaussian = Specs.capriLearn("users", 2000, 600);
        gaussian.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5, "unit", "USER", "maxRoundsPerUser", 3));
        BanditSpec g = normalise(gaussian);
        assertThat(g.privacy().composition()).as("Gaussian DP sums a user's epochs")
                .isEqualTo(CapriConfig.EpochComposition.PARALLEL);
        assertThat(g.privacy().accountant()).isEqualTo(Accountant.EXACT);

        Map<String, Object> basic = Specs.capriLearn("users-basic", 2000, 600);
        basic.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5, "unit", "USER", "maxRoundsPerUser", 3,
                "accountant", "BASIC"));
        BanditSpec b = normalise(basic);
        assertThat(b.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.SEQUENTIAL);
        assertThat(b.choices()).filteredOn(c -> c.field().equals("privacy.composition")).singleElement()
                .satisfies(c -> assertThat(c.reason()).contains("BASIC"));
    }

    @Test
    void capriLdpKeepsThePaperDecisionsAndSplit() {
        Map<String, Object> ldp = Specs.capriLdp("ldp");
        ldp.remove("tuning");
        BanditSpec s = normalise(ldp);
        assertThat(s.privacy().composition()).isEqualTo(CapriConfig.EpochComposition.SEQUENTIAL);
        assertThat(s.tuning().exploit()).isEqualTo(CapriConfig.Refinements.Exploit.NONE);
        assertThat(s.choices()).isEmpty();
    }

    @Test
    void aNormalisedSpecNormalisesAgainToTheSameOptionsAndChoosesNothing() {
        Map<String, Object> json = Specs.capriLearn("again", 5000, 600);
        json.remove("kernel");
        for (BanditSpec once : List.of(normalise(json), normalise(labels("again-linucb", 5000, 1.0)))) {
            assertThat(once.choices()).isNotEmpty();
            BanditSpec twice = SpecValidation.normalise(once);
            // Every option is pinned now, so nothing is chosen (the registry compares specs without choices).
            assertThat(twice.choices()).isEmpty();
            assertThat(twice.withChoices(once.choices())).usingRecursiveComparison().isEqualTo(once);
        }
    }

    @Test
    void aRequestsOwnChoicesNeverSurvive() {
        Map<String, Object> json = labels("forged", 5000, 1.0);
        List<Map<String, String>> forged = List.of(Map.of("field", "linear.release", "value", "TREE",
                "reason", "forged"));
        json.put("choices", forged);
        assertThat(normalise(json).choices()).extracting(DefaultChoice::reason).doesNotContain("forged");
        Map<String, Object> paper = Specs.linear("forged-paper", "LINUCB", 1000, 600);
        paper.put("profile", "PAPER");
        paper.put("choices", forged);
        assertThat(normalise(paper).choices()).as("PAPER chooses nothing, and keeps no request's list").isEmpty();
    }

    /** A spec with problems is answered with every problem (a 400), never an exception from a choice. */
    @Test
    void choicesNeverTurnABadSpecIntoAnError() {
        Map<String, Object> zeroDelta = labels("zero-delta", 5000, 1.0);
        zeroDelta.put("privacy", Map.of("epsilon", 1.0, "delta", 0.0));
        assertThat(catchThrowableOfType(InvalidRequestException.class, () -> normalise(zeroDelta)).problems())
                .extracting(InvalidRequestException.FieldProblem::field).contains("privacy.delta");
        Map<String, Object> noDimension = labels("no-dimension", 5000, 1.0);
        noDimension.put("contextDimension", 0);
        assertThat(catchThrowableOfType(InvalidRequestException.class, () -> normalise(noDimension)).problems())
                .extracting(InvalidRequestException.FieldProblem::field).contains("actions[0].features");
        Map<String, Object> samePoints = Specs.capriLearn("same-points", 5000, 600);
        samePoints.remove("kernel");
        samePoints.put("actions", List.of(Map.of("id", "a", "features", List.of(0.5, 0.5)),
                Map.of("id", "b", "features", List.of(0.5, 0.5))));
        samePoints.put("contextPool", List.of(List.of(0.2, 0.4)));
        assertThat(catchThrowableOfType(InvalidRequestException.class, () -> normalise(samePoints)).problems())
                .extracting(InvalidRequestException.FieldProblem::field).containsExactly("kernel");
    }
}
