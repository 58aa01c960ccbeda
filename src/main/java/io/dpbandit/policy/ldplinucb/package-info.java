/**
 * The LDP-LinUCB baseline of the OnlineUCB paper's experiments (Zheng et al. 2020, as that paper's §3.2
 * describes it; docs/papers.md): every user releases x xᵀ and y x with Gaussian noise, the server runs
 * LinUCB on the noisy sums with a shift that keeps them positive definite. Used by the simulator for
 * comparison only.
 * <p>Pure Java plus EJML; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy.ldplinucb;
