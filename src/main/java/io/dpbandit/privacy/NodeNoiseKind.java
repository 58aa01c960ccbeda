package io.dpbandit.privacy;

/**
 * The noise a {@link TreeMechanism} adds to each node (Shariff &amp; Sheffet 2018, §4.1–4.2): a symmetrised
 * Gaussian matrix, a Wishart matrix W_D(L̃²I, k), or none (exact prefix sums, no privacy).
 */
public enum NodeNoiseKind {
    /** Symmetrised Gaussian noise, σ² off the diagonal and 2σ² on it (Shariff &amp; Sheffet 2018, §4.2). */
    GAUSSIAN,
    /** Wishart noise W_D(L̃²I, k), always PSD (Shariff &amp; Sheffet 2018, §4.1, Thm 8). */
    WISHART,
    /** No noise: exact prefix sums (non-private baseline). */
    NONE
}
