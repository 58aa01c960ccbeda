/**
 * The service layer: bandit lifecycle, epochs, decisions and feedback, the privacy ledger and
 * releases, on PostgreSQL. Transactions and locks live here; the algorithms come from the pure
 * policy packages.
 * <p>May depend on Spring and the core packages; never on the api package.
 */
package io.dpbandit.bandit;
