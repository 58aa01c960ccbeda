/**
 * Bean Validation constraints and bounded JSON readers shared by the request records of the HTTP
 * layer and the bandit spec of the service layer.
 * <p>Part of the service shell; the algorithm core never depends on it.
 */
package io.dpbandit.validation;
