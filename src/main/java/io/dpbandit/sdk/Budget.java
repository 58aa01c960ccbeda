package io.dpbandit.sdk;

/**
 * A bandit's privacy budget in three amounts against its total: what its releases so far have
 * <em>spent</em> (worst case over users), what its ledger has <em>charged</em> (a tree family's whole
 * horizon at creation) and what its plan for the horizon has <em>committed</em>.
 *
 * @param epsilonSpent     what the releases made so far are worth together, worst case over users
 * @param epsilonRemaining epsilonTotal − epsilonSpent
 * @param accountant       BASIC (ε and δ add up), or ZCDP or EXACT (Gaussian releases: ρ adds up; an ε
 *                         figure is the Gaussian profile's ε at its ρ)
 * @param rhoSpent         Gaussian releases under ZCDP or EXACT: ρ spent
 * @param rhoTotal         Gaussian releases under ZCDP or EXACT: the ρ the total (ε, δ) is worth
 * @param epsilonCharged   what the ledger's entries add up to
 * @param epsilonCommitted what the plan for the whole horizon spends once every planned release is made
 * @param charging         PER_RELEASE, AT_CREATION or ON_DEVICE: when this bandit is charged
 * @param spending         how this bandit spends, in one sentence
 */
public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
        double epsilonRemaining, double deltaRemaining, String accountant, Double rhoSpent, Double rhoTotal,
        double epsilonCharged, double deltaCharged, Double rhoCharged, double epsilonCommitted,
        double deltaCommitted, Double rhoCommitted, String charging, String spending) {
}
