package io.dpbandit.policy.gpucb;

import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.kernel.QuadratureFourierFeatures;
import io.dpbandit.client.privacy.ContributionBounds;

/**
 * Φ(x) as every part of private GP-UCB uses it: the cached quadrature map applied to a raw joint point,
 * then clipped to ‖Φ‖ ≤ 1 − 2^-20 ({@link GpUcbParameters#FEATURE_NORM_BOUND}, the same bound the
 * client randomiser enforces). QFF vectors have norm 1 up to a few ulps, so the clip is a uniform
 * rescaling by 1 − 1e-6; it is what makes ‖Φ‖ ≤ 1 (Thm 1, and deterministic sensitivity, docs/papers.md) hold
 * strictly for the computed values. Decisions and folds use the same vectors.
 */
final class ClippedFeatures {

    private final QuadratureFourierFeatures map;

    ClippedFeatures(QuadratureFourierFeatures map) {
        this.map = map;
    }

    QuadratureFourierFeatures map() {
        return map;
    }

    /**
     * Φ(x), clipped.
     *
     * @throws IllegalArgumentException for a wrong dimension or a non-finite coordinate (named {@code what})
     */
    double[] of(double[] point, String what) {
        if (point == null || point.length != map.inputDimension()) {
            throw new IllegalArgumentException(what + " must be a joint point of dimension " + map.inputDimension()
                    + ", got " + (point == null ? "null" : String.valueOf(point.length)));
        }
        try {
            return ContributionBounds.clipToNorm(map.apply(point), GpUcbParameters.FEATURE_NORM_BOUND).value();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }
}
