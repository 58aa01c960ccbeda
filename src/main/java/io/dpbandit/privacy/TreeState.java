package io.dpbandit.privacy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * The immutable, serialisable state of a {@link TreeMechanism} after {@code leaves} insertions: one
 * completed node per set bit of {@code leaves}, in ascending level, holding only its noisy p-sum (the
 * binary expansion of the prefix, see {@link TreeMechanism}); the exact partial sums of the open
 * node of every level (the only exact data kept: a node's exact sum is needed until it completes,
 * and dropped then); and, for Wishart noise, one data-independent padding sample per level (Wishart
 * padding to m samples). All noise in it was drawn once and is reused by every read (tree noise
 * drawn once per node; both rules in docs/papers.md).
 *
 * <p>The open partial sums are private data: persist them like the raw feedback, never publish them.
 *
 * @param dimension D
 * @param horizon   n, the most leaves the tree accepts
 * @param leaves    k, the leaves inserted so far
 * @param nodes     the completed nodes of k's binary expansion, ascending level (noisy values only)
 * @param open      m exact partial sums: entry j is the sum of the leaves of the level-j node still
 *                  being filled, [⌊k / 2^j⌋·2^j, k)
 * @param padding   m padding samples (Wishart) or empty
 */
public record TreeState(int dimension, long horizon, long leaves, List<TreeNode> nodes, List<SymmetricMatrix> open,
        List<SymmetricMatrix> padding) {

    public TreeState {
        nodes = List.copyOf(nodes);
        open = List.copyOf(open);
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
            if (node.firstLeaf() != covered || node.noisy().dimension() != dimension) {
                throw new IllegalArgumentException("nodes must cover leaves 0.." + (leaves - 1) + " in order");
            }
            covered += node.leafCount();
        }
        int m = TreeMechanism.levels(horizon);
        if (open.size() != m) {
            throw new IllegalArgumentException("a tree keeps one open partial sum per level (" + m + ")");
        }
        for (SymmetricMatrix p : open) {
            if (p.dimension() != dimension) {
                throw new IllegalArgumentException("open partial sums must have dimension " + dimension);
            }
        }
        if (!padding.isEmpty() && padding.size() != m) {
            throw new IllegalArgumentException("padding holds one sample per level (" + m + ") or none");
        }
        for (SymmetricMatrix p : padding) {
            if (p.dimension() != dimension) {
                throw new IllegalArgumentException("padding samples must have dimension " + dimension);
            }
        }
    }

    /**
     * This state without its exact partial sums (every open sum zero): for a tree that will take no
     * more leaves (its bandit retired before the horizon), whose open sums would never complete into
     * a node. The completed nodes' noisy values stay. This same object when every open sum is zero.
     */
    public TreeState withoutOpenSums() {
        boolean zero = true;
        for (SymmetricMatrix p : open) {
            zero &= p.equals(SymmetricMatrix.zero(dimension));
        }
        if (zero) {
            return this;
        }
        List<SymmetricMatrix> zeros = new ArrayList<>(open.size());
        for (int j = 0; j < open.size(); j++) {
            zeros.add(SymmetricMatrix.zero(dimension));
        }
        return new TreeState(dimension, horizon, leaves, nodes, zeros, padding);
    }

    /** A node as stored: states written before exact sums were dropped carry {@code exact} too. */
    record StoredNode(int level, long firstLeaf, long leafCount, SymmetricMatrix exact, SymmetricMatrix noisy) {
    }

    /**
     * Reads a stored state. One written before exact sums were dropped has no {@code open} sums and
     * exact sums in its nodes: its open sums are rebuilt from them (the open level-j node holds
     * exactly the leaves of the expansion's nodes below level j) and the exact sums are dropped.
     */
    @JsonCreator
    static TreeState read(@JsonProperty("dimension") int dimension, @JsonProperty("horizon") long horizon,
            @JsonProperty("leaves") long leaves, @JsonProperty("nodes") List<StoredNode> nodes,
            @JsonProperty("open") List<SymmetricMatrix> open, @JsonProperty("padding") List<SymmetricMatrix> padding) {
        List<TreeNode> kept = new ArrayList<>(nodes.size());
        for (StoredNode n : nodes) {
            kept.add(new TreeNode(n.level(), n.firstLeaf(), n.leafCount(), n.noisy()));
        }
        if (open == null) {
            int m = TreeMechanism.levels(horizon);
            List<SymmetricMatrix> rebuilt = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                SymmetricMatrix sum = SymmetricMatrix.zero(dimension);
                for (StoredNode n : nodes) {
                    if (n.level() < j) {
                        sum = sum.plus(n.exact());
                    }
                }
                rebuilt.add(sum);
            }
            open = rebuilt;
        }
        return new TreeState(dimension, horizon, leaves, kept, open, padding == null ? List.of() : padding);
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
