/**
 * OnlineUCB with local DP as served: its descriptor, sequential model and the randomiser inputs a
 * learning decision sends to the device.
 * <p>Depends on the sequential algorithms' shared package, the runtime SPI and the core.
 */
package io.dpbandit.algorithms.onlineucb;
