/**
 * The LDP-LinUCB baseline of paper 004's experiments (Zheng et al. 2020, as paper 004 §3.2 describes it):
 * every user releases x xᵀ and y x with Gaussian noise, the server runs LinUCB on the noisy sums with a
 * shift that keeps them positive definite. Used by the simulator for comparison only.
 * <p>Pure Java plus EJML; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy.ldplinucb;
