/**
 * The locally private flows: what a learning decision of an LDP bandit sends for the user's device
 * ({@link io.dpbandit.sdk.local.RandomiserInput}: CAPRI, ONLINEUCB and GPUCB each have theirs), the
 * device's side ({@link io.dpbandit.sdk.local.DeviceRandomiser}, which runs io.dpbandit.client's
 * randomisers under the device's own {@link io.dpbandit.client.privacy.DevicePolicy}: a floor on each
 * report and its own count of reports per bandit) and the report
 * it sends back ({@link io.dpbandit.sdk.local.LocalReport}).
 * <p>Depends on the JDK, Jackson and {@code io.dpbandit.client} only.
 */
package io.dpbandit.sdk.local;
