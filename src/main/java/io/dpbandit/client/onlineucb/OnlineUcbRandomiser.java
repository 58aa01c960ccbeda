package io.dpbandit.client.onlineucb;

import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;

/**
 * The OnlineUCB local randomiser (OnlineUCB paper, Algorithm 1, lines 11–15), run on the user's device:
 * <ol>
 *   <li>refuse NaN/±∞ inputs, then clip ‖x‖ ≤ B_x and |y| ≤ B_y, so the sensitivity holds for any
 *       input (deterministic sensitivity; the rules named here are in docs/papers.md);</li>
 *   <li>release (x, y) through the Gaussian mechanism: as one (d+1)-vector calibrated on the joint
 *       sensitivity 2√(B_x² + B_y²) (JOINT_VECTOR, (ε, δ)-LDP), or as two releases each calibrated for
 *       (ε, δ) (PAPER_SEPARATE, (2ε, 2δ)-LDP): joint calibration of the two LDP releases. σ is
 *       computed here from the public parameters, analytically by default (analytic Gaussian
 *       calibration for ε ≥ 1);</li>
 *   <li>add the conditioning perturbation ζ ~ N(0, Δ²I) to x̃ (line 11). Adding it after the privacy
 *       noise gives the same distribution as the paper's x + ζ + η and makes it post-processing;</li>
 *   <li>compute g = ∇l(θ_t), clipped to ‖g‖ ≤ G (lines 13–14; post-processing of x̃, ỹ and the public
 *       θ_t).</li>
 * </ol>
 * Noise comes from the injected {@link NoiseSource}: {@link io.dpbandit.client.privacy.SecureNoiseSource} in
 * production (secure noise), a seeded source in simulations. Thread-safe if the source (and the
 * device's ledger) is.
 *
 * <p>On a user's device the randomiser is made with the device's {@link DevicePolicy} and
 * {@link ReportLedger} and used through
 * {@link #randomise(String, double[], OnlineUcbTicket, double, NoiseSource)}: each report is counted for
 * its bandit before any noise is drawn, and the (k+1)-th for a bandit is refused, whatever the server
 * sends. One made with a floor alone counts nothing and is for code that plays many users' devices in
 * one process (the simulator, tests).
 */
public final class OnlineUcbRandomiser {

    private final OnlineUcbParameters parameters;
    private final GaussianMechanism featureMechanism;
    private final GaussianMechanism rewardMechanism;
    /** Null for a randomiser made with a floor alone (uncounted). */
    private final DevicePolicy policy;
    private final ReportLedger ledger;

    /**
     * An uncounted randomiser, for code that plays many users' devices in one process (the simulator,
     * tests): it checks the floor, but keeps no count, so only
     * {@link #randomise(double[], OnlineUcbTicket, double, NoiseSource)} works. A user's device uses
     * {@link #OnlineUcbRandomiser(OnlineUcbParameters, DevicePolicy, ReportLedger)}.
     *
     * @param floor the weakest guarantee this device accepts (its own, never the server's)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters' per-report (ε, δ) is above the floor
     */
    public OnlineUcbRandomiser(OnlineUcbParameters parameters, PrivacyFloor floor) {
        this(parameters, 1.0, null, null);
        if (floor == null) {
            throw new IllegalArgumentException("the device's privacy floor is required");
        }
        floor.require(privacyCost(), "the decision's OnlineUCB parameters");
    }

    /**
     * A user's device's randomiser: the parameters checked against the device's floor, and every
     * report counted in {@code ledger} against the device's k reports per bandit.
     *
     * @param policy the device's floor and k (its own, never the server's)
     * @param ledger where the device keeps its count (persisted by the app)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters' per-report (ε, δ) is above the floor
     */
    public OnlineUcbRandomiser(OnlineUcbParameters parameters, DevicePolicy policy, ReportLedger ledger) {
        this(parameters, 1.0, required(policy), required(ledger));
        policy.floor().require(privacyCost(), "the decision's OnlineUCB parameters");
    }

    /**
     * A randomiser whose privacy noise is {@code noiseMultiplier} times the calibrated σ. Package-private:
     * only the privacy audit uses it, to show that the audit fails when the noise is too small.
     */
    OnlineUcbRandomiser(OnlineUcbParameters parameters, double noiseMultiplier) {
        this(parameters, noiseMultiplier, null, null);
    }

    private OnlineUcbRandomiser(OnlineUcbParameters parameters, double noiseMultiplier, DevicePolicy policy,
            ReportLedger ledger) {
        this.policy = policy;
        this.ledger = ledger;
        if (parameters == null) {
            throw new IllegalArgumentException("parameters are required");
        }
        if (!(noiseMultiplier > 0) || Double.isInfinite(noiseMultiplier)) {
            throw new IllegalArgumentException("noise multiplier must be positive, got " + noiseMultiplier);
        }
        this.parameters = parameters;
        this.featureMechanism = new GaussianMechanism(scaled(parameters.featureCalibration(), noiseMultiplier));
        this.rewardMechanism = new GaussianMechanism(scaled(parameters.rewardCalibration(), noiseMultiplier));
    }

    public OnlineUcbParameters parameters() {
        return parameters;
    }

    /** The (ε, δ)-LDP guarantee of every report this randomiser produces. */
    public PrivacyCost privacyCost() {
        return parameters.privacyCost();
    }

    /** The device's policy, or null for an uncounted randomiser (made with a floor alone). */
    public DevicePolicy policy() {
        return policy;
    }

    /**
     * The report for one user on their device: the inputs are checked, then the report is counted for
     * {@code bandit} in the device's ledger, then randomised. The count is taken before any noise is
     * drawn and is not given back if sending the report fails later: a report that may have left the
     * device counts.
     *
     * @param bandit   the bandit's id as the app names it (the one it asked POST /decide for), never an
     *                 id the server sends; the count is per id as the device sees it
     * @param features the played action's feature vector x (length d), as /decide returned it
     * @param ticket   the public inputs sent with that decision (θ_t, Δ, base, round)
     * @param reward   the user's reward y
     * @param noise    where the noise comes from
     * @throws DevicePolicy.ReportLimitException if the device has already sent its k reports for this
     *         bandit: nothing was randomised or sent
     * @throws IllegalArgumentException for a wrong dimension or a non-finite x, y (then nothing is counted)
     * @throws IllegalStateException if this randomiser was made with a floor alone (it keeps no count)
     */
    public OnlineUcbReport randomise(String bandit, double[] features, OnlineUcbTicket ticket, double reward,
            NoiseSource noise) {
        if (policy == null) {
            throw new IllegalStateException("this randomiser was made with a privacy floor alone and keeps no count; "
                    + "a device makes it with its DevicePolicy and ReportLedger");
        }
        return report(bandit, features, ticket, reward, noise);
    }

    /**
     * The report for one user, uncounted: only for a randomiser made with a floor alone (code that
     * plays many users' devices in one process).
     *
     * @param features the played action's feature vector x (length d), as /decide returned it
     * @param ticket   the public inputs sent with that decision (θ_t, Δ, base, round)
     * @param reward   the user's reward y
     * @param noise    where the noise comes from
     * @throws IllegalArgumentException for a wrong dimension or a non-finite x, y (never clipped: a NaN
     *         slips through every comparison)
     * @throws IllegalStateException if this randomiser counts (use the form with the bandit's id)
     */
    public OnlineUcbReport randomise(double[] features, OnlineUcbTicket ticket, double reward, NoiseSource noise) {
        if (policy != null) {
            throw new IllegalStateException("this device counts its reports per bandit: name the bandit, "
                    + "randomise(bandit, ...)");
        }
        return report(null, features, ticket, reward, noise);
    }

    private OnlineUcbReport report(String bandit, double[] features, OnlineUcbTicket ticket, double reward,
            NoiseSource noise) {
        if (ticket == null || noise == null) {
            throw new IllegalArgumentException("ticket and noise source are required");
        }
        int d = parameters.dimension();
        if (features == null || features.length != d) {
            throw new IllegalArgumentException("features must have dimension " + d + ", got "
                    + (features == null ? "null" : String.valueOf(features.length)));
        }
        double[] theta = ticket.theta();
        if (theta.length != d) {
            throw new IllegalArgumentException("ticket theta must have dimension " + d + ", got " + theta.length);
        }
        // clipToNorm and clipReward reject NaN and infinities.
        double[] x = ContributionBounds.clipToNorm(features, parameters.featureBound()).value();
        double y = ContributionBounds.clipReward(reward, parameters.rewardBound()).value();
        if (policy != null) {
            policy.admit(ledger, bandit, "an ONLINEUCB report");
        }

        double[] noisyX;
        double noisyY;
        double sigmaX;
        double sigmaY;
        if (parameters.release() == ReleaseMode.JOINT_VECTOR) {
            double[] joint = new double[d + 1];
            System.arraycopy(x, 0, joint, 0, d);
            joint[d] = y;
            double[] released = featureMechanism.release(joint, noise);
            noisyX = new double[d];
            System.arraycopy(released, 0, noisyX, 0, d);
            noisyY = released[d];
            sigmaX = featureMechanism.noiseScale(d + 1, noise);
            sigmaY = sigmaX;
        } else {
            noisyX = featureMechanism.release(x, noise);
            noisyY = rewardMechanism.release(new double[] {y}, noise)[0];
            sigmaX = featureMechanism.noiseScale(d, noise);
            sigmaY = rewardMechanism.noiseScale(1, noise);
        }

        double conditioningStd = ticket.conditioningStd();
        if (conditioningStd > 0) {
            for (int i = 0; i < d; i++) {
                noisyX[i] += noise.gaussian(conditioningStd);
            }
        }

        double[] g = BiasCorrectedLoss.clippedGradient(noisyX, noisyY, theta, sigmaX * sigmaX,
                parameters.gradientBound());
        PrivacyCost cost = parameters.privacyCost();
        return new OnlineUcbReport(ticket.base(), ticket.round(), noisyX, noisyY, g, cost.epsilon(), cost.delta(),
                sigmaX, sigmaY, conditioningStd, parameters.release(), parameters.calibration());
    }

    private static <T> T required(T deviceSetting) {
        if (deviceSetting == null) {
            throw new IllegalArgumentException("the device's policy and report ledger are required");
        }
        return deviceSetting;
    }

    /**
     * The report that stands in for a round whose device sent none (the server folds it; a device
     * never calls this): the public zero contribution x = 0, y = 0 through this same randomiser, so
     * x̃ = 0 + N(0, σ_x²I) + ζ and ỹ = 0 + N(0, σ_y²) with the σ a device derives from the public
     * (ε, δ) (Gaussian mechanism, analytic calibration: Balle &amp; Wang 2018, Thm 8), and the gradient
     * at the ticket's θ as post-processing. A device's report is clip(x, y) + N(0, σ²); replacing the
     * user's (x, y) by (0, 0) is a change within the sensitivity the device calibrated for, so the
     * model's fold is distributed as the same function of public facts whether or not the report
     * came, up to that one user's data, which the report's (ε, δ)-LDP covers.
     *
     * @param ticket the public inputs of the step the stand-in takes (the server's current ones)
     */
    public OnlineUcbReport absent(OnlineUcbTicket ticket, NoiseSource noise) {
        return randomise(new double[parameters.dimension()], ticket, 0.0, noise);
    }

    private static GaussianCalibration scaled(GaussianCalibration calibration, double multiplier) {
        if (multiplier == 1.0) {
            return calibration;
        }
        return new GaussianCalibration(calibration.sensitivity(), calibration.epsilon(), calibration.delta(),
                calibration.sigma() * multiplier, calibration.method());
    }
}
