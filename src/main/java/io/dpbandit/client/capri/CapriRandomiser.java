package io.dpbandit.client.capri;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;

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
 *
 * <p>On a user's device the randomiser is made with the device's {@link DevicePolicy} and
 * {@link ReportLedger} and used through {@link #randomise(String, double[], double[], double, NoiseSource)}:
 * each report is counted for its bandit before any noise is drawn, and the (k+1)-th for a bandit is
 * refused, whatever the server sends. One made with a floor alone counts nothing and is for code that
 * plays many users' devices in one process (the simulator, tests).
 */
public final class CapriRandomiser {

    private final CapriRandomiserPlan plan;
    private final Kernel kernel;
    private final GaussianMechanism mechanism;
    /** Null for a randomiser made with a floor alone (uncounted). */
    private final DevicePolicy policy;
    private final ReportLedger ledger;

    /**
     * An uncounted randomiser, for code that plays many users' devices in one process (the simulator,
     * tests): it checks the floor, but keeps no count, so only {@link #randomise(double[], double[],
     * double, NoiseSource)} works. A user's device uses {@link #CapriRandomiser(CapriRandomiserPlan,
     * DevicePolicy, ReportLedger)}.
     *
     * @param floor the weakest guarantee this device accepts (its own, never the server's)
     * @throws PrivacyFloor.PrivacyFloorException if the plan's (ε_r, δ_r) is above the floor
     */
    public CapriRandomiser(CapriRandomiserPlan plan, PrivacyFloor floor) {
        this(plan, 1.0, null, null);
        if (floor == null) {
            throw new IllegalArgumentException("the device's privacy floor is required");
        }
        floor.require(plan.epsilon(), plan.delta(), "epoch " + plan.epoch() + "'s randomiser plan");
    }

    /**
     * A user's device's randomiser: the plan checked against the device's floor, and every report
     * counted in {@code ledger} against the device's k reports per bandit.
     *
     * @param policy the device's floor and k (its own, never the server's)
     * @param ledger where the device keeps its count (persisted by the app)
     * @throws PrivacyFloor.PrivacyFloorException if the plan's (ε_r, δ_r) is above the floor
     */
    public CapriRandomiser(CapriRandomiserPlan plan, DevicePolicy policy, ReportLedger ledger) {
        this(plan, 1.0, required(policy), required(ledger));
        policy.floor().require(plan.epsilon(), plan.delta(), "epoch " + plan.epoch() + "'s randomiser plan");
    }

    /**
     * A randomiser whose noise is {@code noiseMultiplier} times the σ above. Package-private: only
     * the privacy audit uses it, to show that the audit fails when the noise is too small.
     */
    CapriRandomiser(CapriRandomiserPlan plan, double noiseMultiplier) {
        this(plan, noiseMultiplier, null, null);
    }

    private CapriRandomiser(CapriRandomiserPlan plan, double noiseMultiplier, DevicePolicy policy,
            ReportLedger ledger) {
        this.policy = policy;
        this.ledger = ledger;
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

    /** The device's policy, or null for an uncounted randomiser (made with a floor alone). */
    public DevicePolicy policy() {
        return policy;
    }

    /**
     * The report for one round on a user's device: the inputs are checked, then the report is counted
     * for {@code bandit} in the device's ledger, then randomised. The count is taken before any noise
     * is drawn and is not given back if sending the report fails later: a report that may have left
     * the device counts.
     *
     * @param bandit         the bandit's id as the app names it (the one it asked POST /decide for), never
     *                       an id the server sends; the count is per id as the device sees it
     * @param context        the user's context (stays on the device)
     * @param actionFeatures the played action's features (from the bandit's catalogue)
     * @param reward         the user's reward (stays on the device)
     * @throws DevicePolicy.ReportLimitException if the device has already sent its k reports for this
     *         bandit: nothing was randomised or sent
     * @throws IllegalStateException if this randomiser was made with a floor alone (it keeps no count)
     */
    public CapriReport randomise(String bandit, double[] context, double[] actionFeatures, double reward,
            NoiseSource noise) {
        if (policy == null) {
            throw new IllegalStateException("this randomiser was made with a privacy floor alone and keeps no count; "
                    + "a device makes it with its DevicePolicy and ReportLedger");
        }
        return report(bandit, context, actionFeatures, reward, noise);
    }

    /**
     * The report for one round, uncounted: only for a randomiser made with a floor alone (code that
     * plays many users' devices in one process).
     *
     * @param context        the user's context (stays on the device)
     * @param actionFeatures the played action's features (from the bandit's catalogue)
     * @param reward         the user's reward (stays on the device)
     * @throws IllegalStateException if this randomiser counts (use the form with the bandit's id)
     */
    public CapriReport randomise(double[] context, double[] actionFeatures, double reward, NoiseSource noise) {
        if (policy != null) {
            throw new IllegalStateException("this device counts its reports per bandit: name the bandit, "
                    + "randomise(bandit, ...)");
        }
        return report(null, context, actionFeatures, reward, noise);
    }

    private CapriReport report(String bandit, double[] context, double[] actionFeatures, double reward,
            NoiseSource noise) {
        if (noise == null) {
            throw new IllegalArgumentException("noise source is required");
        }
        double[] g = contribution(context, actionFeatures, reward);
        if (policy != null) {
            policy.admit(ledger, bandit, "a CAPRI-LDP report for epoch " + plan.epoch());
        }
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

    private static <T> T required(T deviceSetting) {
        if (deviceSetting == null) {
            throw new IllegalArgumentException("the device's policy and report ledger are required");
        }
        return deviceSetting;
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
