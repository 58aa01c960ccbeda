/**
 * Bandit policies (CAPRI, USCA, ...) as pure functions over immutable, serialisable state records.
 * <p>Pure Java: may use kernel and privacy; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy;
