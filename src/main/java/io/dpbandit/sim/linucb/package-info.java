/**
 * LINUCB in the simulator: JDP-LinUCB (Shariff &amp; Sheffet 2018) and non-private LinUCB as the service builds them, and the served EPOCHS release.
 * <p>Uses the simulator's kit ({@code sim}) and the policy core; never the service shell, Spring or another algorithm's package.
 */
package io.dpbandit.sim.linucb;
