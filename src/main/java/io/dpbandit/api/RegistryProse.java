package io.dpbandit.api;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.PrivacyModel;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of algorithms in the API document's prose, from the registry: a description says
 * {@code {{sequential}}} where it means "the algorithms that fold every round into their model"
 * and the document served (and openapi.yaml) reads "LINUCB, ONLINEUCB and GPUCB". So a controller
 * names no algorithm, and a new one appears in every sentence it belongs to once it is registered.
 * {@code {{name:or}}} joins the last two with "or".
 */
final class RegistryProse {

    /** Each placeholder's algorithms. */
    static final Map<String, Predicate<AlgorithmDescriptor>> GROUPS = Map.of(
            // Epochs planned and released as a whole (CAPRI's elimination, USCA's exploration).
            "epoch-planned", AlgorithmDescriptor::plansEpochs,
            // Every round folded into the model as its window passes.
            "sequential", d -> !d.plansEpochs(),
            // Released models per epoch, free to query (not charged per context).
            "epoch-models", d -> d.plansEpochs() && !d.pureDp(),
            // Pure epsilon-DP releases charged per context.
            "charged-releases", AlgorithmDescriptor::pureDp,
            // A decision set per round (candidates on /decide).
            "decision-sets", d -> d.sections().contains(SpecSection.DECISION_SETS),
            // Locally private bandits that publish each epoch's randomiser plan.
            "epoch-plans", AlgorithmDescriptor::publishesEpochPlans,
            // Locally private only.
            "local-only", d -> d.privacyModels().equals(List.of(PrivacyModel.LDP)));

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z-]+)(:or)?}}");

    private RegistryProse() {
    }

    /** The text with every placeholder replaced by its algorithms' names; an unknown one is an error. */
    static String fill(String text) {
        if (text == null || !text.contains("{{")) {
            return text;
        }
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Predicate<AlgorithmDescriptor> group = GROUPS.get(m.group(1));
            if (group == null) {
                throw new IllegalStateException("no algorithm group '" + m.group(1) + "' in: " + text);
            }
            String names = Algorithms.names(group);
            if (m.group(2) != null) {
                names = names.replaceFirst(" and (?=[^,]*$)", " or ");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(names));
        }
        m.appendTail(out);
        return out.toString();
    }
}
