/**
 * ONLINEUCB in the simulator: OnlineUCB engineered and as printed, the LDP-LinUCB baseline of its paper, and their forecast.
 * <p>Uses the simulator's kit ({@code sim}), the policy core and the client randomisers; never the service shell, Spring or another algorithm's package.
 */
package io.dpbandit.sim.onlineucb;
