package io.dpbandit.sdk;

/**
 * A bandit's privacy budget: its total, what its ledger has spent and what remains.
 *
 * @param accountant BASIC (ε and δ add up) or ZCDP (ρ adds up; ε spent is the Gaussian profile's ε at ρ)
 * @param rhoSpent   ZCDP only: ρ spent
 * @param rhoTotal   ZCDP only: the ρ the total (ε, δ) is worth
 */
public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
        double epsilonRemaining, double deltaRemaining, String accountant, Double rhoSpent, Double rhoTotal) {
}
