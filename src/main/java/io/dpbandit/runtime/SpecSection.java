package io.dpbandit.runtime;

/**
 * The optional parts of the common spec that only some algorithms read; each descriptor names the
 * ones it owns, so a spec that sets a part its algorithm does not read is refused with the names of
 * the algorithms that do read it. An algorithm's own sections ({@code linear}, {@code gpucb}) are
 * declared in its package instead ({@link OptionsSection}).
 */
public enum SpecSection {
    /** {@code kernel}: required. */
    KERNEL,
    /** {@code contextPool}: required (the public contexts). */
    CONTEXT_POOL,
    /** {@code tuning.elimination}, {@code statisticalWidth}, {@code projection}, {@code tauRule}, {@code rewardOffset}. */
    REFINEMENTS,
    /** {@code tuning.leafRounds}: rounds per leaf of a tree mechanism (under JDP). */
    LEAF_GRID,
    /** {@code privacy.composition}: how the epochs' releases compose. */
    EPOCH_COMPOSITION,
    /** {@code privacy.totalEpsilon}: a budget spent release by release. */
    TOTAL_EPSILON,
    /** {@code candidates} on /decide: a decision set per round. */
    DECISION_SETS
}
