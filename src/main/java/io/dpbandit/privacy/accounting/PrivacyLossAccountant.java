package io.dpbandit.privacy.accounting;

import java.util.List;

/**
 * Turns a list of mechanisms, with parameters fixed in advance, into (ε, δ) guarantees for their
 * composition: through privacy loss distributions, whose convolution is the composition (Sommer,
 * Meiser &amp; Mohammadi 2019, "Privacy loss classes: the central limit theorem in differential
 * privacy"; Dong, Roth &amp; Su 2022 for the Gaussian case), or through zCDP (Bun &amp; Steinke 2016). Both answers are upper bounds: δ at ε, and ε at δ (the smallest ε ≥ 0 with
 * δ(ε) ≤ δ, never below the true one). Implementations: {@link ExactAccountant} (privacy loss
 * distributions) and {@link ZcdpAccountant} (zCDP, for comparison); {@link AccountingMethod}
 * selects one.
 */
public sealed interface PrivacyLossAccountant permits ExactAccountant, ZcdpAccountant {

    /** An upper bound on the δ of the composition at ε. */
    double delta(List<? extends Mechanism> mechanisms, double epsilon);

    /** An upper bound on the smallest ε at which the composition is δ-DP (+∞ if none). */
    double epsilon(List<? extends Mechanism> mechanisms, double delta);
}
