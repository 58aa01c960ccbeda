/**
 * The user's side of local-JDP GP-UCB with quadrature Fourier features (Dubey 2021, Alg. 3, client steps 5–6): the
 * randomiser that turns the played point's features Φ(x_t) and the reward y_t into the noisy increments (ΦΦᵀ + N_t,
 * yΦ + n_t) the server may see, with the public parameters and the report it exchanges with the server
 * ({@link io.dpbandit.client.gpucb.GpUcbParameters}, {@link io.dpbandit.client.gpucb.GpUcbReport}).
 * <p>Depends only on the JDK and {@code io.dpbandit.privacy} of this module (noise, calibration, clipping); never on
 * the service.
 */
package io.dpbandit.client.gpucb;
