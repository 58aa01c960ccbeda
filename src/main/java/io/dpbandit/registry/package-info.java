/**
 * The bandit registry as a service: creating bandits through their algorithm's descriptor (one
 * transaction: registry row, state, first epoch, charge at creation), their status and ledger, and
 * the planner's forecasts.
 * <p>Depends on the algorithm registry, the ledger and the stores.
 */
package io.dpbandit.registry;
