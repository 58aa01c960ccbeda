/**
 * The privacy ledger as a service: budgets replayed from the append-only entries in exact decimal
 * arithmetic, and charges that go in only within the budget, in the transaction of the release
 * they pay for.
 * <p>Depends on the stores, the privacy core and the SPI's charge ({@code io.dpbandit.runtime.EpochProcess.Charge}) only.
 */
package io.dpbandit.ledger;
