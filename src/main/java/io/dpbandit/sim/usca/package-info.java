/**
 * USCA in the simulator: uniform exploration then a per-context exponential-mechanism release, its settings and forecast.
 * <p>Uses the simulator's kit ({@code sim}) and the policy core; never the service shell, Spring or another algorithm's package.
 */
package io.dpbandit.sim.usca;
