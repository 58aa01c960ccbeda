package io.dpbandit.sim.usca;

import static io.dpbandit.sim.OptionValues.integer;

import io.dpbandit.sim.SimulationSettings;
import java.util.Map;

/**
 * USCA's section of the simulator's settings.
 *
 * @param approximationSize n_Z, the draws of the approximating set
 */
public record UscaSettings(int approximationSize) {

    /** {@code simulate}'s default, n_Z = 1000. */
    public static UscaSettings defaults() {
        return new UscaSettings(1000);
    }

    /** The USCA section of {@code settings}, or the defaults. */
    public static UscaSettings of(SimulationSettings settings) {
        return settings.section(UscaSettings.class, UscaSettings::defaults);
    }

    /** The section of the option {@code --approximation-size} (name without dashes → text; absent: 1000). */
    public static UscaSettings parse(Map<String, String> o) {
        return new UscaSettings(integer(o, "approximation-size", 1000));
    }
}
