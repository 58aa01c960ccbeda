/**
 * Differential-privacy primitives of the service: the exponential mechanism, the tree-based
 * mechanism, composition and the privacy-cost arithmetic of the ledger.
 * <p>Pure Java: no Spring, JPA, servlets or I/O; may depend on io.dpbandit.kernel only for numerics.
 * <p>The same package in the dependency-free client module holds what local randomisers need too:
 * noise ({@link io.dpbandit.client.privacy.NoiseSource}, {@link io.dpbandit.client.privacy.SecureNoiseSource} in
 * production, {@link io.dpbandit.client.privacy.SeededNoiseSource} for tests), the Gaussian mechanism and its
 * calibration ({@link io.dpbandit.client.privacy.GaussianCalibrator}, {@link io.dpbandit.client.privacy.GaussianMechanism}),
 * bounding ({@link io.dpbandit.client.privacy.ContributionBounds}) and the cost records
 * ({@link io.dpbandit.client.privacy.PrivacyCost}, {@link io.dpbandit.client.privacy.ZcdpCost}). Here: mechanisms
 * {@link io.dpbandit.privacy.ExponentialMechanism} and the tree-based mechanism for private prefix
 * sums of symmetric matrices under continual observation ({@link io.dpbandit.privacy.TreeMechanism},
 * {@link io.dpbandit.privacy.TreeMechanismCalibration}, {@link io.dpbandit.privacy.NodeNoise},
 * {@link io.dpbandit.privacy.WishartSampler}); accounting {@link io.dpbandit.privacy.AdvancedComposition},
 * {@link io.dpbandit.privacy.PrivacyBudget} (CAPRI's split of its budget over epochs is
 * {@code io.dpbandit.policy.capri.CapriEpochSplit}).
 */
package io.dpbandit.privacy;
