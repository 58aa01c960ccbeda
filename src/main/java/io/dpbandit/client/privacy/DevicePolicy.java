package io.dpbandit.client.privacy;

/**
 * What a user's device enforces on its own under local DP, whatever the server sends: a
 * {@link PrivacyFloor} on each report, and a count: at most k = {@code maxReportsPerBandit} reports
 * leave the device for one bandit, kept in a {@link ReportLedger} the app persists. Both are the
 * device's settings (the app's code), never the server's.
 *
 * <p><b>Why the count.</b> A bandit with {@code privacy.unit: USER} promises each user (ε, δ) over all
 * of their reports, with the server keeping its own count of k rounds per user. Under LDP the server is
 * not trusted: a compromised one could mark every decision of a returning user as a learning round,
 * and r reports would cost the user r per-report guarantees. The device's own count bounds that.
 *
 * <p><b>The local guarantee, assuming nothing about the server.</b> Each report is at most
 * (ε_f, δ_f) = the floor's (checked per report), and at most k reports for one bandit leave the
 * device, so the user's total towards that bandit is at most the composition of k such reports. Every
 * randomiser in io.dpbandit.client is a Gaussian mechanism with σ at least the analytic calibration of
 * its own (ε, δ) (Balle &amp; Wang 2018, Thm 8; two releases at (ε, δ) each have the μ of one at
 * (2ε, 2δ) or less), so a report within the floor is μ₁-GDP with μ₁ = μ(ε_f, δ_f) = Δ/σ_analytic(Δ,
 * ε_f, δ_f) (Dong, Roth &amp; Su 2019, "Gaussian differential privacy"), and k of them compose, even
 * adaptively, to exactly μ-GDP with μ = √k·μ₁ (their Cor. 3.3): {@link #totalMu()} and
 * {@link #totalGuarantee(double)}. The noise is the discrete Gaussian of {@link SecureNoiseSource},
 * whose (ε, δ) profile the per-report check already takes to be the continuous one's (see there);
 * for a mechanism that is not Gaussian, {@link #basicTotal()} (kε_f, kδ_f) holds.
 *
 * <p><b>What it does assume.</b> That the app persists the ledger (an {@link InMemoryReportLedger}
 * forgets the count on a restart, and so hands out k more reports), that the user has one stable
 * device identity (a reinstalled app, or a second device, has its own count: each has k), and that
 * the app names each bandit by its own id (the count is per id as the device sees it: a server that
 * merged two bandits' reports gets 2k from each device; across n bandits a device sends up to n·k).
 *
 * @param floor               the weakest guarantee each report may have
 * @param maxReportsPerBandit k, the most reports the device sends to one bandit over its life (&ge; 1;
 *                            {@link #UNBOUNDED} only with {@link PrivacyFloor#NONE})
 */
public record DevicePolicy(PrivacyFloor floor, int maxReportsPerBandit) {

    /**
     * The default k: one report per bandit, so that the floor the app writes is also the user's total
     * towards each bandit. An app whose users return raises it to what it is willing to compose (e.g.
     * the bandit's {@code privacy.maxRoundsPerUser}) and persists the ledger.
     */
    public static final int DEFAULT_MAX_REPORTS_PER_BANDIT = 1;

    /** No count: only with {@link PrivacyFloor#NONE}. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    /**
     * Accepts whatever the parameters say, as often as they ask. For code that plays the devices of
     * many users inside the server's own process (the simulator, tests), never for a real device.
     */
    public static final DevicePolicy NONE = new DevicePolicy(PrivacyFloor.NONE, UNBOUNDED);

    public DevicePolicy {
        if (floor == null) {
            throw new IllegalArgumentException("the device's privacy floor is required");
        }
        if (maxReportsPerBandit < 1) {
            throw new IllegalArgumentException("maxReportsPerBandit must be at least 1, got " + maxReportsPerBandit);
        }
        if (maxReportsPerBandit == UNBOUNDED && !floor.equals(PrivacyFloor.NONE)) {
            throw new IllegalArgumentException("a device with a privacy floor counts its reports: give "
                    + "maxReportsPerBandit a bound (an unbounded count is only for PrivacyFloor.NONE, in-process "
                    + "simulation)");
        }
    }

    /**
     * The floor with the default k ({@value #DEFAULT_MAX_REPORTS_PER_BANDIT} report per bandit), or
     * {@link #NONE} for {@link PrivacyFloor#NONE} (in-process simulation, which counts nothing).
     */
    public static DevicePolicy of(PrivacyFloor floor) {
        return PrivacyFloor.NONE.equals(floor) ? NONE : new DevicePolicy(floor, DEFAULT_MAX_REPORTS_PER_BANDIT);
    }

    /** The floor and at most {@code maxReportsPerBandit} reports per bandit. */
    public static DevicePolicy of(PrivacyFloor floor, int maxReportsPerBandit) {
        return new DevicePolicy(floor, maxReportsPerBandit);
    }

    /** This floor with another k. */
    public DevicePolicy withMaxReportsPerBandit(int k) {
        return new DevicePolicy(floor, k);
    }

    /** Whether the count is unbounded ({@link #NONE}: simulation only). */
    public boolean unbounded() {
        return maxReportsPerBandit == UNBOUNDED;
    }

    /**
     * Takes one report for {@code bandit} from the device's count, or refuses it. Call it after the
     * report's parameters passed the floor and its inputs were checked, and before any noise is drawn:
     * a report is counted before it is randomised. The count is never given back, even if sending the
     * report fails afterwards: a report that may have left the device counts.
     *
     * @param ledger where the device keeps its count
     * @param bandit the bandit's id as the app names it (the one it asked POST /decide for)
     * @param what   what the report is, for the message (e.g. "a CAPRI-LDP report")
     * @throws ReportLimitException if the device has already sent k reports for this bandit
     */
    public void admit(ReportLedger ledger, String bandit, String what) {
        if (ledger == null) {
            throw new IllegalArgumentException("the device's report ledger is required");
        }
        LedgerChecks.checkBandit(bandit);
        if (!ledger.tryRecord(bandit, maxReportsPerBandit)) {
            throw new ReportLimitException(what + " for bandit \"" + shorten(bandit) + "\" would be this device's "
                    + "report number " + ((long) maxReportsPerBandit + 1) + " to that bandit, and the device sends at "
                    + "most " + maxReportsPerBandit + " per bandit (its own DevicePolicy, whatever the server asks); "
                    + "nothing was randomised or sent");
        }
    }

    /**
     * μ = √k·μ₁ of the user's k reports to one bandit together, μ₁ = μ(ε_f, δ_f) the most a Gaussian
     * report within the floor can have (Dong, Roth &amp; Su 2019, Cor. 3.3; μ₁ from Balle &amp; Wang
     * 2018, Thm 8). 0 for a floor with δ_f = 0, which no Gaussian report passes.
     *
     * @throws IllegalStateException for {@link #NONE}, which bounds nothing
     */
    public double totalMu() {
        requireBounded();
        if (floor.maxDelta() == 0.0) {
            return 0.0;
        }
        double mu1 = 1.0 / GaussianCalibrator.analyticSigma(1.0, floor.maxEpsilon(), floor.maxDelta());
        return StrictMath.sqrt(maxReportsPerBandit) * mu1;
    }

    /**
     * The user's total guarantee towards one bandit at a given δ: the smallest ε (to bisection
     * precision, rounded up) with δ_μ(ε) ≤ δ at μ = {@link #totalMu()}, where
     * δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2) is μ-GDP's exact privacy profile (Balle &amp; Wang
     * 2018, Thm 8; Dong, Roth &amp; Su 2019, Cor. 2.13). Holds for the k Gaussian reports of this
     * library's randomisers, whatever the server sends; see the class comment for what it assumes.
     *
     * @param delta the δ to state ε at, in (0, 1)
     * @throws IllegalStateException for {@link #NONE}, which bounds nothing
     */
    public PrivacyCost totalGuarantee(double delta) {
        Checks.openUnitInterval(delta, "delta");
        return new PrivacyCost(gaussianEpsilon(totalMu(), delta), delta);
    }

    /**
     * (kε_f, kδ_f): basic composition of k reports of any mechanism within the floor (Dwork &amp; Roth
     * 2014, Thm 3.16), looser than {@link #totalGuarantee} for Gaussian ones.
     *
     * @throws IllegalStateException for {@link #NONE}, which bounds nothing
     */
    public PrivacyCost basicTotal() {
        requireBounded();
        return new PrivacyCost(floor.maxEpsilon(), floor.maxDelta()).times(maxReportsPerBandit);
    }

    /** The smallest ε with δ_μ(ε) ≤ δ, by bisection on ε (δ_μ decreases in ε); the feasible end. */
    static double gaussianEpsilon(double mu, double delta) {
        if (mu == 0.0) {
            return 0.0;
        }
        // δ_μ(0) = Φ(μ/2) − Φ(−μ/2): already at most δ, the reports are (0, δ)-DP.
        if (NormalDistribution.cdf(mu / 2) - NormalDistribution.cdf(-mu / 2) <= delta) {
            return 0.0;
        }
        double lo = 0.0;
        double hi = 1.0;
        // exactDelta(Δ = μ, ε, σ = 1) is δ_μ(ε).
        while (GaussianCalibrator.exactDelta(mu, hi, 1.0) > delta) {
            lo = hi;
            hi *= 2.0;
            if (Double.isInfinite(hi)) {
                throw new IllegalStateException("no finite epsilon reaches delta " + delta + " at mu " + mu);
            }
        }
        for (int i = 0; i < 200 && hi - lo > 0; i++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            if (GaussianCalibrator.exactDelta(mu, mid, 1.0) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    private void requireBounded() {
        if (unbounded() || Double.isInfinite(floor.maxEpsilon())) {
            throw new IllegalStateException("this device policy bounds nothing (PrivacyFloor.NONE or an unbounded "
                    + "count): it has no total guarantee");
        }
    }

    private static String shorten(String s) {
        return s.length() <= 64 ? s : s.substring(0, 64) + "...";
    }

    /**
     * A device refused a report because it has already sent its k reports for that bandit
     * ({@link DevicePolicy#maxReportsPerBandit()}): nothing was randomised or sent.
     */
    public static final class ReportLimitException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        public ReportLimitException(String message) {
            super(message);
        }
    }
}
