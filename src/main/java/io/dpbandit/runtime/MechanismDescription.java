package io.dpbandit.runtime;

import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyUnit;

/**
 * One privacy mechanism of a bandit, as its privacy report states it: what leaves through it, the
 * sensitivity it is calibrated on (for the bandit's unit of privacy) and how, with the paper and
 * equation it implements. Text, because the analyst reading it needs the argument, not a number
 * alone; the numbers that go with it are in the ledger and the epochs.
 *
 * @param name        the mechanism ("Gaussian mechanism", "tree-based mechanism", ...)
 * @param releases    what it releases and when
 * @param sensitivity the bound one protected unit (a round, or a user's k rounds) moves it by
 * @param calibration how its noise follows from the budget, and the accountant's split
 * @param reference   the paper and equation or algorithm it implements
 * @param runsOn      SERVER (joint DP: the service holds raw data until the mechanism) or DEVICE
 *                    (local DP: the user's own device randomises before anything is sent)
 */
public record MechanismDescription(String name, String releases, String sensitivity, String calibration,
        String reference, String runsOn) {

    public static MechanismDescription server(String name, String releases, String sensitivity, String calibration,
            String reference) {
        return new MechanismDescription(name, releases, sensitivity, calibration, reference, "SERVER");
    }

    public static MechanismDescription device(String name, String releases, String sensitivity, String calibration,
            String reference) {
        return new MechanismDescription(name, releases, sensitivity, calibration, reference, "DEVICE");
    }

    /**
     * How a locally private user's reports count, in English for any k: "a user's one report is one
     * mechanism", "a user's k = 3 reports are 3 separate mechanisms".
     */
    public static String separateReports(int k) {
        return k == 1 ? "a user's one report is one mechanism"
                : "a user's k = " + k + " reports are " + k + " separate mechanisms";
    }

    /**
     * A number as the privacy report's prose shows it: six significant digits, no exponent, trailing zeros
     * dropped (0.9999999999998472 reads 1, 1e-5 reads 0.00001).
     */
    public static String number(double x) {
        if (!Double.isFinite(x)) {
            return Double.toString(x);
        }
        return new java.math.BigDecimal(Double.toString(x)).round(new java.math.MathContext(6))
                .stripTrailingZeros().toPlainString();
    }

    /** "of one round" or "of one user's k rounds": the unit a sensitivity is stated for. */
    public static String unit(BanditSpec spec) {
        return spec.privacy().unit() == PrivacyUnit.USER
                ? "one user's k = " + spec.privacy().groupSize() + " learning rounds (privacy.unit USER)"
                : "one learning round (privacy.unit ROUND)";
    }

    /** How a bandit's releases compose, for the calibration texts. */
    public static String accountant(BanditSpec spec) {
        return switch (spec.privacy().accountantOrBasic()) {
            case EXACT -> "EXACT accountant: Gaussian releases compose as Gaussian DP, μ = √(Σ μᵢ²) (Dong, Roth "
                    + "& Su 2019, Cor 3.3), within the μ whose curve passes exactly through (ε, δ) (Balle & "
                    + "Wang 2018, Thm 8); pure-ε releases through their privacy loss distributions (at δ = 0 "
                    + "their ε add up, which is optimal)";
            case ZCDP -> "ZCDP accountant: the releases' ρ = (sensitivity/σ)²/2 add up (Bun & Steinke 2016, "
                    + "Lemma 2.3) to the ρ whose Gaussian profile is exactly (ε, δ) (Balle & Wang 2018, "
                    + "Thm 8); for Gaussian releases this spends exactly as EXACT does";
            case BASIC -> "BASIC accountant: the releases' (ε, δ) add up (basic composition)";
        };
    }
}
