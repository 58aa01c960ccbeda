package io.dpbandit.privacy;

/**
 * One completed node of the tree mechanism: the noisy p-sum of leaves firstLeaf .. firstLeaf+leafCount−1
 * (leafCount = 2^level), its noise drawn once when the node was completed. Only the noisy value is
 * kept: the exact p-sum is private data that nothing needs once the node is complete (the parent's
 * exact sum accumulates in the open node of its level, {@link TreeState#open()}), so it is dropped
 * then, as retention requires of derived data.
 *
 * @param level     j: the node covers 2^j leaves
 * @param firstLeaf index (0-based) of its first leaf
 * @param leafCount 2^level
 * @param noisy     P̂_j = P_j + Z_j
 */
public record TreeNode(int level, long firstLeaf, long leafCount, SymmetricMatrix noisy) {

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
        if (noisy == null) {
            throw new IllegalArgumentException("the noisy p-sum must be present");
        }
    }
}
