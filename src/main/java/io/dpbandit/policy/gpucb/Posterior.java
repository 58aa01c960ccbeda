package io.dpbandit.policy.gpucb;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.SymmetricEigenFunctions;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.kernel.JitterPolicy;
import io.dpbandit.kernel.NotPositiveDefiniteException;
import io.dpbandit.privacy.SymmetricMatrix;
import org.ejml.data.DMatrixRMaj;

/**
 * The server's step 3–4 of Dubey 2021's Alg. 1 on a private release (Σ̃_t, ũ_t), shared by the JDP and
 * local-JDP policies: V_t = Σ̃_t + (shift + λ)I (or, under FLOOR, Σ̃_t's eigenvalues raised to a public level
 * and then + λI), its PSD check and repair, θ̃_t = V_t⁻¹ũ_t by Cholesky
 * (never an inverse), ln det V_t and the radius. Everything here is post-processing of the release and
 * of public parameters, so it costs no privacy.
 *
 * <p><b>PSD check and repair (docs/papers.md).</b> On the analysis' good event (probability ≥ 1 − ζ/2)
 * V_t ⪰ (λ + λ_min)I. The check is a Cholesky attempt on V_t plus the ln det V_t ≥ M ln(λ + λ_min) −
 * 2 ln(2/ζ) that the radius needs (det itself overflows for M in the hundreds). On failure V_t's
 * eigenvalues are clamped to at least λ + λ_min, the analysis' own lower bound, and the snapshot is
 * marked repaired.
 */
final class Posterior {

    private Posterior() {
    }

    /**
     * The snapshot for a release.
     *
     * @param gram        Σ̃_t, the M × M noisy sum of ΦΦᵀ (noise included, shift not)
     * @param u           ũ_t, the noisy sum of yΦ (length M)
     * @param eigenFloor  FLOOR: the public level s·Λ Σ̃_t's eigenvalues are raised to before the diagonal
     *                    is added (0: none, SHIFT). Post-processing of the release: no privacy cost
     * @param diagonal    shift + λ added to Σ̃_t's diagonal (FLOOR: λ)
     * @param floor       λ + λ_min, the repair floor
     * @param radius      the confidence radius for this release's spectral bounds
     * @param round       t (Σ̃_t holds t − 1 observations)
     * @param radiusScale the tuning's c
     * @param zeta        ζ, for the ln det check
     */
    static GpUcbSnapshot snapshot(SymmetricMatrix gram, double[] u, double eigenFloor, double diagonal, double floor,
            ConfidenceRadius radius, long round, double radiusScale, double zeta) {
        int m = gram.dimension();
        DMatrixRMaj v;
        if (eigenFloor > 0) {
            v = SymmetricEigenFunctions.clampEigenvalues(gram.toDense(), eigenFloor);
            for (int i = 0; i < m; i++) {
                v.add(i, i, diagonal);
            }
        } else {
            v = gram.plusIdentity(diagonal).toDense();
        }
        double minimumLogDet = m * StrictMath.log(floor) - 2.0 * StrictMath.log(2.0 / zeta);
        boolean repaired = false;
        CholeskyFactor factor;
        try {
            factor = Cholesky.factor(v, JitterPolicy.NONE);
            if (!(factor.logDeterminant() >= minimumLogDet)) {
                factor = null;
            }
        } catch (NotPositiveDefiniteException e) {
            factor = null;
        }
        if (factor == null) {
            factor = Cholesky.factor(SymmetricEigenFunctions.clampEigenvalues(v, floor), JitterPolicy.DEFAULT);
            repaired = true;
        }
        double[] theta = factor.solve(u);
        double logDet = factor.logDeterminant();
        int t = (int) Math.min(Integer.MAX_VALUE, round);
        double r = radiusScale == 0.0 ? 0.0 : radiusScale * radius.reconciledRadius(t, Math.max(logDet, minimumLogDet));
        return new GpUcbSnapshot(theta, factor.lower().data, r, logDet, repaired);
    }
}
