package io.dpbandit.policy.capri;

import io.dpbandit.kernel.GramMatrices;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;

/**
 * Chooses the size m_r of the projection set S_r from public quantities ([engineering], the PLANNED
 * projection of {@link CapriConfig.Refinements}).
 *
 * <p>Why the size matters: the noise of μ̂_r(w) has standard deviation σ_r ‖A k_S(w)‖ with
 * σ_r ∝ C_r = B max_w ‖A k_S(w)‖, and ‖A k_S(w)‖² ≈ Σ_i λ_i e_i(w)² / (T_r λ_i + τ) over the
 * directions S can represent (λ_i the eigenvalues of the kernel under the epoch's sampling
 * measure): about d/T_r for d represented directions. The noise therefore grows with the number of
 * directions kept, while every direction left out costs approximation error.
 *
 * <p>The rule: keep direction i when its share of the signal exceeds its share of the noise at the
 * confidence the elimination test uses, i.e. λ_i ≥ t_r = z² (1 + σ_eff² / B²) / T_r. This is the
 * Wiener (ridge) cut-off for coefficients of scale B observed with noise variance σ_eff² + B² per
 * round, with the variance weighed by z², as the pairwise test weighs it. Because a spectrum says
 * nothing about the function, m_r is at least the rank whose best truncation keeps all but
 * {@code residualFloor} of the trace (below that, approximation error would decide the test), and
 * at most the configured cap.
 *
 * <p>Privacy: the spectrum is that of the kernel on the epoch's support (pool contexts × active
 * actions, weighted by the sampling measure), which is public; σ_eff is the epoch's public noise
 * scale. S is still an i.i.d. draw from the sampling measure (the first m_r distinct draws), so
 * the estimator is the paper's with a shorter S, and the contribution bound and noise are
 * computed for the S used.
 */
final class ProjectionPlanner {

    /** At most this many support points enter the spectrum (a public subsample beyond). */
    static final int SPECTRUM_POINTS = 1000;

    private ProjectionPlanner() {
    }

    /**
     * The eigenvalues, largest first, of W^½ K W^½ with W = diag(weights) normalised to sum 1: the
     * spectrum of the kernel's integral operator under the discrete measure given. They sum to
     * Σ w_i k(p_i, p_i) (1 for a normalised kernel).
     */
    static double[] spectrum(Kernel kernel, double[][] points, double[] weights) {
        int n = points.length;
        double total = Arrays.stream(weights).sum();
        double[] root = new double[n];
        for (int i = 0; i < n; i++) {
            root[i] = Math.sqrt(weights[i] / total);
        }
        DMatrixRMaj g = GramMatrices.gram(kernel, points);
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double v = g.unsafe_get(i, j) * root[i] * root[j];
                g.unsafe_set(i, j, v);
                g.unsafe_set(j, i, v);
            }
        }
        double[] ascending = SymmetricEigenFunctions.eigenvaluesAscending(g);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.max(0, ascending[n - 1 - i]);
        }
        return out;
    }

    /**
     * m_r = clamp(max(#{λ_i ≥ t_r}, floor rank), 1, cap) with t_r = z² (1 + noiseRatio) / T_r.
     *
     * @param spectrum      eigenvalues, largest first
     * @param length        T_r
     * @param noiseRatio    σ_eff² / B² (0 before the noise is known: the largest m)
     * @param z             the elimination test's Gaussian quantile
     * @param residualFloor the fraction of the trace the truncation may leave out
     * @param cap           the configured cap on |S|
     */
    static int size(double[] spectrum, int length, double noiseRatio, double z, double residualFloor, int cap) {
        double threshold = z * z * (1 + noiseRatio) / Math.max(1, length);
        int above = 0;
        while (above < spectrum.length && spectrum[above] >= threshold) {
            above++;
        }
        return Math.max(1, Math.min(cap, Math.max(above, floorRank(spectrum, residualFloor))));
    }

    /** The smallest k with Σ_{i ≥ k} λ_i ≤ fraction · Σ λ_i. */
    static int floorRank(double[] spectrum, double fraction) {
        double total = Arrays.stream(spectrum).sum();
        double tail = total;
        for (int k = 0; k < spectrum.length; k++) {
            if (tail <= fraction * total) {
                return k;
            }
            tail -= spectrum[k];
        }
        return spectrum.length;
    }
}
