package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NoiseSource;

import java.util.ArrayList;
import java.util.List;

/**
 * The tree-based (binary) mechanism for private prefix sums of symmetric D×D matrices under
 * continual observation (Dwork, Naor, Pitassi &amp; Rothblum 2010; Chan, Shi &amp; Song 2011;
 * Shariff &amp; Sheffet 2018, §4 and App. A.2). Generic over D so that JDP-LinUCB ((d+1)² augmented
 * Gram matrices) and private GP-UCB ((M+1)² feature matrices) share it.
 *
 * <h2>Streaming algorithm</h2>
 * Leaves arrive one at a time. After k leaves, the state holds one noisy node per set bit j of k,
 * covering 2^j consecutive leaves (the binary expansion of the prefix [0, k)), and the exact partial
 * sum of the open node of each level. Inserting leaf k+1 with i = trailing zeros of k+1 adds the leaf
 * to every open node and completes the level-i one ({@link #insert}), whose noise is drawn
 * <em>then</em>, once, and stored with it, its exact sum dropped; reads never draw
 * (tree noise drawn once per node; docs/papers.md). The prefix release is the sum of at most
 * popcount(k) ≤ m = ⌈log₂ n⌉ + 1 noisy nodes.
 *
 * <h2>Privacy</h2>
 * A leaf lies in at most one node per level, and nodes exist only for levels 0..⌊log₂ n⌋, so a leaf
 * (and every row summed into it) affects at most m node values over the whole horizon n; every
 * release is a sum of node values and data-independent padding, i.e. post-processing. With node
 * noise from a {@link TreeMechanismCalibration}, the full stream of releases is (ε, δ)-DP with
 * respect to replacing one row of norm ≤ L̃ in one leaf; the sensitivity and composition are stated
 * there and in {@link NodeNoise}. The caller must (a) clip every row to norm L̃ and (b) put each row
 * in exactly one leaf; the tree refuses more than n leaves, since m is fixed by n.
 *
 * <h2>Wishart padding</h2>
 * The shifted Wishart regulariser assumes every release holds exactly m Wishart samples (Wishart
 * padding to m samples, docs/papers.md).
 * For noise that {@link NodeNoise#padsPrefixes() pads}, the state keeps one data-independent sample
 * Q_j per level, drawn once at {@link #empty}; a release adds Q_j for every level j without a node,
 * so it always holds exactly m independent W(L̃²I, k) samples. Q_j is reused across rounds (the
 * analysis needs each round's N_t ~ W(L̃²I, mk) marginally, which holds); being independent of the
 * data, it changes no privacy guarantee.
 */
public final class TreeMechanism {

    private final int dimension;
    private final long horizon;
    private final int levels;
    private final NodeNoise nodeNoise;

    public TreeMechanism(int dimension, long horizon, NodeNoise nodeNoise) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, got " + horizon);
        }
        if (nodeNoise == null) {
            throw new IllegalArgumentException("node noise must not be null");
        }
        this.dimension = dimension;
        this.horizon = horizon;
        this.levels = levels(horizon);
        this.nodeNoise = nodeNoise;
    }

    /** The tree a calibration describes. */
    public static TreeMechanism calibrated(TreeMechanismCalibration calibration) {
        return new TreeMechanism(calibration.dimension(), calibration.horizon(), calibration.nodeNoise());
    }

    /** m = ⌈log₂ n⌉ + 1 (Shariff &amp; Sheffet 2018, §4), exactly, in integer arithmetic. */
    public static int levels(long horizon) {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, got " + horizon);
        }
        return (64 - Long.numberOfLeadingZeros(horizon - 1)) + 1;
    }

    /**
     * The share of a tree's whole-horizon charge that its releases so far have spent, worst case
     * over users: after {@code leaves} completed leaves, the first leaf's user is in the completed
     * nodes [1, 2^j] for 2^j ≤ leaves, ⌊log₂ leaves⌋ + 1 of them, and no leaf is in more (a node
     * covering leaf i > 1 completes no earlier). Each node's noise is one Gaussian of the same σ, so
     * the ρ a user has spent is that many node costs out of the {@code levels} the charge covers
     * (zCDP adds up: Bun &amp; Steinke 2016, Lemma 2.3). 0 before the first leaf.
     */
    public static double spentShare(long leaves, int levels) {
        if (leaves <= 0) {
            return 0.0;
        }
        int released = 64 - Long.numberOfLeadingZeros(leaves); // ⌊log₂ leaves⌋ + 1
        return Math.min(1.0, (double) released / levels);
    }

    public int dimension() {
        return dimension;
    }

    public long horizon() {
        return horizon;
    }

    /** m. */
    public int levels() {
        return levels;
    }

    public NodeNoise nodeNoise() {
        return nodeNoise;
    }

    /** The tree with no leaves; padding noise (if any) is drawn here, once. */
    public TreeState empty(NoiseSource noise) {
        List<SymmetricMatrix> padding = new ArrayList<>();
        if (nodeNoise.padsPrefixes()) {
            for (int j = 0; j < levels; j++) {
                padding.add(nodeNoise.sample(dimension, noise));
            }
        }
        List<SymmetricMatrix> open = new ArrayList<>(levels);
        for (int j = 0; j < levels; j++) {
            open.add(SymmetricMatrix.zero(dimension));
        }
        return new TreeState(dimension, horizon, 0, List.of(), open, padding);
    }

    /** Whether the tree holds its horizon's n leaves and accepts no more. */
    public boolean full(TreeState state) {
        return state.leaves() >= horizon;
    }

    /**
     * The state after inserting one leaf (the streaming insert above). The given state is not changed. Draws
     * exactly one node noise (for the node the leaf completes).
     *
     * @throws IllegalStateException    if the tree already holds n leaves
     * @throws IllegalArgumentException if the leaf has the wrong dimension or a non-finite entry, or
     *                                  the state belongs to another tree
     */
    public TreeState insert(TreeState state, SymmetricMatrix leaf, NoiseSource noise) {
        checkState(state);
        if (leaf == null || leaf.dimension() != dimension) {
            throw new IllegalArgumentException("leaf must be a " + dimension + "x" + dimension + " symmetric matrix");
        }
        if (!leaf.allFinite()) {
            throw new IllegalArgumentException("leaf has a non-finite entry");
        }
        if (full(state)) {
            throw new IllegalStateException("the tree holds its horizon of " + horizon + " leaves; the privacy "
                    + "calibration (m = " + levels + " levels) does not cover more");
        }
        long k = state.leaves() + 1;
        int level = Long.numberOfTrailingZeros(k);
        // Every open node takes the leaf; the level-`level` node is complete now (its leaves are
        // [k − 2^level, k)): its noise is drawn once, here, and its exact sum dropped. The open nodes
        // of the levels at and below it start empty (theirs end at k too: the binary mechanism only
        // ever releases the highest one).
        // The last leaf of the horizon: no node will ever complete again, so no open sum is kept
        // (an exact partial sum that no release needs would only outlive its users' retention).
        boolean last = k >= horizon;
        List<SymmetricMatrix> open = new ArrayList<>(levels);
        SymmetricMatrix exact = null;
        for (int j = 0; j < levels; j++) {
            SymmetricMatrix sum = state.open().get(j).plus(leaf);
            if (j == level) {
                exact = sum;
            }
            open.add(j <= level || last ? SymmetricMatrix.zero(dimension) : sum);
        }
        SymmetricMatrix noisy = nodeNoise.perturb(exact, noise); // the node's noise: drawn once, here
        List<TreeNode> nodes = new ArrayList<>(state.nodes().size() + 1);
        nodes.add(new TreeNode(level, k - (1L << level), 1L << level, noisy));
        for (TreeNode node : state.nodes()) {
            if (node.level() > level) {
                nodes.add(node);
            }
        }
        return new TreeState(dimension, horizon, k, nodes, open, state.padding());
    }

    /**
     * The private release for the current prefix: Σ of the noisy nodes (M_{k} + N_{k}: exact prefix
     * plus noise) plus, for padding noise, the padding samples of the levels without a node. Draws
     * nothing: the same state always gives the same matrix.
     */
    public SymmetricMatrix release(TreeState state) {
        checkState(state);
        SymmetricMatrix sum = SymmetricMatrix.zero(dimension);
        for (TreeNode node : state.nodes()) {
            sum = sum.plus(node.noisy());
        }
        return sum.plus(padding(state));
    }

    /** The number of noise samples in the current release: m with padding, else popcount(k). */
    public int noiseSamplesInRelease(TreeState state) {
        checkState(state);
        return state.padding().isEmpty() ? state.nodes().size() : levels;
    }

    /** The release without padding (for the test showing why padding is needed). */
    SymmetricMatrix releaseWithoutPadding(TreeState state) {
        SymmetricMatrix sum = SymmetricMatrix.zero(dimension);
        for (TreeNode node : state.nodes()) {
            sum = sum.plus(node.noisy());
        }
        return sum;
    }

    private SymmetricMatrix padding(TreeState state) {
        SymmetricMatrix sum = SymmetricMatrix.zero(dimension);
        List<SymmetricMatrix> padding = state.padding();
        for (int j = 0; j < padding.size(); j++) {
            if ((state.leaves() & (1L << j)) == 0) {
                sum = sum.plus(padding.get(j));
            }
        }
        return sum;
    }

    private void checkState(TreeState state) {
        if (state == null || state.dimension() != dimension || state.horizon() != horizon) {
            throw new IllegalArgumentException("state does not belong to this tree (dimension " + dimension
                    + ", horizon " + horizon + ")");
        }
        if (state.padding().isEmpty() == nodeNoise.padsPrefixes()) {
            throw new IllegalArgumentException("state padding does not match the node noise");
        }
    }
}
