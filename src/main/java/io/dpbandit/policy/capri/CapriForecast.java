package io.dpbandit.policy.capri;

import io.dpbandit.policy.planning.Forecast;
import java.util.List;
import java.util.Locale;

/**
 * A CAPRI bandit's learning schedule, epoch by epoch, under full active sets (every action active
 * in every context: the state before any elimination, and the widest support, so the noise
 * figures are upper ends for epochs after eliminations have started).
 *
 * @param horizon               T
 * @param privacyModel          NONE, JDP or LDP
 * @param epsilon               the configured ε (null: non-private)
 * @param delta                 the configured δ
 * @param composition           SEQUENTIAL or PARALLEL
 * @param calibration           the noise calibration
 * @param elimination           WIDTH or PAIRWISE
 * @param releasingEpochs       epochs that complete within T, i.e. model releases
 * @param gap                   the reward gap asked about
 * @param firstEliminationEpoch the first releasing epoch whose resolvable gap is at most {@code gap}
 *                              (its model eliminates such actions), or null if none within T
 * @param firstEliminationRound the round from which that model serves (its epoch's last round), or null
 * @param totalEpsilon          ε charged by all releases together (the ledger's sum)
 * @param totalDelta            δ charged by all releases together
 * @param plannedSeconds        wall time of this forecast
 * @param epochs                one row per epoch of the schedule
 * @param actions               |X|, the catalogue's size (every action is active before any elimination)
 */
public record CapriForecast(int horizon, String privacyModel, Double epsilon, double delta, String composition,
        String calibration, String elimination, int releasingEpochs, double gap, Integer firstEliminationEpoch,
        Long firstEliminationRound, double totalEpsilon, double totalDelta, double plannedSeconds,
        List<EpochForecast> epochs, int actions) implements Forecast {

    /** The plan report's field for it. */
    public static final String KEY = "capri";

    @Override
    public String key() {
        return KEY;
    }

    /** The run, one line per releasing epoch, the first elimination of the gap and the privacy charged. */
    @Override
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "CAPRI-%s, T = %d, epsilon = %s, delta = %.3g, %s composition, "
                + "%s elimination, %d releases (planned in %.1f s)%n", privacyModel, horizon,
                epsilon == null ? "inf" : new java.math.BigDecimal(Double.toString(epsilon)).stripTrailingZeros()
                        .toPlainString(), delta, composition, elimination, releasingEpochs, plannedSeconds));
        sb.append(String.format(Locale.ROOT, "%5s %8s %9s %5s %7s %8s %8s %8s %9s %9s %9s %9s %s%n", "epoch",
                "T_r", "start", "|S|", "tau", "C_r", "sigma", "eps", "sd max", "sd med", "pair sd",
                "resolves", "(10%-90% of pairs)"));
        for (EpochForecast e : epochs) {
            sb.append(String.format(Locale.ROOT, "%5d %8d %9d %5d %7.3g %8.3g %8.3g %8.3g %9.3g %9.3g %9.3g %9.3g "
                    + "(%.3g-%.3g)%n", e.epoch(), e.length(), e.startRound(), e.projectionSize(),
                    e.regularization(), e.contributionBound(), e.noiseSigma(), e.chargedEpsilon(),
                    e.noiseSdMax(), e.noiseSdMedian(), e.pairNoiseSdMedian(), e.resolvableGap(),
                    e.resolvableGapLow(), e.resolvableGapHigh()));
        }
        sb.append(firstEliminationEpoch == null
                ? String.format(Locale.ROOT, "A gap of %.3g is not resolved within the horizon.%n", gap)
                : String.format(Locale.ROOT, "A gap of %.3g is first eliminated by epoch %d's model, from round "
                        + "%d of %d.%n", gap, firstEliminationEpoch, firstEliminationRound, horizon));
        sb.append(String.format(Locale.ROOT, "Privacy charged over all releases: epsilon = %.4g, delta = %.4g%n",
                totalEpsilon, totalDelta));
        return sb.toString();
    }

    public CapriForecast {
        epochs = List.copyOf(epochs);
    }

    /**
     * One epoch. Widths and noise are for the model this epoch releases; μ̂ below is that model.
     *
     * @param epoch              r
     * @param length             T_r
     * @param startRound         rounds before the epoch
     * @param releases           whether the epoch completes within T (a cut epoch never releases)
     * @param projectionSize     |S_r|
     * @param regularization     τ_r
     * @param contributionBound  C_r
     * @param noiseSigma         σ_r of the Gaussian on the accumulator g (per coordinate; LDP: per user)
     * @param chargedEpsilon     ε this release costs in the ledger (0 for an epoch that does not release)
     * @param chargedDelta       δ this release costs in the ledger
     * @param calibratedEpsilon  the per-epoch ε the noise is calibrated for (null: no noise)
     * @param calibratedDelta    the per-epoch δ the noise is calibrated for
     * @param noiseSdMax         the largest standard deviation of the privacy noise of μ̂(w) over the support
     * @param noiseSdMedian      its median over the support
     * @param noiseWidth         the privacy part of Δ_r: a union-bound quantile of that noise over the support
     * @param pairNoiseSdMedian  median over pairs (c, x', x) of the standard deviation of the privacy noise of
     *                           μ̂(c,x') − μ̂(c,x)
     * @param statisticalWidth   the statistical part of Δ_r
     * @param resolvableGap      median over pairs of the elimination width: a pair whose reward gap exceeds it
     *                           is eliminated with probability above about one half (the estimated difference is
     *                           centred on the gap, give or take bias)
     * @param resolvableGapLow   the same at the 10th percentile of pairs (the easiest pairs)
     * @param resolvableGapHigh  the same at the 90th percentile of pairs
     */
    public record EpochForecast(int epoch, int length, long startRound, boolean releases, int projectionSize,
            double regularization, double contributionBound, double noiseSigma, double chargedEpsilon,
            double chargedDelta, Double calibratedEpsilon, double calibratedDelta, double noiseSdMax,
            double noiseSdMedian, double noiseWidth, double pairNoiseSdMedian, double statisticalWidth,
            double resolvableGap, double resolvableGapLow, double resolvableGapHigh) {
    }

    /**
     * Per releasing epoch, the learning rounds once it is released and half its median resolvable gap: a
     * release's margin m counts as resolved where m exceeds twice the point's value, the rule sequential
     * forecasts use (so an estimated gap above resolvableGap is expected to be resolved by that release).
     */
    @Override
    public java.util.List<io.dpbandit.policy.planning.Point> scoreErrors() {
        return epochs.stream().filter(EpochForecast::releases)
                .map(e -> new io.dpbandit.policy.planning.Point(e.startRound() + e.length(), e.resolvableGap() / 2))
                .toList();
    }

    /** The forecast of epoch {@code r}, if it releases. */
    public java.util.Optional<EpochForecast> epoch(int r) {
        return epochs.stream().filter(e -> e.epoch() == r).findFirst();
    }
}
