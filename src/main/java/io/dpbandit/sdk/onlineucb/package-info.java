/**
 * OnlineUCB's records in the SDK (its plan forecast; its device-side types are in
 * {@code io.dpbandit.sdk.local}). Depends on the JDK, Jackson and {@code io.dpbandit.sdk} only;
 * {@code io.dpbandit.sdk} never names it.
 */
package io.dpbandit.sdk.onlineucb;
