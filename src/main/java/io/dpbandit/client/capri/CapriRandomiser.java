package io.dpbandit.client.capri;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyFloor;

/**
 * CAPRI-LDP's per-round randomiser, run on the user's device (CAPRI paper, Algorithm 1, LDP branch;
 * CAPRI step 6 in docs/papers.md): the reward clipped to [−B, B], the contribution g = y · A k_S(w) clipped to norm
 * C_r (failing closed: a non-finite vector becomes zero), then the Gaussian mechanism.
 *
 * <p>Sensitivity and calibration: every clipped contribution has norm ≤ C_r, so replacing the
 * user's (context, reward) moves g by at most 2C_r in L2. The device uses
 * σ = max(σ_plan, σ_analytic(2C_r, ε_r, δ_r)) (Balle &amp; Wang 2018, Thm 8): never less than the
 * exact calibration for the plan's declared (ε_r, δ_r), so a server announcing a small σ cannot
 * weaken the guarantee. The report is then (ε_r, δ_r)-LDP for the user's round.
 */
public final class CapriRandomiser {

    private final CapriRandomiserPlan plan;
    private final Kernel kernel;
    private final GaussianMechanism mechanism;

    /**
     * @param floor the weakest guarantee this device accepts (its own, never the server's)
     * @throws PrivacyFloor.PrivacyFloorException if the plan's (ε_r, δ_r) is above the floor
     */
    public CapriRandomiser(CapriRandomiserPlan plan, PrivacyFloor floor) {
        this(plan, 1.0);
        if (floor == null) {
            throw new IllegalArgumentException("the device's privacy floor is required");
        }
        floor.require(plan.epsilon(), plan.delta(), "epoch " + plan.epoch() + "'s randomiser plan");
    }

    /**
     * A randomiser whose noise is {@code noiseMultiplier} times the σ above. Package-private: only
     * the privacy audit uses it, to show that the audit fails when the noise is too small.
     */
    CapriRandomiser(CapriRandomiserPlan plan, double noiseMultiplier) {
        if (plan == null) {
            throw new IllegalArgumentException("plan is required");
        }
        if (!(noiseMultiplier > 0) || Double.isInfinite(noiseMultiplier)) {
            throw new IllegalArgumentException("noise multiplier must be positive, got " + noiseMultiplier);
        }
        this.plan = plan;
        this.kernel = plan.kernel().toKernel();
        // Sensitivity 2C_r: every contribution is clipped to norm C_r, and one user's round is replaced.
        double sensitivity = 2 * plan.contributionBound();
        // σ = max(σ_plan, σ_analytic(2C_r, ε_r, δ_r)) (Balle & Wang 2018, Thm 8).
        double sigma = Math.max(plan.sigma(),
                GaussianCalibrator.analyticSigma(sensitivity, plan.epsilon(), plan.delta()));
        this.mechanism = new GaussianMechanism(new GaussianCalibration(sensitivity, plan.epsilon(), plan.delta(),
                sigma * noiseMultiplier, io.dpbandit.client.privacy.CalibrationMethod.ANALYTIC));
    }

    public CapriRandomiserPlan plan() {
        return plan;
    }

    /** The σ this device adds per coordinate (before any grid inflation of the noise source). */
    public double sigma() {
        return mechanism.calibration().sigma();
    }

    /**
     * The report for one round.
     *
     * @param context        the user's context (stays on the device)
     * @param actionFeatures the played action's features (from the bandit's catalogue)
     * @param reward         the user's reward (stays on the device)
     */
    public CapriReport randomise(double[] context, double[] actionFeatures, double reward, NoiseSource noise) {
        double[] g = contribution(context, actionFeatures, reward);
        double[] released = mechanism.release(g, noise);
        return new CapriReport(plan.epoch(), released, plan.epsilon(), plan.delta(),
                mechanism.noiseScale(g.length, noise));
    }

    /**
     * The report that stands in for a round whose device sent none (the server folds it; the device
     * never calls this): the public zero contribution through this same mechanism, 0 + N(0, σ²I)
     * with the σ above. A device's report is clip_{C_r}(y · A k_S(w)) + N(0, σ²I); replacing the
     * user's (w, y) by a zero contribution is a change within the sensitivity 2C_r the device
     * calibrated for, so an epoch's sum is distributed as the same function of public facts whether
     * or not the report came, up to that one user's data, which the report's (ε_r, δ_r)-LDP covers.
     * Without the noise the sum would carry one Gaussian fewer when a report is missing.
     */
    public CapriReport absent(NoiseSource noise) {
        double[] zero = new double[plan.projectionSize()];
        return new CapriReport(plan.epoch(), mechanism.release(zero, noise), plan.epsilon(), plan.delta(),
                mechanism.noiseScale(zero.length, noise));
    }

    /** The clipped contribution before noise: norm ≤ C_r for every input. */
    double[] contribution(double[] context, double[] actionFeatures, double reward) {
        int m = plan.projectionSize();
        if (context == null || actionFeatures == null
                || context.length + actionFeatures.length != plan.points()[0].length) {
            throw new IllegalArgumentException("context and action features must have "
                    + plan.points()[0].length + " numbers together");
        }
        if (!Double.isFinite(reward) || !finite(context) || !finite(actionFeatures)) {
            return new double[m]; // contributes nothing, like the server's JDP path
        }
        double y = ContributionBounds.clipReward(reward, plan.rewardBound()).value();
        double[] w = new double[context.length + actionFeatures.length];
        System.arraycopy(context, 0, w, 0, context.length);
        System.arraycopy(actionFeatures, 0, w, context.length, actionFeatures.length);
        double[] projected = CapriProjection.project(kernel, plan.points(), plan.a(), w);
        double[] raw = new double[m];
        for (int i = 0; i < m; i++) {
            raw[i] = y * projected[i];
        }
        return ContributionBounds.boundContribution(raw, plan.contributionBound()).value();
    }

    private static boolean finite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
