package io.dpbandit.policy.gpucb;

import io.dpbandit.privacy.TreeState;

/**
 * The whole, immutable, JSON-serialisable state of a JDP (or non-private) GP-UCB bandit: the tree
 * mechanism over the augmented matrices Σ[Φ; y][Φ; y]ᵀ (its exact p-sums are private data: persist,
 * never publish), the number of observations folded, and the snapshot {@code decide} reads. The
 * feature map is not stored: it is rebuilt from the configuration's {@code QuadratureFeatureSpec}.
 *
 * @param tree         the tree mechanism's state ((M+1) × (M+1) nodes, one leaf per folded batch)
 * @param observations t − 1: observations folded so far
 * @param snapshot     θ̃, Cholesky factor of V and the radius for the next decisions
 * @param psdRepairs   how many snapshots needed the PSD repair (a public count: a function of the
 *                     private releases only)
 */
public record GpUcbState(TreeState tree, long observations, GpUcbSnapshot snapshot, long psdRepairs) {

    public GpUcbState {
        if (tree == null || snapshot == null) {
            throw new IllegalArgumentException("tree and snapshot must not be null");
        }
        if (observations < 0 || psdRepairs < 0) {
            throw new IllegalArgumentException("counters must be non-negative");
        }
    }
}
