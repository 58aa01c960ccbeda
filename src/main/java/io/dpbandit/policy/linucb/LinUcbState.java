package io.dpbandit.policy.linucb;

import io.dpbandit.privacy.TreeState;

/**
 * The whole, immutable, JSON-serialisable state of a JDP-LinUCB bandit: the tree mechanism over the
 * augmented matrices Σ[x;y][x;y]ᵀ (exact p-sums are private data: persist, never publish), the
 * number of observations folded, and the snapshot {@code decide} reads.
 *
 * @param tree         the tree mechanism's state (one leaf per folded batch)
 * @param observations t − 1: observations folded so far
 * @param snapshot     θ̃, Cholesky factor of V and β for the next decisions
 * @param psdRepairs   how many folds needed the PSD repair (a public count: it is a function of
 *                     the private releases only)
 */
public record LinUcbState(TreeState tree, long observations, LinUcbSnapshot snapshot, long psdRepairs) {

    public LinUcbState {
        if (tree == null || snapshot == null) {
            throw new IllegalArgumentException("tree and snapshot must not be null");
        }
        if (observations < 0 || psdRepairs < 0) {
            throw new IllegalArgumentException("counters must be non-negative");
        }
    }
}
