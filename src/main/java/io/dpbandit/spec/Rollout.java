package io.dpbandit.spec;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.dpbandit.validation.Finite;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * Launching next to the product's current logic (docs/launch.md).
 *
 * @param share           the bias s of the public coin: a decision that names a baseline is served by
 *                        the bandit with probability s, else by the baseline (default 0.5)
 * @param promotion       MANUAL (default: an admin promotes or rolls back) or AUTO (the service
 *                        promotes when a window's lift interval is above 0, rolls back when it is
 *                        below 0)
 * @param evaluationShare the share of the bandit's Gaussian budget (μ²) the evaluation spends; the
 *                        learning is calibrated to the rest (default 0.05)
 * @param looks           how many evaluation releases the public schedule holds (default 20): the
 *                        interval is union-bounded over them
 * @param window          decisions per evaluation release (default ⌈horizon / looks⌉)
 * @param confidence      the intervals' simultaneous confidence over the schedule (default 0.95)
 * @param rewardRange     [low, high]: the evaluation clips each reward to it, so its sensitivity is
 *                        high − low (default the learning's clip, [−rewardBound, rewardBound] shifted
 *                        by tuning.rewardOffset); [0, 1] for click-or-not rewards halves the
 *                        intervals of the default's [−1, 1]
 * @param firstAutoLook   AUTO acts from this look on (default 1): a later one keeps a bandit in its
 *                        uniform first epoch from being judged against a baseline better than uniform
 */
@Schema(description = "Launch next to the product's current logic (defaults in brackets): share [0.5], "
        + "promotion [MANUAL], evaluationShare [0.05], looks [20], window [ceil(horizon / looks)], confidence "
        + "[0.95], rewardRange [the learning's reward clip], firstAutoLook [1]")
public record Rollout(@DecimalMin("0.0") @DecimalMax("1.0") @Finite Double share,
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) Promotion promotion,
        @DecimalMin(value = "0.0", inclusive = false) @DecimalMax("0.5") @Finite Double evaluationShare,
        @Min(1) @Max(1000) Integer looks,
        @Min(2) @Max(SpecLimits.MAX_HORIZON) Integer window,
        @DecimalMin("0.5") @DecimalMax("0.9999") @Finite Double confidence,
        @jakarta.validation.constraints.Size(min = 2, max = 2) List<@NotNull @Finite Double> rewardRange,
        @Min(1) @Max(1000) Integer firstAutoLook) {

    /** The first look AUTO acts on (1 when unset). */
    public int firstAutoLookOrFirst() {
        return firstAutoLook == null ? 1 : firstAutoLook;
    }

    /** Who decides when the trial ends. */
    public enum Promotion { MANUAL, AUTO }
}
