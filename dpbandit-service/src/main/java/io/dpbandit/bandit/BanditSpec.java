package io.dpbandit.bandit;

import io.dpbandit.validation.Finite;
import io.dpbandit.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;

/**
 * A bandit as the operator declares it (HTTP contract). Optional fields are null in a request.
 * Field-level rules are Bean Validation annotations; {@link BanditSpecValidator} adds the rules that
 * span fields or depend on configured limits, fills in the documented defaults, and reports every
 * problem of both kinds in one answer.
 *
 * @param id               bandit id, [A-Za-z0-9][A-Za-z0-9._-]{0,63}
 * @param algorithm        CAPRI or USCA
 * @param privacy          privacy model and budget
 * @param horizon          T
 * @param rewardBound      B: rewards are clipped to [-B, B]
 * @param kernel           kernel on the joint (context, action) vector
 * @param regularization   τ (default 1.0)
 * @param contextDimension dimension of every context
 * @param actions          the action catalogue
 * @param contextPool      the public context pool κ (never user data)
 * @param feedback         reward wait and default reward
 * @param tuning           engineering options
 */
public record BanditSpec(
        @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String id,
        @NotNull(message = "must be CAPRI or USCA") Algorithm algorithm,
        @NotNull(message = "is required, e.g. {\"model\": \"JDP\", \"epsilon\": 1.0, \"delta\": 1e-5}") @Valid
        Privacy privacy,
        @NotNull @Min(1) @Max(BanditSpecValidator.MAX_HORIZON) Integer horizon,
        @Positive @Finite Double rewardBound,
        @NotNull(message = "is required, e.g. {\"type\": \"RBF\", \"lengthScale\": 0.3}") KernelSpec kernel,
        @Positive @Finite Double regularization,
        @NotNull @PositiveOrZero Integer contextDimension,
        @NotNull(message = "must list the actions") List<@NotNull @Valid Action> actions,
        @NotNull(message = "must hold the public contexts") List<@NotNull @Finite double[]> contextPool,
        @Valid Feedback feedback,
        @Valid Tuning tuning) {

    public enum Algorithm { CAPRI, USCA }

    /**
     * @param model        JDP (LDP needs a client-side randomiser and is refused for now)
     * @param epsilon      CAPRI: the run's total ε; USCA: ε charged per released context
     * @param delta        CAPRI's δ (USCA is pure ε-DP and ignores it)
     * @param totalEpsilon USCA only: the ε budget all releases together may spend (default ε: one release)
     * @param composition  CAPRI only: how the epochs' releases compose. SEQUENTIAL (default, the
     *                     paper's): each releasing epoch is charged (ε/L, δ/L). PARALLEL: each
     *                     round's data enters exactly one epoch, so every epoch may use the whole
     *                     (ε, δ); the first release is charged it and later ones nothing.
     */
    public record Privacy(String model, @NotNull @Positive @Finite Double epsilon, @Finite Double delta,
            @Positive @Finite Double totalEpsilon, CapriConfig.EpochComposition composition) {
    }

    public record Action(@NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String id,
            @NotNull @Finite double[] features) {
    }

    /**
     * @param waitSeconds   how long a decision waits for its reward (default 600)
     * @param defaultReward the reward a decision counts with when none arrives in time (default 0)
     */
    public record Feedback(@Min(1) @Max(30 * 24 * 3600) Integer waitSeconds, @Finite Double defaultReward) {
    }

    /**
     * @param mode              PAPER (the paper's algorithm) or ENGINEERED (default; see README)
     * @param confidenceScale   scale of CAPRI's statistical width (default 3e-4; PAPER uses 1)
     * @param projectionCap     cap on CAPRI's projection set S (default 1000)
     * @param approximationSize USCA's approximating set size n_Z (default 1000)
     * @param clippingQuantile  CAPRI's contribution clipping quantile (default 1: support maximum)
     */
    public record Tuning(
            @Pattern(regexp = "(?i)ENGINEERED|PAPER", message = "must be ENGINEERED or PAPER") String mode,
            @Positive @Finite Double confidenceScale,
            @Min(10) @Max(2000) Integer projectionCap,
            @Min(10) @Max(5000) Integer approximationSize,
            @Positive @DecimalMax("1") Double clippingQuantile) {
    }
}
