/**
 * GPUCB in the simulator: private GP-UCB on quadrature Fourier features (Dubey 2021), central and local, its settings and options.
 * <p>Uses the simulator's kit ({@code sim}), the policy core and the client randomiser; never the service shell, Spring or another algorithm's package.
 */
package io.dpbandit.sim.gpucb;
