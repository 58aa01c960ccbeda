/**
 * Differential-privacy primitives: secure noise, the Gaussian and exponential mechanisms, contribution bounding and the privacy-cost arithmetic of the ledger.
 * <p>Pure Java: no Spring, JPA, servlets or I/O; may depend on io.dpbandit.kernel only for numerics.
 */
package io.dpbandit.privacy;
