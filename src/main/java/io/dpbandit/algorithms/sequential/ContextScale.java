package io.dpbandit.algorithms.sequential;

import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.spec.BanditSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a linear bandit's contexts sit against the norm bound its noise is calibrated to. Every
 * joint feature vector is clipped to norm 1 (the bound L of the linear bandit papers), and the noise
 * is sized for that bound whatever the data, so contexts whose features are much shorter carry a
 * signal that much weaker against the same noise. A spec may carry a public sample of contexts in
 * {@code contextPool} (never user data); the plan reads it and warns when the sample's median
 * feature norm is below {@link #WARN_BELOW} of the bound, naming the scale that would bring the
 * sample's long rows to the bound. OUTER_PRODUCT scales every vector to unit norm, so it never warns.
 */
public final class ContextScale {

    /** The median feature norm, as a share of the bound, under which the plan warns. */
    public static final double WARN_BELOW = 0.25;

    /** The quantile of the sample's norms the suggested scale brings to the bound. */
    public static final double SCALE_QUANTILE = 0.99;

    private ContextScale() {
    }

    /** The plan's warning for this spec's public sample, if its contexts sit far inside the bound. */
    public static Optional<String> note(BanditSpec spec, JointFeatureMap map, double[][] actionFeatures) {
        List<double[]> pool = spec.contextPool();
        if (pool == null || pool.isEmpty() || spec.linear() == null
                || spec.linear().featureMap() == JointFeatureMap.Kind.OUTER_PRODUCT) {
            return Optional.empty();
        }
        List<Double> norms = new ArrayList<>();
        for (double[] c : pool) {
            for (double[] a : actionFeatures) {
                double[] x = map.features(c, a);
                double ss = 0;
                for (double v : x) {
                    ss += v * v;
                }
                norms.add(Math.sqrt(ss));
            }
        }
        double[] sorted = norms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = quantile(sorted, 0.5);
        if (!(median < WARN_BELOW)) {
            return Optional.empty();
        }
        double high = quantile(sorted, SCALE_QUANTILE);
        return Optional.of(String.format(Locale.ROOT, "Context scale: the public sample's (contextPool) median "
                + "feature norm is %.3g against the bound 1 the noise is calibrated to, so the model's signal is "
                + "about %.0f times weaker than the bound allows. Scale contexts by the sample's %.0fth percentile "
                + "norm (divide by %.3g), so that its long rows reach the bound; longer rows are clipped to it.",
                median, 1 / Math.max(median, 1e-12), 100 * SCALE_QUANTILE, high));
    }

    /** The q-quantile of sorted values (nearest rank). */
    static double quantile(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
