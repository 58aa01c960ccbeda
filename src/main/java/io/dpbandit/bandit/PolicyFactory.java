package io.dpbandit.bandit;

import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaConfig;
import java.util.List;

/** Builds the pure policies from a validated, normalised {@link BanditSpec}. */
public final class PolicyFactory {

    private PolicyFactory() {
    }

    public static ContextGenerator contexts(BanditSpec spec) {
        return new PublicPoolGenerator(spec.contextPool());
    }

    public static List<double[]> actionFeatures(BanditSpec spec) {
        return spec.actions().stream().map(BanditSpec.Action::features).toList();
    }

    public static CapriConfig capriConfig(BanditSpec spec) {
        var model = "LDP".equals(spec.privacy().model()) ? CapriConfig.Model.LDP : CapriConfig.Model.JDP;
        var privacy = new CapriConfig.Privacy(model, spec.privacy().epsilon(), spec.privacy().delta());
        CapriConfig base = spec.tuning().mode().equals("PAPER")
                ? CapriConfig.paper(spec.horizon(), actionFeatures(spec), spec.kernel(), spec.regularization(),
                        spec.rewardBound(), privacy)
                : CapriConfig.engineered(spec.horizon(), actionFeatures(spec), spec.kernel(), spec.regularization(),
                        spec.rewardBound(), privacy, spec.tuning().confidenceScale(), spec.tuning().clippingQuantile());
        CapriConfig.Width width = spec.tuning().mode().equals("PAPER")
                ? new CapriConfig.Width(spec.tuning().confidenceScale(), CapriConfig.Width.PrivacyTerm.THEORY, 1.0)
                : base.width();
        return base.withWidth(width).withProjectionCap(spec.tuning().projectionCap())
                .withComposition(spec.privacy().composition()).withRefinements(spec.tuning().refinements());
    }

    public static Capri capri(BanditSpec spec) {
        return new Capri(capriConfig(spec), contexts(spec));
    }

    public static UscaConfig uscaConfig(BanditSpec spec) {
        // The service keeps the COMPACT estimator: one number per point of Z and no user context (see
        // UscaConfig). Z is held COUNTED (its distinct points with their counts: the same estimator at a
        // cost set by the support), so n_Z can be several times the support and cover it.
        return new UscaConfig(spec.horizon(), actionFeatures(spec), spec.kernel(), spec.regularization(),
                // Calibrated at the double that does not exceed the ε each release is charged (PrivacyAmounts).
                spec.rewardBound(), PrivacyAmounts.calibrationValue(spec.privacy().epsilon()),
                spec.tuning().approximationSize(), 5000,
                UscaConfig.Estimator.COMPACT, UscaConfig.ApproximatingSet.COUNTED);
    }

    public static Usca usca(BanditSpec spec) {
        return new Usca(uscaConfig(spec), contexts(spec));
    }
}
