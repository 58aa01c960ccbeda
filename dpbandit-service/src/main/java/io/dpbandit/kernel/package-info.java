/**
 * Kernels on joint (context, action) feature vectors, Gram matrices and the symmetric matrix functions the policies need, on EJML.
 * <p>Pure Java: may depend on EJML only; never on Spring, JPA, servlets or I/O.
 */
package io.dpbandit.kernel;
