package io.dpbandit.sim.capri;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.sim.SimulationSettings;
import java.util.Locale;
import java.util.Map;

/**
 * CAPRI's section of the simulator's settings.
 *
 * @param confidenceScale  statistical width scale of engineered CAPRI (paper mode uses 1)
 * @param clippingQuantile contribution clipping quantile of engineered CAPRI (1 = support max)
 * @param projectionCap    m_max
 * @param composition      how (ε, δ) composes over epochs (SEQUENTIAL: the paper's split)
 * @param refinements      the elimination test, projection and τ rules and reward offset
 * @param accountant       how the epoch releases compose; null: the service's default for the
 *                         policy's tuning ({@link #accountant(CapriPolicy.Mode)})
 * @param plannedExploitShare whether each run plays exploit ARGMAX with the share the planner forecasts to learn
 *                         most over it ({@code --exploit-share auto}, {@link io.dpbandit.policy.capri.CapriDefaults};
 *                         a prototype of issue 33) instead of the refinements' own
 */
public record CapriSettings(double confidenceScale, double clippingQuantile, int projectionCap,
        CapriConfig.EpochComposition composition, CapriConfig.Refinements refinements, Accountant accountant,
        boolean plannedExploitShare) {

    public CapriSettings {
        if (refinements == null) {
            refinements = CapriConfig.Refinements.paper();
        }
    }

    /** The section with the refinements' own exploit share. */
    public CapriSettings(double confidenceScale, double clippingQuantile, int projectionCap,
            CapriConfig.EpochComposition composition, CapriConfig.Refinements refinements, Accountant accountant) {
        this(confidenceScale, clippingQuantile, projectionCap, composition, refinements, accountant, false);
    }

    /** {@code simulate}'s defaults: scale 5e-5, support-max clipping, m_max 1000, the paper's split and refinements. */
    public static CapriSettings defaults() {
        return new CapriSettings(5e-5, 1.0, 1000, CapriConfig.EpochComposition.SEQUENTIAL,
                CapriConfig.Refinements.paper(), null);
    }

    /** The CAPRI section of {@code settings}, or the defaults. */
    public static CapriSettings of(SimulationSettings settings) {
        return settings.section(CapriSettings.class, CapriSettings::defaults);
    }

    /**
     * The section of the options {@code --confidence-scale}, {@code --clip-quantile}, {@code --projection-cap},
     * {@code --composition}, {@code --accountant} and the refinements ({@link RefinementOptions}, with
     * {@code --exploit-share auto}), by name without
     * dashes; an absent one takes {@code simulate}'s default.
     */
    public static CapriSettings parse(Map<String, String> o) {
        return new CapriSettings(number(o, "confidence-scale", 5e-5), number(o, "clip-quantile", 1.0),
                integer(o, "projection-cap", 1000), composition(o.getOrDefault("composition", "sequential")),
                RefinementOptions.refinements(o), accountant(o.get("accountant")), RefinementOptions.plannedShare(o));
    }

    private static CapriConfig.EpochComposition composition(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "sequential" -> CapriConfig.EpochComposition.SEQUENTIAL;
            case "parallel" -> CapriConfig.EpochComposition.PARALLEL;
            default -> throw new IllegalArgumentException("--composition must be sequential or parallel, was '"
                    + text + "'");
        };
    }

    private static Accountant accountant(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Accountant.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--accountant must be exact, zcdp or basic, was '" + text + "'");
        }
    }

    /** The same section with other refinements. */
    public CapriSettings withRefinements(CapriConfig.Refinements r) {
        return new CapriSettings(confidenceScale, clippingQuantile, projectionCap, composition, r, accountant,
                plannedExploitShare);
    }

    /** The same section with another accountant (null: the service's default per policy). */
    public CapriSettings withAccountant(Accountant a) {
        return new CapriSettings(confidenceScale, clippingQuantile, projectionCap, composition, refinements, a,
                plannedExploitShare);
    }

    /**
     * The accountant of a {@code mode} run: the one given, else the service's default
     * ({@code SpecValidation}): BASIC for the paper's algorithm (tuning PAPER keeps the papers' own
     * accounting), EXACT for the engineered CAPRI policies, whose releases are all Gaussian.
     */
    public Accountant accountant(CapriPolicy.Mode mode) {
        if (accountant != null) {
            return accountant;
        }
        return mode == CapriPolicy.Mode.PAPER ? Accountant.BASIC : Accountant.EXACT;
    }
}
