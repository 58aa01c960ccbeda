package io.dpbandit.sim.usca;

import io.dpbandit.cli.Cli;
import picocli.CommandLine.Option;

/**
 * {@code simulate}'s option of the usca policy, a mixin with its own section in {@code --help};
 * {@link UscaSettings#parse} reads it by name.
 */
@Cli.Section(value = "USCA policy (usca):", order = 1)
public class UscaOptions {

    @Option(names = "--approximation-size", paramLabel = "N", defaultValue = "1000",
            description = "USCA's approximating set size (default ${DEFAULT-VALUE})")
    int approximationSize;
}
