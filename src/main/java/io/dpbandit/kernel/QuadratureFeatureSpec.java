package io.dpbandit.kernel;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.kernel.KernelType;

import java.io.Serializable;

/**
 * The three numbers that determine a quadrature Fourier feature map for the squared-exponential
 * kernel exp(−‖x − y‖²/(2ℓ²)) (Dubey 2021 §4.2, Def. 4, as reconstructed in docs/papers.md, "QFF
 * construction").
 * This is what a policy's state stores: the map itself ({@link QuadratureFourierFeatures}) is
 * rebuilt from it in O(m̄^d·d) work, the Gauss–Hermite rule being cached per order.
 *
 * <p>Explicit m̄ (docs/papers.md): {@code nodesPerDimension} is Dubey 2021's m̄,
 * {@link #featureDimension()} is M = 2 m̄^d; the paper's m means either.
 *
 * @param nodesPerDimension m̄, Gauss–Hermite nodes per input dimension, 1 ≤ m̄ ≤ {@link GaussHermiteRule#MAX_ORDER}
 * @param lengthScale       ℓ &gt; 0 of the SE kernel (the paper's ν; its experiments use ℓ = 1)
 * @param inputDimension    d ≥ 1
 */
public record QuadratureFeatureSpec(int nodesPerDimension, double lengthScale, int inputDimension)
        implements Serializable {

    /**
     * The largest number of frequencies m̄^d accepted (M = 2 m̄^d features). The GP-UCB policy
     * factorises M × M matrices every round, so useful maps are far smaller (feature dimension cost,
     * docs/papers.md); the cap only
     * stops an m̄^d that would exhaust memory.
     */
    public static final int MAX_FREQUENCIES = 1 << 20;

    public QuadratureFeatureSpec {
        if (nodesPerDimension < 1 || nodesPerDimension > GaussHermiteRule.MAX_ORDER) {
            throw new IllegalArgumentException("nodesPerDimension (m-bar) must be between 1 and "
                    + GaussHermiteRule.MAX_ORDER + ", got " + nodesPerDimension);
        }
        if (!(lengthScale > 0) || !Double.isFinite(lengthScale)) {
            throw new IllegalArgumentException("lengthScale must be positive and finite, got " + lengthScale);
        }
        if (inputDimension < 1) {
            throw new IllegalArgumentException("inputDimension must be at least 1, got " + inputDimension);
        }
        long count = 1;
        for (int j = 0; j < inputDimension; j++) {
            count *= nodesPerDimension;
            if (count > MAX_FREQUENCIES) {
                throw new IllegalArgumentException("m-bar^d = " + nodesPerDimension + "^" + inputDimension
                        + " exceeds " + MAX_FREQUENCIES + " frequencies; lower nodesPerDimension (the feature "
                        + "dimension 2 m-bar^d grows exponentially in d, the feature dimension cost, docs/papers.md)");
            }
        }
        // The largest frequency √2 z_max/ℓ (z_max < √(2m̄+1)) must be a finite double.
        if (!Double.isFinite(StrictMath.sqrt(2.0 * (2.0 * nodesPerDimension + 1)) / lengthScale)) {
            throw new IllegalArgumentException("lengthScale " + lengthScale + " is so small that the quadrature "
                    + "frequencies overflow; rescale the inputs");
        }
    }

    /** The spec for an RBF {@link KernelSpec} (same convention: k = exp(−r²/(2ℓ²))). */
    public static QuadratureFeatureSpec forKernel(KernelSpec kernel, int nodesPerDimension, int inputDimension) {
        if (kernel == null || kernel.type() != KernelType.RBF) {
            throw new IllegalArgumentException("quadrature Fourier features are implemented for the RBF "
                    + "(squared-exponential) kernel only, got " + kernel);
        }
        return new QuadratureFeatureSpec(nodesPerDimension, kernel.lengthScale(), inputDimension);
    }

    /** m̄^d, the number of quadrature frequencies ω_j. */
    public int frequencyCount() {
        int count = 1;
        for (int j = 0; j < inputDimension; j++) {
            count *= nodesPerDimension;
        }
        return count;
    }

    /** M = 2 m̄^d, a cosine and a sine per frequency. */
    public int featureDimension() {
        return 2 * frequencyCount();
    }

    /** The kernel the features approximate. */
    public KernelSpec kernel() {
        return KernelSpec.rbf(lengthScale);
    }

    /** Builds (or rebuilds) the feature map. */
    public QuadratureFourierFeatures toFeatureMap() {
        return new QuadratureFourierFeatures(this);
    }
}
