/**
 * Spring configuration of the service shell: the embedded PostgreSQL for the quick start and tests.
 * <p>May depend on Spring; the algorithm core must never depend on this package.
 */
package io.dpbandit.config;
