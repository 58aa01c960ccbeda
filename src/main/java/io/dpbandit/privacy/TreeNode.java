package io.dpbandit.privacy;

/**
 * One completed node of the tree mechanism: the p-sum of leaves firstLeaf .. firstLeaf+leafCount−1
 * (leafCount = 2^level), exactly and with the noise drawn once when the node was completed.
 *
 * <p>{@code exact} is private data: it is kept only to build the parent node later, and must never
 * be released or logged. {@code noisy} is the node's private release.
 *
 * @param level     j: the node covers 2^j leaves
 * @param firstLeaf index (0-based) of its first leaf
 * @param leafCount 2^level
 * @param exact     P_j, the exact sum of its leaves
 * @param noisy     P̂_j = P_j + Z_j
 */
public record TreeNode(int level, long firstLeaf, long leafCount, SymmetricMatrix exact, SymmetricMatrix noisy) {

    public TreeNode {
        if (level < 0 || level > 62) {
            throw new IllegalArgumentException("level must be in [0, 62], got " + level);
        }
        if (leafCount != 1L << level) {
            throw new IllegalArgumentException("a level-" + level + " node covers " + (1L << level) + " leaves");
        }
        if (firstLeaf < 0 || firstLeaf % leafCount != 0) {
            throw new IllegalArgumentException("a level-" + level + " node starts at a multiple of " + leafCount);
        }
        if (exact == null || noisy == null || exact.dimension() != noisy.dimension()) {
            throw new IllegalArgumentException("exact and noisy p-sums must be present and of one dimension");
        }
    }
}
