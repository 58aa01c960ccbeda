/**
 * Differential-privacy primitives: secure noise, the Gaussian and exponential mechanisms, contribution bounding and the privacy-cost arithmetic of the ledger.
 * <p>Pure Java: no Spring, JPA, servlets or I/O; may depend on io.dpbandit.kernel only for numerics.
 * <p>Noise: {@link io.dpbandit.privacy.NoiseSource} ({@link io.dpbandit.privacy.SecureNoiseSource} in production,
 * {@link io.dpbandit.privacy.SeededNoiseSource} for tests). Mechanisms: {@link io.dpbandit.privacy.GaussianCalibrator},
 * {@link io.dpbandit.privacy.GaussianMechanism}, {@link io.dpbandit.privacy.ExponentialMechanism}, and the tree-based
 * mechanism for private prefix sums of symmetric matrices under continual observation
 * ({@link io.dpbandit.privacy.TreeMechanism}, {@link io.dpbandit.privacy.TreeMechanismCalibration},
 * {@link io.dpbandit.privacy.NodeNoise}, {@link io.dpbandit.privacy.WishartSampler}). Bounding:
 * {@link io.dpbandit.privacy.ContributionBounds}. Accounting: {@link io.dpbandit.privacy.PrivacyCost},
 * {@link io.dpbandit.privacy.AdvancedComposition}, {@link io.dpbandit.privacy.ZcdpCost},
 * {@link io.dpbandit.privacy.PrivacyBudget}, {@link io.dpbandit.privacy.CapriEpochSplit}.
 */
package io.dpbandit.privacy;
