package io.dpbandit.privacy.accounting;

/**
 * The selectable accountants: the exact one, and the two zCDP conversions kept for comparison
 * (and for mechanisms whose parameters are chosen adaptively, through {@link ZcdpFilter}).
 */
public enum AccountingMethod {

    /** Privacy loss distributions ({@link ExactAccountant}, default grid). */
    EXACT,
    /** ρ = Σρᵢ converted by Canonne, Kamath &amp; Steinke 2020, Cor 13. */
    ZCDP_CANONNE_KAMATH_STEINKE,
    /** ρ = Σρᵢ converted by Bun &amp; Steinke 2016, Prop 1.3. */
    ZCDP_BUN_STEINKE;

    /** The accountant this method names. */
    public PrivacyLossAccountant accountant() {
        return switch (this) {
            case EXACT -> new ExactAccountant();
            case ZCDP_CANONNE_KAMATH_STEINKE -> new ZcdpAccountant(ZcdpConversion.CANONNE_KAMATH_STEINKE);
            case ZCDP_BUN_STEINKE -> new ZcdpAccountant(ZcdpConversion.BUN_STEINKE);
        };
    }
}
