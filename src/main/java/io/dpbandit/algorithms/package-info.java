/**
 * The algorithm registry: one descriptor per algorithm (its one registration), the validation of
 * specs against the registry (common rules, section ownership, each algorithm's own rules), and
 * this instance's cache of bandit runtimes built by the descriptors.
 * <p>Depends on the algorithm packages, the runtime SPI, the spec and the stores.
 */
package io.dpbandit.algorithms;
