package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import java.util.List;

/**
 * The private model μ̂_r released at the close of epoch r (spec step 7):
 * μ̂_r(w) = k_S(w)ᵀ Aᵀ (g + z) = Σ_i α_i k(s_i, w) with α = Aᵀ(g + z). Anyone holding S, α, the
 * kernel and Δ_r can evaluate it and repeat the elimination; it is the public output of the
 * Gaussian mechanism, and everything computed from it is post-processing.
 *
 * @param epoch          r
 * @param projectionSet  S
 * @param coefficients   α = Aᵀ (g + z)
 * @param width          Δ_r used to eliminate with this model
 */
public record ReleasedModel(int epoch, List<JointPoint> projectionSet, double[] coefficients, double width) {

    public ReleasedModel {
        projectionSet = List.copyOf(projectionSet);
        coefficients = coefficients.clone();
        if (coefficients.length != projectionSet.size()) {
            throw new IllegalArgumentException("one coefficient per projection point");
        }
    }
}
