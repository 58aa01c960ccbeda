package io.dpbandit.policy;

import io.dpbandit.client.privacy.ContributionBounds;

/**
 * One observation's row [x; y] of the augmented Gram matrix Σ[x; y][x; y]ᵀ that the tree mechanism
 * releases (JDP-LinUCB, Shariff &amp; Sheffet 2018; GP-UCB with x = Φ(w), Dubey 2021). The reward is clipped to
 * [−B, B] here, so with ‖x‖ already bounded the row's norm, hence every tree node's sensitivity to
 * one user, is bounded for any input.
 */
public final class AugmentedRows {

    private AugmentedRows() {
    }

    /**
     * [x; clip_B(y)]. {@code x} must already be bounded (clipped features).
     *
     * @throws IllegalArgumentException for a non-finite reward, naming the observation
     */
    public static double[] of(double[] x, double reward, double rewardBound, int observation) {
        double y;
        try {
            y = ContributionBounds.clipReward(reward, rewardBound).value();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("observation " + observation + ": " + e.getMessage(), e);
        }
        double[] row = new double[x.length + 1];
        System.arraycopy(x, 0, row, 0, x.length);
        row[x.length] = y;
        return row;
    }
}
