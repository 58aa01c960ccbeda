/**
 * CAPRI in the simulator: CAPRI-JDP as printed and engineered and CAPRI-LDP, their settings, refinement options and forecast.
 * <p>Uses the simulator's kit ({@code sim}), the policy core and the client randomiser; never the service shell, Spring or another algorithm's package.
 */
package io.dpbandit.sim.capri;
