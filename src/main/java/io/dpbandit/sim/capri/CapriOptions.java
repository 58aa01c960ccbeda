package io.dpbandit.sim.capri;

import io.dpbandit.cli.Cli;
import io.dpbandit.privacy.Accountant;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code simulate}'s options of the CAPRI policies (capri, capri-paper, capri-ldp), a mixin with its
 * own section in {@code --help}; {@link CapriSettings#parse} reads them by name into CAPRI's section
 * of the settings (as {@code plan --env} does from its own options).
 */
@Cli.Section(value = "CAPRI policies (capri, capri-paper, capri-ldp):", order = 1)
public class CapriOptions {

    @Option(names = "--confidence-scale", paramLabel = "S", defaultValue = "5e-5",
            description = "statistical width scale of engineered CAPRI (default ${DEFAULT-VALUE})")
    double confidenceScale;

    @Option(names = "--clip-quantile", paramLabel = "Q", defaultValue = "1.0",
            description = "contribution clipping quantile of engineered CAPRI (default ${DEFAULT-VALUE})")
    double clipQuantile;

    @Option(names = "--composition", paramLabel = "C", defaultValue = "sequential", converter = Composition.class,
            description = "CAPRI's "
            + "composition over epochs: sequential (the paper's split, default) or parallel (each epoch spends the "
            + "full budget)")
    String composition;

    @Option(names = "--accountant", paramLabel = "A", description = "how CAPRI's epoch releases compose, as "
            + "the service's privacy.accountant: exact or zcdp (Gaussian DP: a user's rounds across epochs cost one "
            + "release, so every epoch gets the whole mu) or basic ((epsilon/L, delta/L) each); default as the service: "
            + "exact for capri and capri-ldp, basic for capri-paper (the paper's accounting). The other policies have one "
            + "accounting each")
    Accountant accountant;

    @Option(names = "--projection-cap", paramLabel = "M", defaultValue = "1000",
            description = "cap on CAPRI's projection set (default ${DEFAULT-VALUE})")
    int projectionCap;

    /**
     * {@code --composition}: the text of one of the two compositions over epochs, checked as picocli checks an
     * enum value (CAPRI's section of the settings reads it, {@link CapriSettings#parse}).
     */
    public static final class Composition implements ITypeConverter<String> {
        @Override
        public String convert(String s) {
            if (List.of("SEQUENTIAL", "PARALLEL").contains(s.trim().toUpperCase(Locale.ROOT))) {
                return s;
            }
            throw new TypeConversionException("expected one of [SEQUENTIAL, PARALLEL] (case-insensitive) but was '"
                    + s + "'");
        }
    }
}
