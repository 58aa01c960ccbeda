package io.dpbandit.policy.linucb;

import java.util.Locale;

/**
 * What a LINUCB bandit would play when its spec pins neither {@code linear.release} nor
 * {@code linear.firstEpoch} under the LEARN profile (served by algorithms.linucb.LinUcbAlgorithm's normalise):
 * the configuration the planner forecasts to learn most over the whole horizon, from public facts
 * only (T, ε, δ, the unit's k, the context dimension, the actions and whether they carry features,
 * the leaf grid). No reward or user context is read, so the choice costs no privacy.
 *
 * <ul>
 *   <li>Actions that are labels (no features, or one-hot ones) with K·d_b ≤ 400: {@code PER_ACTION} with
 *       the {@code EPOCHS} release, which beat the tree on every measured cell of the digits and the wine
 *       (measured with bench/research-defaults.sh). Actions with features: the tree (EPOCHS needs PER_ACTION).</li>
 *   <li>The first epoch: the share f of {@link #FIRST_EPOCHS} that maximises the forecast learned share
 *       over the whole horizon, {@link LinearForecast#learnedShare} with the gap {@link #REFERENCE_GAP}
 *       (rewards 0/1: the right label 1 above the others), ties to the shorter epoch. A stronger privacy
 *       level, more actions or a larger context push f up (the first release must hold enough rows per
 *       action and dimension to beat its noise); a longer horizon pushes it down.</li>
 * </ul>
 */
public final class LinearDefaults {

    /** The first-epoch shares the rule chooses from (the ones measured). */
    public static final double[] FIRST_EPOCHS = {0.0625, 0.125, 0.25, 0.375, 0.5};

    /**
     * The reward gap the forecast ranks with, in reward units (rewards clipped to [−1, 1]): the gap of a
     * 0/1 reward between the right action and the others. The forecast's ranking of first epochs was
     * checked at 0.25, 0.5 and 1 on the digits and the wine; 1 picked the full-horizon winner or a cell
     * within 0.02 of it in all 12 cells.
     */
    public static final double REFERENCE_GAP = 1.0;

    /** The largest PER_ACTION model the service takes (algorithms.sequential.LinearSection.MAX_FEATURES). */
    static final int MAX_FEATURES = 400;

    private LinearDefaults() {
    }

    /** The release a LINUCB default plays. */
    public enum Release { TREE, EPOCHS }

    /**
     * @param release       TREE or EPOCHS
     * @param perAction     whether the map is PER_ACTION (else the spec's, OUTER_PRODUCT by default)
     * @param firstEpoch    the first epoch's share of T (EPOCHS), NaN for the tree
     * @param forecastShare the forecast learned share over the horizon of the choice (NaN for the tree)
     * @param reason        one line saying why
     */
    public record Choice(Release release, boolean perAction, double firstEpoch, double forecastShare, String reason) {
    }

    /**
     * The default for a LINUCB spec.
     *
     * @param horizon          T (learning rounds)
     * @param actions          K
     * @param contextDimension d_b
     * @param labels           whether the actions are labels (no features, or one-hot features)
     * @param epsilon          ε of the bandit
     * @param delta            δ of the bandit
     * @param groupSize        k, a user's most rounds (1: round-level)
     * @param leafRounds       B, the leaf grid
     */
    public static Choice choose(long horizon, int actions, int contextDimension, boolean labels, double epsilon,
            double delta, int groupSize, long leafRounds) {
        if (!labels) {
            return new Choice(Release.TREE, false, Double.NaN, Double.NaN,
                    "actions carry features: the tree (EPOCHS needs one block per action)");
        }
        if ((long) actions * contextDimension > MAX_FEATURES) {
            return new Choice(Release.TREE, false, Double.NaN, Double.NaN, String.format(Locale.ROOT,
                    "PER_ACTION would have %d features (more than %d): the tree on the spec's map",
                    (long) actions * contextDimension, MAX_FEATURES));
        }
        double best = -1;
        double bestShare = 0.125;
        StringBuilder side = new StringBuilder();
        for (double f : FIRST_EPOCHS) {
            EpochLinUcb policy = new EpochLinUcb(horizon, actions, contextDimension, epsilon, delta, groupSize,
                    leafRounds, f);
            double share = LinearForecast.learnedShare(policy, REFERENCE_GAP, 0, horizon);
            side.append(side.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4g: %.3f", f, share));
            if (share > best + 1e-9) {
                best = share;
                bestShare = f;
            }
        }
        return new Choice(Release.EPOCHS, true, bestShare, best, String.format(Locale.ROOT,
                "labels: PER_ACTION with EPOCHS; first epoch %.4g of T, forecast learned share %.3f over the horizon "
                + "(first epoch: forecast, %s)", bestShare, best, side));
    }
}
