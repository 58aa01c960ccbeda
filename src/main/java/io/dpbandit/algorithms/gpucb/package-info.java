/**
 * Private GP-UCB with quadrature Fourier features (Dubey 2021) as served: its descriptor, its JDP
 * and local-JDP sequential models, and the randomiser inputs a learning decision sends to devices.
 * <p>Depends on the sequential algorithms' shared package, the runtime SPI and the core.
 */
package io.dpbandit.algorithms.gpucb;
