/**
 * Persistence on PostgreSQL, each table in one style: Spring Data JPA for what is written once and
 * read by key (the bandit registry, the append-only ledger, USCA's context releases), JDBC for the
 * hot path and the lifecycle's compare-and-sets (decisions, epochs and their slot counters, bandit
 * state).
 * <p>Depends on the shell's vocabulary ({@code io.dpbandit.bandit}), the spec, the codecs and the SPI
 * ({@code io.dpbandit.runtime}: the records it maps rows to, the read interfaces it implements) only.
 */
package io.dpbandit.store;
