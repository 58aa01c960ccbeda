package io.dpbandit.algorithms.sequential;

import io.dpbandit.privacy.TreeMechanism;
import java.util.Locale;

/**
 * How a tree-mechanism model (LINUCB's and GP-UCB's continual release) spends the whole-horizon
 * charge it paid at creation: as its nodes are released ({@link TreeMechanism#spentShare}).
 */
public final class TreeSpending {

    private TreeSpending() {
    }

    /** The share spent after {@code folded} rounds, a fold of {@code leafRounds} rounds being one leaf (0: one per fold). */
    public static double share(long folded, int leafRounds, int levels) {
        long leaves = leafRounds > 0 ? folded / leafRounds : folded; // a leaf per fold: at most one per round
        return TreeMechanism.spentShare(leaves, levels);
    }

    /** The budget view's sentence for a tree of {@code levels} nodes per user. */
    public static String sentence(int levels) {
        return String.format(Locale.ROOT, "The whole horizon's continual release was charged once, at creation, for "
                + "the %d tree nodes a user's round can be in; a node is released when its leaves complete, and after "
                + "t leaves the worst-off user is in ⌊log₂ t⌋ + 1 released nodes, so spent grows with the releases "
                + "toward the commitment.", levels);
    }
}
