/**
 * Bean Validation constraints and bounded JSON readers for request records.
 * <p>Part of the HTTP layer; the algorithm core never depends on it.
 */
package io.dpbandit.api.validation;
