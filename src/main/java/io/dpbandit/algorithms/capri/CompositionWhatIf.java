package io.dpbandit.algorithms.capri;

import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.spec.BanditSpec;
import picocli.CommandLine.Option;

/** {@code plan --composition}: the spec's composition of CAPRI's epochs replaced. */
public final class CompositionWhatIf implements SpecWhatIf {

    @Option(names = "--composition", paramLabel = "C",
            description = "CAPRI: sequential or parallel (default: the spec's, or sequential)")
    CapriConfig.EpochComposition composition;

    @Override
    public BanditSpec apply(BanditSpec b) {
        if (composition == null) {
            return b;
        }
        BanditSpec.Privacy p = b.privacy();
        p = new BanditSpec.Privacy(p.model(), p.epsilon(), p.delta(), p.totalEpsilon(), composition);
        return b.withPrivacy(p);
    }
}
