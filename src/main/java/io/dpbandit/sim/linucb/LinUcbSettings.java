package io.dpbandit.sim.linucb;

import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.policy.linucb.LinearDefaults;
import io.dpbandit.sim.LinearRun;
import java.util.Map;

/**
 * LINUCB's section of the simulator's settings.
 *
 * @param servedFirstEpoch the first (uniform) epoch's share of the horizon of {@code linucb-epochs-served}, as the
 *                         served {@code linear.firstEpoch}, in (0, 1/2] (default
 *                         {@link EpochLinUcb#DEFAULT_FIRST_EPOCH}); NaN ({@code auto}): the share the planner
 *                         forecasts to learn most over the run's horizon ({@link LinearDefaults}), chosen per run
 */
public record LinUcbSettings(double servedFirstEpoch) {

    public LinUcbSettings {
        if (!Double.isNaN(servedFirstEpoch) && !(servedFirstEpoch > 0 && servedFirstEpoch <= 0.5)) {
            throw new IllegalArgumentException("--first-epoch must be a share of the horizon in (0, 0.5], was "
                    + servedFirstEpoch);
        }
    }

    /** {@code simulate}'s defaults: the served release's first epoch. */
    public static LinUcbSettings defaults() {
        return new LinUcbSettings(EpochLinUcb.DEFAULT_FIRST_EPOCH);
    }

    /** The LINUCB section of a linear run's settings, or the defaults. */
    static LinUcbSettings of(LinearRun run) {
        return run.section(LinUcbSettings.class, LinUcbSettings::defaults);
    }

    /**
     * The section of the option {@code --first-epoch} ({@link LinUcbOptions}), by name: a share, or {@code auto};
     * absent: the default.
     */
    public static LinUcbSettings parse(Map<String, String> o) {
        String text = o.get("first-epoch");
        if (text != null && text.trim().equalsIgnoreCase("auto")) {
            return new LinUcbSettings(Double.NaN);
        }
        try {
            return new LinUcbSettings(number(o, "first-epoch", EpochLinUcb.DEFAULT_FIRST_EPOCH));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--first-epoch must be a share of the horizon in (0, 0.5] or auto, was '"
                    + text + "'");
        }
    }

    /**
     * The first epoch's share of a {@code linucb-epochs-served} run: the one set, or for {@code auto} the
     * planner's choice for its horizon, budget, K actions (blocks) of {@code blockDimension} and leaf grid, at
     * round level ({@link LinearDefaults#choose}; the actions are the labels of a multiclass world).
     */
    double firstEpoch(LinearRun r, int blockDimension) {
        if (!Double.isNaN(servedFirstEpoch)) {
            return servedFirstEpoch;
        }
        return LinearDefaults.choose(r.horizon(), r.blocks(), blockDimension, true, r.epsilon(), r.delta(), 1,
                r.batch()).firstEpoch();
    }
}
