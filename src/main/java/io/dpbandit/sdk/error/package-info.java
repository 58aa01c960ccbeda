/**
 * What the SDK throws: {@link io.dpbandit.sdk.error.DpbanditProblemException} and one subclass per
 * problem type the service answers ({@code https://dpbandit.io/problems/<kind>}), so a caller catches
 * a kind ({@code PausedException}, {@code NotReadyException}, ...) rather than parsing a status, and
 * {@link io.dpbandit.sdk.error.DpbanditTransportException} when no answer came.
 * <p>Depends on the JDK only.
 */
package io.dpbandit.sdk.error;
