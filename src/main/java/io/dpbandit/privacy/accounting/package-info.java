/**
 * Exact (ε, δ) accounting through privacy loss distributions: Gaussian DP, zCDP conversions, pure-ε PLDs, discretised PLDs, mixtures, filters, and the {@link io.dpbandit.privacy.accounting.ExactAccountant} entry point.
 * <p>Pure Java on StrictMath: may depend on the JDK and {@code io.dpbandit.client.privacy} (Φ, erfc) only; no Spring, JPA, ledger or service code.
 */
package io.dpbandit.privacy.accounting;
