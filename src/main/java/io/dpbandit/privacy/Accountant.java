package io.dpbandit.privacy;

/**
 * How a bandit's charges compose against its budget. BASIC: (ε, δ) add up (Dwork &amp; Roth 2014,
 * Thm 3.16; the papers' accounting, and the only one for the pure-ε exponential mechanism and for
 * Wishart noise). ZCDP: every charge is a Gaussian release whose ρ = μ²/2 adds up (Bun &amp; Steinke
 * 2016, Lemma 2.3), and the total converts to (ε, δ) through the Gaussian mechanism's exact privacy
 * profile ({@link ZcdpAccounting}): CAPRI's L releases then cost √L less noise each.
 */
public enum Accountant { BASIC, ZCDP }
