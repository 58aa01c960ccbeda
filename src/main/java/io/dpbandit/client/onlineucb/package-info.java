/**
 * The user's side of OnlineUCB (OnlineUCB paper, Algorithm 1, lines 11–15; docs/papers.md): the local
 * randomiser that turns the played action's features x and the reward y into the report (x̃, ỹ, g) the
 * server may see, and the public records it exchanges with the server
 * ({@link io.dpbandit.client.onlineucb.OnlineUcbParameters},
 * {@link io.dpbandit.client.onlineucb.OnlineUcbTicket}, {@link io.dpbandit.client.onlineucb.OnlineUcbReport}).
 * <p>Depends only on the JDK and {@code io.dpbandit.privacy} of this module (noise, calibration,
 * clipping); never on the service.
 */
package io.dpbandit.client.onlineucb;
