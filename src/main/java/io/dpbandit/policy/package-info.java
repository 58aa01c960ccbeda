/**
 * Bandit policies (CAPRI, USCA, JDP-LinUCB, ...) as pure functions over immutable, serialisable state records, and the
 * shared pieces they use ({@link io.dpbandit.policy.SequentialPolicy}, {@link io.dpbandit.policy.JointFeatureMap}).
 * <p>Pure Java: may use kernel and privacy; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy;
