package io.dpbandit.sdk;

/**
 * A bandit's privacy budget: its total, what its ledger has spent and what remains.
 *
 * @param accountant BASIC (ε and δ add up), or ZCDP or EXACT (Gaussian releases: ρ adds up; ε spent is the
 *                   Gaussian profile's ε at ρ)
 * @param rhoSpent   Gaussian releases under ZCDP or EXACT: ρ spent
 * @param rhoTotal   Gaussian releases under ZCDP or EXACT: the ρ the total (ε, δ) is worth
 */
public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
        double epsilonRemaining, double deltaRemaining, String accountant, Double rhoSpent, Double rhoTotal) {
}
