/**
 * Simulated environments: the kernel calibration world and the papers' experiment setups.
 * <p>Pure Java: depends on the policy package's public context generators and feature maps only.
 */
package io.dpbandit.sim.env;
