package io.dpbandit.privacy;

import java.util.List;

/**
 * The immutable, JSON-serialisable state of a {@link TreeMechanism} after {@code leaves} insertions:
 * one node per set bit of {@code leaves}, in ascending level (the binary expansion of the prefix,
 * see {@link TreeMechanism}), and, for Wishart noise, one data-independent padding sample per level
 * (Wishart padding to m samples). All noise in it was drawn once and is reused by every read (tree
 * noise drawn once per node; both rules in docs/papers.md).
 *
 * <p>Holds private data (the exact p-sums): persist it like the raw feedback, never publish it.
 *
 * @param dimension D
 * @param horizon   n, the most leaves the tree accepts
 * @param leaves    k, the leaves inserted so far
 * @param nodes     the nodes of k's binary expansion, ascending level
 * @param padding   m padding samples (Wishart) or empty
 */
public record TreeState(int dimension, long horizon, long leaves, List<TreeNode> nodes, List<SymmetricMatrix> padding) {

    public TreeState {
        nodes = List.copyOf(nodes);
        padding = List.copyOf(padding);
        if (dimension < 1 || horizon < 1 || leaves < 0 || leaves > horizon) {
            throw new IllegalArgumentException("need dimension >= 1, horizon >= 1 and 0 <= leaves <= horizon");
        }
        if (nodes.size() != Long.bitCount(leaves)) {
            throw new IllegalArgumentException("a tree with " + leaves + " leaves has " + Long.bitCount(leaves) + " nodes");
        }
        long covered = 0;
        for (int i = nodes.size() - 1; i >= 0; i--) {
            TreeNode node = nodes.get(i);
            if ((leaves & (1L << node.level())) == 0 || (i > 0 && nodes.get(i - 1).level() >= node.level())) {
                throw new IllegalArgumentException("nodes must sit at the set bits of the leaf count, ascending");
            }
            if (node.firstLeaf() != covered || node.exact().dimension() != dimension) {
                throw new IllegalArgumentException("nodes must cover leaves 0.." + (leaves - 1) + " in order");
            }
            covered += node.leafCount();
        }
        int m = TreeMechanism.levels(horizon);
        if (!padding.isEmpty() && padding.size() != m) {
            throw new IllegalArgumentException("padding holds one sample per level (" + m + ") or none");
        }
        for (SymmetricMatrix p : padding) {
            if (p.dimension() != dimension) {
                throw new IllegalArgumentException("padding samples must have dimension " + dimension);
            }
        }
    }

    /** The node at level j, or null if bit j of the leaf count is 0. */
    public TreeNode nodeAt(int level) {
        for (TreeNode node : nodes) {
            if (node.level() == level) {
                return node;
            }
        }
        return null;
    }
}
