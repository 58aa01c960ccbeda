package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import java.util.List;

/**
 * The private model μ̂_r released at the close of epoch r (CAPRI step 7, docs/papers.md):
 * μ̂_r(w) = k_S(w)ᵀ Aᵀ (g + z) = Σ_i α_i k(s_i, w) with α = Aᵀ(g + z). Anyone holding S, α, the
 * kernel and the elimination rule can evaluate it and repeat the elimination; it is the public
 * output of the Gaussian mechanism, and everything computed from it is post-processing.
 *
 * @param epoch           r
 * @param projectionSet   S
 * @param coefficients    α = Aᵀ (g + z)
 * @param width           Δ_r (the paper's rule eliminates with 4Δ_r)
 * @param rule            how this model eliminates (null: the paper's 4Δ_r)
 * @param inverseCholesky A of the epoch (public, part of its plan), kept only where the rule is
 *                        PAIRWISE: the width of a pair needs ‖A (k_S(w') − k_S(w))‖; empty otherwise
 */
public record ReleasedModel(int epoch, List<JointPoint> projectionSet, double[] coefficients, double width,
        EpochPlan.EliminationRule rule, double[] inverseCholesky) {

    public ReleasedModel {
        projectionSet = List.copyOf(projectionSet);
        coefficients = coefficients.clone();
        if (coefficients.length != projectionSet.size()) {
            throw new IllegalArgumentException("one coefficient per projection point");
        }
        inverseCholesky = inverseCholesky == null ? new double[0] : inverseCholesky.clone();
        if (rule != null && rule.pairwise() && inverseCholesky.length != coefficients.length * coefficients.length) {
            throw new IllegalArgumentException("a pairwise rule needs the epoch's m x m factor A");
        }
    }

    /** A model that eliminates with the paper's 4Δ_r. */
    public ReleasedModel(int epoch, List<JointPoint> projectionSet, double[] coefficients, double width) {
        this(epoch, projectionSet, coefficients, width, null, null);
    }

    /** The elimination rule, the paper's 4Δ_r where none was recorded. */
    public EpochPlan.EliminationRule eliminationRule() {
        return rule == null ? EpochPlan.EliminationRule.width(width) : rule;
    }
}
