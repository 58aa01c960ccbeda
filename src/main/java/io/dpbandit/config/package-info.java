/**
 * Spring configuration of the service shell: the embedded PostgreSQL for the quick start and tests,
 * and the checks that stop a start before it serves (a shared embedded cluster, a rotation of the
 * digest secret that would orphan rows a bandit still needs).
 * <p>May depend on Spring; the algorithm core must never depend on this package.
 */
package io.dpbandit.config;
