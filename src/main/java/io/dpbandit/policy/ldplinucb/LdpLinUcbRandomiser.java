package io.dpbandit.policy.ldplinucb;

import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;

/**
 * LDP-LinUCB's local randomiser: clips ‖x‖ ≤ B_x and |y| ≤ B_y (refusing NaN/±∞), then releases
 * (upper triangle of x xᵀ, y x) through one Gaussian mechanism calibrated on the report's L2 sensitivity
 * ({@link LdpLinUcbConfig#sensitivity()}), so each report is (ε, δ)-LDP for the user's (x, y).
 */
public final class LdpLinUcbRandomiser {

    private final LdpLinUcbConfig config;
    private final GaussianMechanism mechanism;

    public LdpLinUcbRandomiser(LdpLinUcbConfig config) {
        this.config = config;
        this.mechanism = new GaussianMechanism(config.noiseCalibration());
    }

    public LdpLinUcbReport randomise(double[] features, double reward, NoiseSource noise) {
        int d = config.dimension();
        if (features == null || features.length != d) {
            throw new IllegalArgumentException("features must have dimension " + d);
        }
        double[] x = ContributionBounds.clipToNorm(features, config.featureBound()).value();
        double y = ContributionBounds.clipReward(reward, config.rewardBound()).value();
        double[] exact = new double[config.reportLength()];
        int k = 0;
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                exact[k++] = x[i] * x[j];
            }
        }
        for (int i = 0; i < d; i++) {
            exact[k++] = y * x[i];
        }
        double[] released = mechanism.release(exact, noise);
        int triangle = d * (d + 1) / 2;
        double[] gram = new double[triangle];
        double[] target = new double[d];
        System.arraycopy(released, 0, gram, 0, triangle);
        System.arraycopy(released, triangle, target, 0, d);
        return new LdpLinUcbReport(gram, target);
    }
}
