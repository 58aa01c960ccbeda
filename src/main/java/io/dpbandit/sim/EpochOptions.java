package io.dpbandit.sim;

import picocli.CommandLine.Option;

/** The command-line options of {@code linucb-epochs} ({@link EpochLinearSettings}), a section of {@code simulate}. */
@io.dpbandit.cli.Cli.Section(value = "Doubling-epoch private disjoint linear policy (linucb-epochs; simulator only, not served):", order = 3)
public final class EpochOptions {

    @Option(names = "--epoch-first", paramLabel = "R", defaultValue = "sqrt", description = "length of epoch 1 "
            + "(uniform play): sqrt (ceil(sqrt T)), t/16, t/8 or a number of rounds; each later epoch doubles "
            + "(default ${DEFAULT-VALUE})")
    String first;

    @Option(names = "--epoch-ridge", paramLabel = "R", defaultValue = "DOUBLE_UPSILON", description = "${COMPLETION-"
            + "CANDIDATES}: M = G~ + 2 Upsilon I, or G~ with eigenvalues floored at Upsilon (default ${DEFAULT-VALUE})")
    EpochLinearSettings.Ridge ridge;

    @Option(names = "--epoch-combine", paramLabel = "C", defaultValue = "LAST", description = "${COMPLETION-"
            + "CANDIDATES}: play from the last release only, or from the sum of every release so far "
            + "(default ${DEFAULT-VALUE})")
    EpochLinearSettings.Combine combine;

    @Option(names = "--epoch-radius", paramLabel = "A", defaultValue = "0", description = "alpha of the UCB width "
            + "alpha ||c||_{M^-1} (default ${DEFAULT-VALUE}: greedy)")
    double radius;

    public EpochLinearSettings settings() {
        return new EpochLinearSettings(first, ridge, combine, radius);
    }
}
