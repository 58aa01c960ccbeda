/**
 * The utility planner: what a bandit will be able to learn, computed before launch from its spec and
 * the public context pool alone (never from rewards or user contexts).
 * <p>Pure Java over the policy cores ({@code policy.capri}, {@code policy.usca}, {@code policy.linucb},
 * {@code policy.gpucb}); never Spring, JPA,
 * servlets or the database.
 */
package io.dpbandit.policy.planning;
