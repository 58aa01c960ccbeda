package io.dpbandit.algorithms.usca;

import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.spec.BanditSpec;
import picocli.CommandLine.Option;

/** {@code plan --approximation-size}: the spec's n_Z, USCA's approximating set size, replaced. */
public final class ApproximationSizeWhatIf implements SpecWhatIf {

    @Option(names = "--approximation-size", paramLabel = "N",
            description = "USCA: n_Z (default: the spec's, or 1000)")
    Integer approximationSize;

    @Override
    public BanditSpec apply(BanditSpec b) {
        if (approximationSize == null) {
            return b;
        }
        BanditSpec.Tuning t = b.tuning();
        t = new BanditSpec.Tuning(t.mode(), t.confidenceScale(), t.projectionCap(), approximationSize,
                t.clippingQuantile(), t.elimination(), t.statisticalWidth(), t.projection(), t.tauRule(),
                t.rewardOffset(), t.residualFloor(), t.leafRounds(), t.exploit(), t.exploitShare());
        return b.withTuning(t);
    }
}
