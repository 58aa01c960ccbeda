package io.dpbandit.privacy;

/**
 * How a bandit's charges compose against its own budget.
 * <ul>
 *   <li>BASIC: (ε, δ) add up (Dwork &amp; Roth 2014, Thm 3.16); the papers' accounting, kept for
 *       their exact algorithms (profile PAPER) and for Wishart noise.</li>
 *   <li>ZCDP: every charge is a Gaussian release whose ρ = μ²/2 adds up (Bun &amp; Steinke 2016,
 *       Lemma 2.3) and the total converts to (ε, δ) through the Gaussian mechanism's exact profile
 *       ({@link ZcdpAccounting}); Gaussian releases only. Kept for comparison: for a bandit of
 *       Gaussian releases it spends exactly as EXACT does.</li>
 *   <li>EXACT (the default): what the service really runs, composed exactly: Gaussian releases as
 *       Gaussian DP (μ = √Σμᵢ², Dong, Roth &amp; Su 2019, Cor. 3.3, whose (ε, δ) curve is the
 *       Gaussian mechanism's exact profile), pure-ε releases through their privacy loss
 *       distributions (io.dpbandit.privacy.accounting). A bandit at (ε, δ) spends at most (ε, δ),
 *       with no conversion slack.</li>
 * </ul>
 */
public enum Accountant {
    BASIC, ZCDP, EXACT;

    /**
     * Whether Gaussian releases compose as one Gaussian (μ = √Σμᵢ²) under this accountant, so that
     * a run's μ may be split among its releases by squares rather than (ε, δ) by sums.
     */
    public boolean composesGaussians() {
        return this != BASIC;
    }

    /**
     * The accountant of a spec that names none: EXACT where every release is Gaussian or pure-ε and the
     * tuning is not the paper's, else BASIC (the papers' own accounting). The one rule for every reader
     * (the spec's normalisation and the choices made before it).
     */
    public static Accountant defaultFor(boolean gaussianOrPure, boolean paperTuning) {
        return gaussianOrPure && !paperTuning ? EXACT : BASIC;
    }
}
