/**
 * Private GP-UCB with quadrature Fourier features (paper 003, Dubey AISTATS 2021; spec gpucb-qff.md): the pure formulas of
 * its noise calibration (JDP tree, local JDP), spectral bounds and confidence radius, and the choice of the feature count.
 * <p>Pure Java: may use kernel and privacy; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy.gpucb;
