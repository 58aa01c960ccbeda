package io.dpbandit.policy.planning;

import io.dpbandit.client.privacy.NormalDistribution;

/**
 * How often noisy scores rank the best of K actions first, as a share of the gain over uniform play: what
 * the learn-by-default prototypes (issue 33; LINUCB's {@code LinearDefaults}, CAPRI's {@code CapriDefaults})
 * forecast a release earns, from its score error alone.
 */
public final class RankingAccuracy {

    private RankingAccuracy() {
    }

    /**
     * (P − 1/K)/(1 − 1/K) with P the chance that the best of K actions, {@code gap} above the others, has
     * the highest score when every score is off by an independent N(0, error²):
     * P = ∫ φ(z) Φ(gap/error + z)^{K−1} dz (midpoint rule on [−8, 8]). 0 is uniform play, 1 a ranking
     * without errors.
     */
    public static double share(double error, double gap, int actions) {
        if (actions < 2) {
            return 1.0;
        }
        if (!(error > 0)) {
            return 1.0;
        }
        double ratio = gap / error;
        int steps = 800;
        double h = 16.0 / steps;
        double p = 0;
        double mass = 0;
        for (int i = 0; i < steps; i++) {
            double z = -8.0 + (i + 0.5) * h;
            double w = StrictMath.exp(-0.5 * z * z);
            mass += w;
            p += w * StrictMath.pow(NormalDistribution.cdf(ratio + z), actions - 1);
        }
        p /= mass;
        double chance = 1.0 / actions;
        return Math.max(0.0, (p - chance) / (1.0 - chance));
    }
}
