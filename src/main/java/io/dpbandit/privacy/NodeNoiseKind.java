package io.dpbandit.privacy;

/**
 * The noise a {@link TreeMechanism} adds to each node (spec linucb-jdp-tree §2.4–2.5): a symmetrised
 * Gaussian matrix, a Wishart matrix W_D(L̃²I, k), or none (exact prefix sums, no privacy).
 */
public enum NodeNoiseKind {
    /** Symmetrised Gaussian noise, σ² off the diagonal and 2σ² on it (spec §2.5, paper 001 §4.2). */
    GAUSSIAN,
    /** Wishart noise W_D(L̃²I, k), always PSD (spec §2.4, paper 001 §4.1, Thm 8). */
    WISHART,
    /** No noise: exact prefix sums (non-private baseline). */
    NONE
}
