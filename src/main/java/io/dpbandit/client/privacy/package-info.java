/**
 * Differential-privacy primitives that run on the caller's side (the client jar) because local
 * randomisers need them there: noise ({@link io.dpbandit.client.privacy.NoiseSource}, the production
 * {@link io.dpbandit.client.privacy.SecureNoiseSource} with exact discrete noise on a power-of-two grid, the
 * seeded source for tests and simulations), the Gaussian mechanism and its calibration
 * ({@link io.dpbandit.client.privacy.GaussianCalibrator}: classical and analytic Balle &amp; Wang, with
 * {@link io.dpbandit.client.privacy.ErrorFunction} and {@link io.dpbandit.client.privacy.NormalDistribution}),
 * contribution bounding ({@link io.dpbandit.client.privacy.ContributionBounds}), the cost records
 * ({@link io.dpbandit.client.privacy.PrivacyCost}, {@link io.dpbandit.client.privacy.ZcdpCost}), and what a
 * device enforces on its own under local DP: its per-report {@link io.dpbandit.client.privacy.PrivacyFloor} and
 * its count of reports per bandit ({@link io.dpbandit.client.privacy.DevicePolicy}, kept in a
 * {@link io.dpbandit.client.privacy.ReportLedger}: in memory or in one file).
 * <p>Depends on nothing but the JDK and the other {@code io.dpbandit.client} packages. The service's own
 * privacy code (exponential mechanism, tree mechanism, the ledger arithmetic) is in
 * {@code io.dpbandit.privacy} and builds on these.
 */
package io.dpbandit.client.privacy;
