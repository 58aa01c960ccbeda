/**
 * The simulator: environments from the papers' experiments and the evaluation runner.
 * <p>Pure Java: drives policies in process; never Spring, JPA or servlets.
 */
package io.dpbandit.sim;
