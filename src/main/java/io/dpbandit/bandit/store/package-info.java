/**
 * Persistence of the bandit lifecycle on PostgreSQL: JPA entities and Spring Data repositories for
 * the registry (bandits, epochs), the ledger and USCA's releases, and JDBC for the statements of
 * the request path and the lifecycle that need one round trip, row locks or compare-and-set.
 * <p>Part of the service shell; the algorithm core never depends on it.
 */
package io.dpbandit.bandit.store;
