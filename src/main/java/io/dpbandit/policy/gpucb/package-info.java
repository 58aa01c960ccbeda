/**
 * Private GP-UCB with quadrature Fourier features (Dubey 2021, AISTATS; docs/papers.md): the JDP policy
 * with the tree privatiser and its non-private variant ({@link io.dpbandit.policy.gpucb.GpUcb}), the local-JDP server
 * that folds client reports ({@link io.dpbandit.policy.gpucb.LocalGpUcb}), their configuration and state records, and
 * the pure formulas of the noise calibration, spectral bounds, confidence radius and choice of the feature count.
 * <p>Pure Java: may use kernel, privacy, policy and the client library's randomiser records; never Spring, JPA,
 * servlets or the database.
 */
package io.dpbandit.policy.gpucb;
