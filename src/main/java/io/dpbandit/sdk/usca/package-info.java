/**
 * USCA's records in the SDK (its plan forecast). Depends on the JDK, Jackson and {@code io.dpbandit.sdk}
 * only; {@code io.dpbandit.sdk} never names it.
 */
package io.dpbandit.sdk.usca;
