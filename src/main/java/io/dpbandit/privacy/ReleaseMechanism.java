package io.dpbandit.privacy;

/**
 * The mechanism a ledger charge pays for, which decides how a shared budget measures it
 * ({@link BudgetFilter}).
 * <ul>
 *   <li>GAUSSIAN: a Gaussian release (or a composition of them) of ρ = μ²/2, exactly μ-GDP.</li>
 *   <li>EXPONENTIAL: the exponential mechanism exp(εu/(2Δ)) (McSherry &amp; Talwar 2007): ε-DP,
 *       and ε-bounded-range (Durfee &amp; Rogers 2019), hence ε²/8-zCDP (Cesar &amp; Rogers 2021).</li>
 * </ul>
 */
public enum ReleaseMechanism { GAUSSIAN, EXPONENTIAL }
