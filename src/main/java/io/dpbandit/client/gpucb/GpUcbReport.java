package io.dpbandit.client.gpucb;

import io.dpbandit.client.WireValues;
import io.dpbandit.client.privacy.CalibrationMethod;
import java.util.Arrays;

/**
 * One user's local-JDP GP-UCB report: the only thing that leaves the user's device (Dubey 2021, Alg. 3,
 * client step 6), produced by {@link GpUcbRandomiser}. It is (ε, δ)-DP with respect to the user's
 * (Φ(x_t), y_t) for the {@code epsilon} and {@code delta} it carries. The server adds the two noisy
 * increments to its running sums Σ̃ and ũ; it never sees an un-noised increment.
 *
 * <h2>Wire format (JSON object, request body of the feedback endpoint)</h2>
 * <table>
 *   <caption>Fields</caption>
 *   <tr><th>field</th><th>type</th><th>meaning</th><th>units</th></tr>
 *   <tr><td>{@code featureDimension}</td><td>integer ≥ 1</td><td>M = 2 m̄^d, the length of Φ; the server
 *       refuses a report for another feature map size</td><td>–</td></tr>
 *   <tr><td>{@code noisyGram}</td><td>array of M(M+1)/2 numbers</td><td>the upper triangle, diagonal
 *       included, of ΦΦᵀ + N_t, row by row: (0,0), (0,1), …, (0,M−1), (1,1), …, (M−1,M−1), i.e. entry
 *       (i, j), i ≤ j, at index i·M − i(i−1)/2 + (j − i). Φ is the played point's feature vector after
 *       clipping to ‖Φ‖ ≤ 1 − 2^-20; N_t has i.i.d. N(0, σ_X²) entries on and above the diagonal (the
 *       matrix it stands for is symmetric)</td><td>feature units²</td></tr>
 *   <tr><td>{@code noisyRewardFeatures}</td><td>array of M numbers</td><td>yΦ + n_t: the reward clipped to
 *       [−Y, Y] times the clipped Φ, plus n_t with i.i.d. N(0, σ_u²) entries</td><td>reward × feature
 *       units</td></tr>
 *   <tr><td>{@code epsilon}</td><td>number &gt; 0</td><td>ε (the paper's α) of the report's guarantee:
 *       the two releases at ε/2 each</td><td>nats</td></tr>
 *   <tr><td>{@code delta}</td><td>number in (0, 1)</td><td>δ (the paper's β), δ/2 per release</td>
 *       <td>probability</td></tr>
 *   <tr><td>{@code rewardBound}</td><td>number &gt; 0</td><td>Y, the clipping bound of the reward (fixes
 *       σ_u's sensitivity 2Y)</td><td>reward units</td></tr>
 *   <tr><td>{@code gramSigma}</td><td>number &gt; 0</td><td>σ_X actually used: calibrated on sensitivity
 *       √2 at (ε/2, δ/2), times the noise source's grid inflation (1 up to ~1e-10)</td><td>feature
 *       units²</td></tr>
 *   <tr><td>{@code rewardFeaturesSigma}</td><td>number &gt; 0</td><td>σ_u actually used: sensitivity 2Y at
 *       (ε/2, δ/2)</td><td>reward × feature units</td></tr>
 *   <tr><td>{@code calibration}</td><td>"ANALYTIC" | "CLASSICAL"</td><td>how σ_X and σ_u were derived from
 *       (ε, δ) (Balle &amp; Wang 2018, or Dwork &amp; Roth Thm A.1)</td><td>–</td></tr>
 * </table>
 * The provenance fields (epsilon … calibration) let the server check that the client used the bandit's
 * parameters and noise (the spectral bounds behind the confidence radius assume exactly σ_X and σ_u);
 * they carry no information about the user. A report is about 20 kB of numbers per 1000 upper-triangle
 * entries: M = 200 gives 20 100 entries, the price of Alg. 3 sending the whole matrix.
 */
public record GpUcbReport(int featureDimension, double[] noisyGram, double[] noisyRewardFeatures, double epsilon,
        double delta, double rewardBound, double gramSigma, double rewardFeaturesSigma,
        CalibrationMethod calibration) {

    public GpUcbReport {
        if (featureDimension < 1 || featureDimension > 46_340) {
            throw new IllegalArgumentException("featureDimension must be in [1, 46340], got " + featureDimension);
        }
        noisyGram = WireValues.finiteCopy(noisyGram, "noisyGram");
        noisyRewardFeatures = WireValues.finiteCopy(noisyRewardFeatures, "noisyRewardFeatures");
        int entries = featureDimension * (featureDimension + 1) / 2;
        if (noisyGram.length != entries) {
            throw new IllegalArgumentException("noisyGram must hold the " + entries + " upper-triangle entries of an "
                    + featureDimension + " x " + featureDimension + " matrix, got " + noisyGram.length);
        }
        if (noisyRewardFeatures.length != featureDimension) {
            throw new IllegalArgumentException("noisyRewardFeatures must have length " + featureDimension + ", got "
                    + noisyRewardFeatures.length);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon) || !(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("need epsilon > 0 finite and delta in (0, 1), got " + epsilon + ", "
                    + delta);
        }
        if (!(rewardBound > 0) || Double.isInfinite(rewardBound)) {
            throw new IllegalArgumentException("rewardBound must be positive and finite, got " + rewardBound);
        }
        if (!(gramSigma > 0) || Double.isInfinite(gramSigma) || !(rewardFeaturesSigma > 0)
                || Double.isInfinite(rewardFeaturesSigma)) {
            throw new IllegalArgumentException("gramSigma and rewardFeaturesSigma must be positive and finite");
        }
        if (calibration == null) {
            throw new IllegalArgumentException("calibration is required");
        }
    }

    /** A copy of the noisy upper triangle of ΦΦᵀ + N_t. */
    @Override
    public double[] noisyGram() {
        return noisyGram.clone();
    }

    /** A copy of yΦ + n_t. */
    @Override
    public double[] noisyRewardFeatures() {
        return noisyRewardFeatures.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GpUcbReport r && r.featureDimension == featureDimension
                && Arrays.equals(r.noisyGram, noisyGram) && Arrays.equals(r.noisyRewardFeatures, noisyRewardFeatures)
                && Double.compare(r.epsilon, epsilon) == 0 && Double.compare(r.delta, delta) == 0
                && Double.compare(r.rewardBound, rewardBound) == 0 && Double.compare(r.gramSigma, gramSigma) == 0
                && Double.compare(r.rewardFeaturesSigma, rewardFeaturesSigma) == 0 && r.calibration == calibration;
    }

    @Override
    public int hashCode() {
        int h = 31 * featureDimension + Arrays.hashCode(noisyGram);
        h = 31 * h + Arrays.hashCode(noisyRewardFeatures);
        return 31 * h + Double.hashCode(gramSigma);
    }

    /** Sizes and provenance only: the arrays hold up to millions of numbers. */
    @Override
    public String toString() {
        return "GpUcbReport[featureDimension=" + featureDimension + ", noisyGram=" + noisyGram.length
                + " entries, noisyRewardFeatures=" + noisyRewardFeatures.length + " entries, epsilon=" + epsilon
                + ", delta=" + delta + ", rewardBound=" + rewardBound + ", gramSigma=" + gramSigma
                + ", rewardFeaturesSigma=" + rewardFeaturesSigma + ", calibration=" + calibration + "]";
    }
}
