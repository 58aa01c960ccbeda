package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * β_t of Dubey 2021's Thm 1 and the reconciled radius of docs/papers.md against hand computation.
 *
 * <p>Parameter set: the JDP worked setting (T = 1024, n = 11, Y = 1, α = 1, β = ζ = 0.1, M = 72), so
 * σ = 122.18897, Λ = λ_min = 30831.13937, λ_max = 3Λ = 92493.41811, κ = 29.86792801 (see
 * {@link QuadratureGpUcbCalibrationTest}); B = 1, ρ = 0.5, λ = 1, ε_qff = 1e-6, round t = 100, and
 * ln det V_t = M ln(λ + λ_min) + 5 = 749.2145296 (a log-det ratio of 5). Then
 * <ul>
 *   <li>B √(λ_max/ρ² + 1) = √(369973.67 + 1) = 608.2554335;</li>
 *   <li>t B ε/(ρ √λ_min) = 1e-4/(0.5 · 175.5880) = 1.139030e-6;</li>
 *   <li>κ/ρ = 59.73585601;</li>
 *   <li>√(5 + 2 ln 20) = √(5 + 5.9914645) = 3.315337773;</li>
 * </ul>
 * β_t^{1/2} = 671.3066285. Reconciled: ρ√(2 ln 20 + 5) + B√(λ_max + λ) + tBε/√(λ + λ_min) + κ
 * = 1.6576689 + 304.1278 + 5.69e-7 + 29.867928 = 335.6545473.
 */
class QuadratureGpUcbConfidenceRadiusTest {

    private static final int M = 72;
    private static final double SIGMA = Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(11, 1.0, 1.0, 0.1));
    private static final SpectralBounds JDP = JdpTreeCalibration.lemma3Bounds(SIGMA, 11, M, 1024, 0.1);
    private static final double LOG_DET_V = M * Math.log(1.0 + JDP.lambdaMin()) + 5.0;

    @Test
    void theorem1TermsMatchHandComputation() {
        ConfidenceRadius radius = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 1e-6, M, JDP);
        ConfidenceRadius.Terms terms = radius.theorem1(100, LOG_DET_V);
        assertThat(LOG_DET_V).isCloseTo(749.214529587811, within(1e-9));
        assertThat(terms.rkhs()).isCloseTo(608.2554335457217, within(1e-8));
        assertThat(terms.approximation()).isCloseTo(1.1390301197944716e-6, within(1e-16));
        assertThat(terms.privacy()).isCloseTo(59.735856012858387, within(1e-9));
        assertThat(terms.martingale()).isCloseTo(3.3153377727025013, within(1e-10));
        assertThat(radius.sqrtBeta(100, LOG_DET_V)).isCloseTo(671.3066284703127, within(1e-8));
    }

    @Test
    void reconciledRadiusMatchesHandComputation() {
        ConfidenceRadius radius = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 1e-6, M, JDP);
        assertThat(radius.reconciledRadius(100, LOG_DET_V)).isCloseTo(335.65454726725547, within(1e-8));
    }

    /**
     * With λ = ρ² the two forms agree (bonus β^{1/2}·ρ‖Φ‖ against r_t‖Φ‖) exactly when ε_qff = 0, and
     * with ε_qff &gt; 0 the reconciled one is smaller by t B ε (1/√λ_min − 1/√(λ + λ_min)) (docs/papers.md).
     * (With λ = 1 &gt; ρ² = 1/4, as above, the reconciled form is the larger: Thm 1 writes ρ² where its
     * proof has λ.)
     */
    @Test
    void reconciledRadiusIsRhoTimesSqrtBetaWhenRidgeIsRhoSquared() {
        double logDet = M * Math.log(0.25 + JDP.lambdaMin()) + 12.0;
        ConfidenceRadius exact = new ConfidenceRadius(2.0, 0.5, 0.25, 0.05, 0.0, M, JDP);
        assertThat(exact.reconciledRadius(40, logDet)).isCloseTo(0.5 * exact.sqrtBeta(40, logDet), within(1e-9));
        ConfidenceRadius approximate = new ConfidenceRadius(2.0, 0.5, 0.25, 0.05, 1e-2, M, JDP);
        double gap = 40 * 2.0 * 1e-2 * (1 / Math.sqrt(JDP.lambdaMin()) - 1 / Math.sqrt(0.25 + JDP.lambdaMin()));
        assertThat(0.5 * approximate.sqrtBeta(40, logDet) - approximate.reconciledRadius(40, logDet))
                .isCloseTo(gap, within(1e-9));
    }

    @Test
    void approximationTermGrowsLinearlyInTheRound() {
        ConfidenceRadius radius = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 1e-3, M, JDP);
        double step = radius.sqrtBeta(11, LOG_DET_V) - radius.sqrtBeta(10, LOG_DET_V);
        assertThat(step).isCloseTo(1e-3 / (0.5 * Math.sqrt(JDP.lambdaMin())), within(1e-12));
    }

    /**
     * Without privacy noise Thm 1's t B ε/(ρ √λ_min) is unbounded; the reconciled radius stays finite:
     * with ln det V_t = 5 (λ = 1): 0.5 √(2 ln 20 + 5) + √1 + 100 · 1e-6 = 2.657768886.
     */
    @Test
    void nonPrivateBaselineNeedsTheReconciledRadius() {
        ConfidenceRadius radius = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 1e-6, M, SpectralBounds.NONE);
        assertThatThrownBy(() -> radius.theorem1(100, 5.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reconciledRadius");
        assertThat(radius.reconciledRadius(100, 5.0)).isCloseTo(2.6577688863512506, within(1e-12));
        ConfidenceRadius exact = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 0.0, M, SpectralBounds.NONE);
        assertThat(exact.theorem1(100, 5.0).approximation()).isZero();
    }

    @Test
    void refusesALogDeterminantBelowWhatTheSpectralBoundsGuarantee() {
        ConfidenceRadius radius = new ConfidenceRadius(1.0, 0.5, 1.0, 0.1, 1e-6, M, JDP);
        double tooSmall = M * Math.log(1.0 + JDP.lambdaMin()) - 10.0;
        assertThatThrownBy(() -> radius.sqrtBeta(5, tooSmall)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spectral bounds do not hold");
        assertThatThrownBy(() -> radius.sqrtBeta(0, LOG_DET_V)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ConfidenceRadius(1.0, 0.0, 1.0, 0.1, 0.0, M, JDP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rho");
    }
}
