package io.dpbandit.client.gpucb;

import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;

/**
 * The local-JDP GP-UCB randomiser (Dubey 2021, Alg. 3, client steps 5–6), run on the user's device:
 * <ol>
 *   <li>refuse a wrong length or a NaN/±∞ anywhere, then clip ‖Φ‖ ≤ {@link GpUcbParameters#FEATURE_NORM_BOUND}
 *       (a QFF vector of norm 1 is rescaled by 1 − 2^-20; any other vector is renormalised if longer) and
 *       |y| ≤ Y, so the sensitivities of {@link GpUcbParameters} hold for any input (deterministic
 *       sensitivity, docs/papers.md);</li>
 *   <li>release the upper triangle of ΦΦᵀ plus i.i.d. N(0, σ_X²) noise on every entry on and above the
 *       diagonal (N_t of Alg. 3 step 5; L2 sensitivity √2 at (ε/2, δ/2));</li>
 *   <li>release yΦ plus i.i.d. N(0, σ_u²) noise (n_t; sensitivity 2Y at (ε/2, δ/2)).</li>
 * </ol>
 * σ_X and σ_u are computed here from the public parameters, never taken from the server. Noise comes
 * from the injected {@link NoiseSource}: {@link io.dpbandit.client.privacy.SecureNoiseSource} in production
 * (secure noise, docs/papers.md), a seeded source in simulations. Thread-safe if the source (and the
 * device's ledger) is.
 *
 * <p>On a user's device the randomiser is made with the device's {@link DevicePolicy} and
 * {@link ReportLedger} and used through {@link #randomise(String, double[], double, NoiseSource)}: each
 * report is counted for its bandit before any noise is drawn, and the (k+1)-th for a bandit is refused,
 * whatever the server sends. One made with a floor alone counts nothing and is for code that plays many
 * users' devices in one process (the simulator, tests).
 *
 * <p>Φ is the played point's quadrature Fourier feature vector (length M); the device computes it with
 * the bandit's public feature map, or receives it with the decision. Either way only the clipped Φ
 * enters the release.
 */
public final class GpUcbRandomiser {

    private final GpUcbParameters parameters;
    private final GaussianMechanism gramMechanism;
    private final GaussianMechanism rewardFeaturesMechanism;
    /** Null for a randomiser made with a floor alone (uncounted). */
    private final DevicePolicy policy;
    private final ReportLedger ledger;

    /**
     * An uncounted randomiser, for code that plays many users' devices in one process (the simulator,
     * tests): it checks the floor, but keeps no count, so only
     * {@link #randomise(double[], double, NoiseSource)} works. A user's device uses
     * {@link #GpUcbRandomiser(GpUcbParameters, DevicePolicy, ReportLedger)}.
     *
     * @param floor the weakest guarantee this device accepts (its own, never the server's)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters' per-report (ε, δ) is above the floor
     */
    public GpUcbRandomiser(GpUcbParameters parameters, PrivacyFloor floor) {
        this(parameters, 1.0, null, null);
        if (floor == null) {
            throw new IllegalArgumentException("the device's privacy floor is required");
        }
        floor.require(privacyCost(), "the decision's GP-UCB parameters");
    }

    /**
     * A user's device's randomiser: the parameters checked against the device's floor, and every
     * report counted in {@code ledger} against the device's k reports per bandit.
     *
     * @param policy the device's floor and k (its own, never the server's)
     * @param ledger where the device keeps its count (persisted by the app)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters' per-report (ε, δ) is above the floor
     */
    public GpUcbRandomiser(GpUcbParameters parameters, DevicePolicy policy, ReportLedger ledger) {
        this(parameters, 1.0, required(policy), required(ledger));
        policy.floor().require(privacyCost(), "the decision's GP-UCB parameters");
    }

    /**
     * A randomiser whose noise is {@code noiseMultiplier} times the calibrated σ's. Package-private: only
     * the privacy audit uses it, to show that the audit fails when the noise is too small.
     */
    GpUcbRandomiser(GpUcbParameters parameters, double noiseMultiplier) {
        this(parameters, noiseMultiplier, null, null);
    }

    private GpUcbRandomiser(GpUcbParameters parameters, double noiseMultiplier, DevicePolicy policy,
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
        this.gramMechanism = new GaussianMechanism(scaled(parameters.gramCalibration(), noiseMultiplier));
        this.rewardFeaturesMechanism = new GaussianMechanism(
                scaled(parameters.rewardFeaturesCalibration(), noiseMultiplier));
    }

    public GpUcbParameters parameters() {
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
     * @param features Φ(x_t), the played point's feature vector (length M)
     * @param reward   y_t
     * @param noise    where the noise comes from
     * @throws DevicePolicy.ReportLimitException if the device has already sent its k reports for this
     *         bandit: nothing was randomised or sent
     * @throws IllegalArgumentException for a wrong length or a non-finite Φ or y (then nothing is counted)
     * @throws IllegalStateException if this randomiser was made with a floor alone (it keeps no count)
     */
    public GpUcbReport randomise(String bandit, double[] features, double reward, NoiseSource noise) {
        if (policy == null) {
            throw new IllegalStateException("this randomiser was made with a privacy floor alone and keeps no count; "
                    + "a device makes it with its DevicePolicy and ReportLedger");
        }
        return report(bandit, features, reward, noise);
    }

    /**
     * The report for one user, uncounted: only for a randomiser made with a floor alone (code that
     * plays many users' devices in one process).
     *
     * @param features Φ(x_t), the played point's feature vector (length M)
     * @param reward   y_t
     * @param noise    where the noise comes from
     * @throws IllegalArgumentException for a wrong length or a non-finite Φ or y (never clipped: a NaN
     *         slips through every comparison)
     * @throws IllegalStateException if this randomiser counts (use the form with the bandit's id)
     */
    public GpUcbReport randomise(double[] features, double reward, NoiseSource noise) {
        if (policy != null) {
            throw new IllegalStateException("this device counts its reports per bandit: name the bandit, "
                    + "randomise(bandit, ...)");
        }
        return report(null, features, reward, noise);
    }

    private GpUcbReport report(String bandit, double[] features, double reward, NoiseSource noise) {
        if (noise == null) {
            throw new IllegalArgumentException("noise source is required");
        }
        int m = parameters.featureDimension();
        if (features == null || features.length != m) {
            throw new IllegalArgumentException("features must have length M = " + m + ", got "
                    + (features == null ? "null" : String.valueOf(features.length)));
        }
        // clipToNorm and clipReward reject NaN and infinities.
        double[] phi = ContributionBounds.clipToNorm(features, GpUcbParameters.FEATURE_NORM_BOUND).value();
        double y = ContributionBounds.clipReward(reward, parameters.rewardBound()).value();

        double[] gram = new double[parameters.gramEntries()];
        int k = 0;
        for (int i = 0; i < m; i++) {
            double pi = phi[i];
            for (int j = i; j < m; j++) {
                gram[k++] = pi * phi[j];
            }
        }
        double[] rewardFeatures = new double[m];
        for (int i = 0; i < m; i++) {
            rewardFeatures[i] = y * phi[i];
        }
        if (policy != null) {
            policy.admit(ledger, bandit, "a GPUCB-LDP report");
        }
        double[] noisyGram = gramMechanism.release(gram, noise);
        double[] noisyRewardFeatures = rewardFeaturesMechanism.release(rewardFeatures, noise);
        PrivacyCost cost = parameters.privacyCost();
        return new GpUcbReport(m, noisyGram, noisyRewardFeatures, cost.epsilon(), cost.delta(),
                parameters.rewardBound(), gramMechanism.noiseScale(gram.length, noise),
                rewardFeaturesMechanism.noiseScale(m, noise), parameters.calibration());
    }

    private static <T> T required(T deviceSetting) {
        if (deviceSetting == null) {
            throw new IllegalArgumentException("the device's policy and report ledger are required");
        }
        return deviceSetting;
    }

    /**
     * The report that stands in for a round whose device sent none (the server folds it; a device
     * never calls this): the public zero contribution Φ = 0, y = 0 through this same randomiser, so
     * the upper triangle of 0 + N_t with N_t of i.i.d. N(0, σ_X²) entries and 0 + n_t with
     * n_t ~ N(0, σ_u²I), the σ's a device derives from the public (ε, δ) (Gaussian mechanism,
     * vector-level calibration at (ε/2, δ/2) each; Dubey 2021, Alg. 3 step 5). A device's report is
     * clip(ΦΦᵀ, yΦ) + noise; replacing the user's (Φ, y) by zeros is a change within the sensitivity
     * the device calibrated for, so the sums Σ̃, ũ are distributed as the same function of public
     * facts whether or not the report came, up to that one user's data, which the report's
     * (ε, δ)-LDP covers.
     */
    public GpUcbReport absent(NoiseSource noise) {
        return randomise(new double[parameters.featureDimension()], 0.0, noise);
    }

    private static GaussianCalibration scaled(GaussianCalibration calibration, double multiplier) {
        if (multiplier == 1.0) {
            return calibration;
        }
        return new GaussianCalibration(calibration.sensitivity(), calibration.epsilon(), calibration.delta(),
                calibration.sigma() * multiplier, calibration.method());
    }
}
