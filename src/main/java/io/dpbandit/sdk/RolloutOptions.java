package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/**
 * A spec's {@code rollout} section (docs/launch.md): the bandit is launched next to the product's current
 * logic; null fields take the service's defaults (share 0.5, MANUAL, evaluation share 0.05, 20 looks of
 * ⌈horizon / looks⌉ decisions, confidence 0.95, the learning's reward clip, the first look after the
 * bandit's first uniform epoch).
 *
 * @param share           the public coin's bias: the probability the bandit serves a decision naming a baseline
 * @param promotion       MANUAL or AUTO
 * @param evaluationShare the share of the budget's μ² the evaluation spends
 * @param looks           evaluation releases in the schedule
 * @param window          decisions per release
 * @param confidence      the intervals' simultaneous confidence over the looks
 * @param rewardRange     [low, high] the evaluation clips rewards to
 * @param firstAutoLook   the first look AUTO acts on
 */
@JsonTypeName("rollout")
public record RolloutOptions(Double share, String promotion, Double evaluationShare, Integer looks, Integer window,
        Double confidence, List<Double> rewardRange, Integer firstAutoLook) implements SpecOptions {

    /** A coin of bias {@code share} and AUTO promotion, rewards in [0, 1], every other option at its default. */
    public static RolloutOptions auto(double share) {
        return new RolloutOptions(share, "AUTO", null, null, null, null, List.of(0.0, 1.0), null);
    }
}
