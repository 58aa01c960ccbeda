package io.dpbandit.client.privacy;

/**
 * The weakest guarantee a device accepts, set by the device's own code, never by the server: under
 * local DP the server is not trusted, so a randomiser refuses parameters (a plan, a decision's
 * randomiser inputs) whose per-report (ε, δ) exceeds this floor instead of randomising with them.
 * A compromised server announcing ε = 10⁶ then gets an exception on the device, not near-raw data.
 *
 * <p>The floor bounds one report. How many reports a device sends to one bandit is the other half of
 * its guarantee, and {@link DevicePolicy} holds both: the floor and the device's own k, counted in a
 * {@link ReportLedger}. A floor alone bounds nothing over a returning user's reports.
 *
 * @param maxEpsilon the largest ε a report may have (&gt; 0)
 * @param maxDelta   the largest δ a report may have, in [0, 1)
 */
public record PrivacyFloor(double maxEpsilon, double maxDelta) {

    /**
     * Accepts whatever the parameters say. For code that plays the device inside the server's own
     * process (the simulator, tests), never for a real device.
     */
    public static final PrivacyFloor NONE = new PrivacyFloor(Double.POSITIVE_INFINITY, 0x1.fffffffffffffp-1);

    public PrivacyFloor {
        if (!(maxEpsilon > 0)) {
            throw new IllegalArgumentException("maxEpsilon must be positive, got " + maxEpsilon);
        }
        if (!(maxDelta >= 0 && maxDelta < 1)) {
            throw new IllegalArgumentException("maxDelta must lie in [0, 1), got " + maxDelta);
        }
    }

    /** A floor of at most ε and δ per report. */
    public static PrivacyFloor of(double maxEpsilon, double maxDelta) {
        return new PrivacyFloor(maxEpsilon, maxDelta);
    }

    /**
     * Checks a report's guarantee against the floor.
     *
     * @param what what the guarantee comes from, for the message (e.g. "the epoch's randomiser plan")
     * @throws PrivacyFloorException if ε or δ is above the floor, or not a number
     */
    public void require(PrivacyCost cost, String what) {
        require(cost.epsilon(), cost.delta(), what);
    }

    /** As {@link #require(PrivacyCost, String)} for a bare (ε, δ). */
    public void require(double epsilon, double delta, String what) {
        if (!(epsilon <= maxEpsilon) || !(delta <= maxDelta)) {
            throw new PrivacyFloorException(what + " asks for (epsilon " + epsilon + ", delta " + delta
                    + ") per report, weaker than this device accepts (at most epsilon " + maxEpsilon + ", delta "
                    + maxDelta + "); nothing was randomised or sent");
        }
    }

    /** A randomiser was given parameters weaker than the device's {@link PrivacyFloor}. */
    public static final class PrivacyFloorException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public PrivacyFloorException(String message) {
            super(message);
        }
    }
}
