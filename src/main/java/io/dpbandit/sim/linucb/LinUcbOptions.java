package io.dpbandit.sim.linucb;

import io.dpbandit.cli.Cli;
import picocli.CommandLine.Option;

/**
 * {@code simulate}'s options of the LinUCB policies, a mixin with its own section in {@code --help};
 * {@link LinUcbSettings#parse} reads them by name into LINUCB's section of the settings.
 */
@Cli.Section(value = "Served doubling-epoch LinUCB (linucb-epochs-served):", order = 2)
public class LinUcbOptions {

    @Option(names = "--first-epoch", paramLabel = "F|auto", defaultValue = "0.125", description = "the first "
            + "(uniform) epoch's share of the horizon, as the served linear.firstEpoch, in (0, 0.5], rounded up to whole "
            + "leaves, or auto: the share the planner forecasts to learn most over the horizon (LinearDefaults; a "
            + "prototype, not served) (default ${DEFAULT-VALUE})")
    String firstEpoch;
}
