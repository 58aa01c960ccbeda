package io.dpbandit.client.privacy;

/** How a Gaussian mechanism's σ was derived from (Δ, ε, δ); recorded with every release. */
public enum CalibrationMethod {
    /** σ = Δ·√(2 ln(1.25/δ))/ε (Dwork &amp; Roth 2014, Thm A.1); valid only for ε ≤ 1. */
    CLASSICAL,
    /** The smallest σ meeting Balle &amp; Wang (2018) Thm 8 exactly; valid for every ε. */
    ANALYTIC
}
