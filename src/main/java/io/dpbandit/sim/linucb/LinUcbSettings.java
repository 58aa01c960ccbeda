package io.dpbandit.sim.linucb;

import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.sim.LinearRun;
import java.util.Map;

/**
 * LINUCB's section of the simulator's settings.
 *
 * @param servedFirstEpoch the first (uniform) epoch's share of the horizon of {@code linucb-epochs-served}, as the
 *                         served {@code linear.firstEpoch}, in (0, 1/2] (default
 *                         {@link EpochLinUcb#DEFAULT_FIRST_EPOCH})
 */
public record LinUcbSettings(double servedFirstEpoch) {

    public LinUcbSettings {
        if (!(servedFirstEpoch > 0 && servedFirstEpoch <= 0.5)) {
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

    /** The section of the option {@code --first-epoch} ({@link LinUcbOptions}), by name; absent: the default. */
    public static LinUcbSettings parse(Map<String, String> o) {
        return new LinUcbSettings(number(o, "first-epoch", EpochLinUcb.DEFAULT_FIRST_EPOCH));
    }
}
