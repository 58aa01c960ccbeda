/**
 * Kernels on joint (context, action) feature vectors, Gram matrices, the symmetric matrix functions the policies need, and
 * finite kernel approximations (Gauss–Hermite quadrature Fourier features for the RBF kernel), on EJML.
 * <p>Pure Java: may depend on EJML only; never on Spring, JPA, servlets or I/O.
 */
package io.dpbandit.kernel;
