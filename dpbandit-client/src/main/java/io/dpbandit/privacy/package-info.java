/**
 * Differential-privacy primitives that run on the caller's side, in the client module because local
 * randomisers need them there: noise ({@link io.dpbandit.privacy.NoiseSource}, the production
 * {@link io.dpbandit.privacy.SecureNoiseSource} with exact discrete noise on a power-of-two grid, the
 * seeded source for tests and simulations), the Gaussian mechanism and its calibration
 * ({@link io.dpbandit.privacy.GaussianCalibrator}: classical and analytic Balle &amp; Wang, with
 * {@link io.dpbandit.privacy.ErrorFunction} and {@link io.dpbandit.privacy.NormalDistribution}),
 * contribution bounding ({@link io.dpbandit.privacy.ContributionBounds}) and the cost records
 * ({@link io.dpbandit.privacy.PrivacyCost}, {@link io.dpbandit.privacy.ZcdpCost}).
 * <p>Depends on nothing but the JDK. The service's own privacy classes share this package name
 * (exponential mechanism, composition, the ledger arithmetic) and use the package-private
 * {@code Checks} from here: both jars are loaded by one class loader, so they form one runtime package.
 */
package io.dpbandit.privacy;
