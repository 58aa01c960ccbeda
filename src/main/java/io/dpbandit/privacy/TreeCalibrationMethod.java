package io.dpbandit.privacy;

/**
 * How a {@link TreeMechanism}'s node noise is calibrated to a whole-run (ε, δ). Every method yields
 * (ε, δ)-DP for the full sequence of releases; they differ in how much noise they need.
 * See {@link TreeMechanismCalibration} for the formulas and their proofs.
 */
public enum TreeCalibrationMethod {
    /**
     * Shariff &amp; Sheffet 2018's: per node (ε₀, δ₀) with ε₀ = ε/√(8m ln(2/δ)); Gaussian σ² = 16 m L̃⁴ ln(4/δ)²/ε²
     * (classical mechanism, refused when ε₀ ≥ 1), Wishart k = D + ⌈224 m ε⁻² ln(8m/δ) ln(2/δ)⌉.
     */
    PAPER,
    /**
     * [engineering] Gaussian only: Balle &amp; Wang's analytic σ for one node at the paper's generic
     * per-node split (ε₀, δ/(2m)) of App. A.2, composed over the m nodes by advanced composition (or
     * zCDP, whichever certifies the smaller ε). Needs less noise than PAPER; refused where neither
     * rule certifies ε (large ε).
     */
    ANALYTIC,
    /**
     * [engineering] Gaussian only: the m node releases a datum touches are jointly one Gaussian
     * mechanism of sensitivity √m·L̃² (Gaussian-DP composition, adaptive), calibrated exactly at
     * (ε, δ) by Balle &amp; Wang. The least noise of the three.
     */
    ANALYTIC_TREE
}
