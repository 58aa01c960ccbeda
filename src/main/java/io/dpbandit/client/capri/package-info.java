/**
 * CAPRI-LDP on the user's side (CAPRI paper, Algorithm 1, LDP branch; docs/papers.md): the public epoch plan a
 * client downloads once per epoch ({@link io.dpbandit.client.capri.CapriRandomiserPlan}), the
 * randomiser that turns the user's context and reward into a noisy contribution
 * ({@link io.dpbandit.client.capri.CapriRandomiser}), and the report sent to /feedback
 * ({@link io.dpbandit.client.capri.CapriReport}). JDK only.
 */
package io.dpbandit.client.capri;
