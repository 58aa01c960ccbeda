package io.dpbandit.sdk;

import java.time.Instant;

/**
 * One charge of a bandit's privacy ledger (append-only).
 *
 * @param epsilon     the ε this charge adds to what the bandit has spent
 * @param reason      what the charge paid for
 * @param epoch       the epoch it paid for, if any
 * @param composition how the bandit's charges compose (SEQUENTIAL, PARALLEL, ...)
 * @param rho         the charge's zCDP cost, if it has one
 * @param accountant  BASIC, ZCDP or EXACT
 * @param mechanism   GAUSSIAN or EXPONENTIAL: what the charge paid for (null for Wishart noise)
 */
public record LedgerEntry(long id, String banditId, double epsilon, double delta, String reason, Integer epoch,
        String composition, Double rho, String accountant, String mechanism, Instant createdAt) {
}
