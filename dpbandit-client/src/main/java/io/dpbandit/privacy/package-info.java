/**
 * Noise for differential privacy, in the client module because local randomisers draw it on the
 * caller's side: the {@link io.dpbandit.privacy.NoiseSource} interface, the production
 * {@link io.dpbandit.privacy.SecureNoiseSource} (SecureRandom, exact discrete noise on a
 * power-of-two grid) and the seeded source for tests and simulations.
 * <p>The service's own privacy classes share this package name (mechanisms, calibration, the ledger
 * arithmetic); this module depends on nothing but the JDK.
 */
package io.dpbandit.privacy;
