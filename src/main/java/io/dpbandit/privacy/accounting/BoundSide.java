package io.dpbandit.privacy.accounting;

/**
 * Which side of the exact privacy curve a discretised or truncated PLD bounds (Meiser &amp; Mohammadi
 * 2018, "Tight on budget? Tight bounds for r-fold approximate differential privacy"; Koskela,
 * Jälkö &amp; Honkela 2020; the pessimistic and optimistic estimates of Google's PLD accountant).
 * δ(ε) = E[max(0, 1 − e^(ε−L))] is non-decreasing in every loss value, so rounding every loss up
 * bounds the composition's δ from above and rounding down bounds it from below.
 */
public enum BoundSide {

    /**
     * Losses rounded up (the mass of L in ((i−1)h, ih] goes to ih), truncated upper mass sent to
     * +∞, truncated lower mass lumped at the lowest point kept, rounding errors added: δ is an upper
     * bound and ε(δ) is never below the exact value.
     */
    PESSIMISTIC,

    /**
     * Losses rounded down (the mass in [ih, (i+1)h) goes to ih), truncated mass dropped, rounding
     * errors subtracted: δ is a lower bound and ε(δ) is never above the exact value.
     */
    OPTIMISTIC
}
