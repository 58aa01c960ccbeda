package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.ZcdpCost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dubey 2021's JDP tree and local-JDP calibrations against numbers worked out by hand (30-digit
 * mpmath for the last digits), using the worked setting of docs/papers.md (§4): T = 1024, so
 * n = 1 + ⌈log₂ 1024⌉ = 11; Bernoulli rewards, Y = 1, L̃² = 1 + Y² = 2; β = ζ = 0.1; M = 72 (m̄ = 6, d = 2).
 */
class QuadratureGpUcbCalibrationTest {

    private static final int T = 1024;
    private static final int N = 11;
    private static final double BETA = 0.1;
    private static final double ZETA = 0.1;
    private static final int M = 72;

    @Test
    void treeNodeCountIsOnePlusCeilingLogTwoOfTheHorizon() {
        assertThat(JdpTreeCalibration.treeNodeCount(1)).isEqualTo(1);
        assertThat(JdpTreeCalibration.treeNodeCount(2)).isEqualTo(2);
        assertThat(JdpTreeCalibration.treeNodeCount(3)).isEqualTo(3);
        assertThat(JdpTreeCalibration.treeNodeCount(T)).isEqualTo(N);
        assertThat(JdpTreeCalibration.treeNodeCount(T + 1)).isEqualTo(12);
        assertThat(JdpTreeCalibration.treeNodeCount(10_000)).isEqualTo(15);
    }

    /**
     * σ² = 16 n (1 + Y²)² ln(10/β)² / α² = 16 · 11 · 2² · ln(100)² / α² = 704 · 21.20759244 / α²
     * = 14930.14508 / α²: σ = 122.189 at α = 1, 1221.89 at α = 0.1, 12.2189 at α = 10 (docs/papers.md: 122.2,
     * 1222, 12.2).
     */
    @Test
    void nodeNoiseVarianceMatchesTheSpecsWorkedNumbers() {
        assertThat(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 1.0, BETA)).isCloseTo(14930.1450791071688, within(1e-9));
        assertThat(Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 1.0, BETA))).isCloseTo(122.18897282, within(1e-7));
        assertThat(Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 0.1, BETA))).isCloseTo(1221.8897282, within(1e-6));
        assertThat(Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 10.0, BETA))).isCloseTo(12.218897282, within(1e-8));
    }

    /**
     * The reconstructed σ² with Y² = B² + 2ρ² ln(8T/β): B = 1, ρ = 0.5 give Y² = 1 + 0.5 ln(81920) = 6.656749220,
     * σ² = 16 · 11 · 7.656749220² · ln(100)² = 218822.9570. Lemma 7's clip bound is larger:
     * Y = 1 + 0.5 √(2 ln 81920) = 3.378392150 (its square 11.41 exceeds 6.66 by the cross term).
     */
    @Test
    void rewardBoundsReproduceTheSpecFormulaAndLemma7() {
        double printed = JdpTreeCalibration.printedRewardBound(1.0, 0.5, T, BETA);
        assertThat(printed * printed).isCloseTo(6.656749220136667, within(1e-12));
        assertThat(JdpTreeCalibration.nodeNoiseVariance(N, printed, 1.0, BETA)).isCloseTo(218822.95701938, within(1e-6));
        assertThat(JdpTreeCalibration.chernoffRewardBound(1.0, 0.5, T, BETA)).isCloseTo(3.3783921502007753, within(1e-12));
        assertThat(JdpTreeCalibration.chernoffRewardBound(1.0, 0.5, T, BETA)).isGreaterThan(printed);
    }

    /**
     * Λ = σ √(2n) (4√M + 2 ln(2T/ζ)) = 122.18897 · √22 · (4√72 + 2 ln 20480)
     * = 122.18897 · 4.6904158 · (33.941125 + 19.854408) = 30831.139; λ_min = Λ, λ_max = 3Λ,
     * κ = σ √(n/Λ) (√72 + √(2 ln 20480)) = 122.18897 · 0.0188889 · (8.4852814 + 4.4558 ) = 29.867928.
     * docs/papers.md: Λ = 3.08e4, κ = 29.9 at M = 72; Λ = 4.38e4, κ = 36.0 at M = 200.
     */
    @Test
    void shiftAndLemma3BoundsMatchHandComputation() {
        double sigma = Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 1.0, BETA));
        double lambda = JdpTreeCalibration.noiseNormBound(sigma, N, M, T, ZETA);
        assertThat(lambda).isCloseTo(30831.13936982449, within(1e-7));
        SpectralBounds bounds = JdpTreeCalibration.lemma3Bounds(sigma, N, M, T, ZETA);
        assertThat(bounds.lambdaMin()).isCloseTo(lambda, within(1e-9));
        assertThat(bounds.lambdaMax()).isCloseTo(3 * lambda, within(1e-8));
        assertThat(bounds.kappa()).isCloseTo(29.867928006429193, within(1e-10));

        SpectralBounds wide = JdpTreeCalibration.lemma3Bounds(sigma, N, 200, T, ZETA);
        assertThat(wide.lambdaMin()).isCloseTo(43799.29861, within(1e-4));
        assertThat(wide.kappa()).isCloseTo(36.01307335, within(1e-7));
    }

    @Test
    void aLargerShiftRaisesLambdaMinAndLowersKappaAndTooSmallAShiftIsRefused() {
        double sigma = 122.18897282122953;
        double lambda = JdpTreeCalibration.noiseNormBound(sigma, N, M, T, ZETA);
        SpectralBounds lemma3 = JdpTreeCalibration.lemma3Bounds(sigma, N, M, T, ZETA);
        assertThat(JdpTreeCalibration.boundsForShift(sigma, N, M, T, ZETA, 2 * lambda)).isEqualTo(lemma3);
        SpectralBounds wider = JdpTreeCalibration.boundsForShift(sigma, N, M, T, ZETA, 3 * lambda);
        assertThat(wider.lambdaMin()).isCloseTo(2 * lambda, within(1e-8));
        assertThat(wider.lambdaMax()).isCloseTo(4 * lambda, within(1e-8));
        assertThat(wider.kappa()).isCloseTo(lemma3.kappa() / Math.sqrt(2), within(1e-10));
        assertThatThrownBy(() -> JdpTreeCalibration.boundsForShift(sigma, N, M, T, ZETA, lambda))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must exceed");
    }

    /**
     * Privacy of the reconstructed σ²: a datum enters ≤ n nodes, each a Gaussian release with effective
     * sensitivity L̃² (symmetrised noise, see {@link JdpTreeCalibration#nodeNoiseVariance}); their zCDP
     * cost n·L̃⁴/(2σ²) converted at δ = β must not exceed α.
     */
    @ParameterizedTest
    @CsvSource({"0.1, 0.01", "0.1, 0.99", "0.5, 0.1", "1, 0.01", "1, 0.1", "1, 0.5", "10, 0.1", "10, 0.01", "10, 0.99"})
    void reconstructedVarianceIsAlphaBetaPrivateByZcdpComposition(double alpha, double beta) {
        for (double rewardBound : new double[] {1.0, 3.4}) {
            double squaredSensitivity = 1 + rewardBound * rewardBound;
            double sigma = Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, rewardBound, alpha, beta));
            assertThat(treeEpsilon(squaredSensitivity, sigma, beta)).isLessThanOrEqualTo(alpha);
            double epsilonZero = JdpTreeCalibration.perNodeEpsilon(N, alpha, beta);
            if (GaussianCalibrator.classicalFormulaValid(epsilonZero)) {
                assertThat(sigma).isGreaterThanOrEqualTo(
                        GaussianCalibrator.classicalSigma(squaredSensitivity, epsilonZero, beta / 2));
            }
        }
    }

    /**
     * The same check fails for a tenth of the noise, so it can tell (every mechanism's tests include
     * such a validity test: the check that passes must fail when the noise is too small).
     */
    @Test
    void theZcdpCheckFailsWhenTheNoiseIsTooSmall() {
        double sigma = Math.sqrt(JdpTreeCalibration.nodeNoiseVariance(N, 1.0, 1.0, BETA));
        assertThat(treeEpsilon(2.0, sigma / 10, BETA)).isGreaterThan(1.0);
    }

    private static double treeEpsilon(double sensitivity, double sigma, double beta) {
        ZcdpCost perNode = ZcdpCost.ofGaussian(sensitivity, sigma);
        ZcdpCost total = ZcdpCost.ZERO;
        for (int i = 0; i < N; i++) {
            total = total.plus(perNode);
        }
        return total.toApproximateDp(beta).epsilon();
    }

    /**
     * Vector-level local-JDP calibration (docs/papers.md), classical:
     * σ_X² = 16 ln(2.5/β)/α² = 16 ln 25 = 51.50201320, σ_u² = 32 Y² ln(2.5/β)/α² = 103.0040264 at α = 1,
     * Y = 1; four times both at α = 0.5.
     */
    @Test
    void localJdpVectorLevelCalibrationMatchesSpecP3() {
        LocalJdpCalibration.ClientNoise noise = LocalJdpCalibration.vectorLevel(1.0, BETA, 1.0, CalibrationMethod.CLASSICAL);
        assertThat(noise.sigmaX() * noise.sigmaX()).isCloseTo(51.50201319789121, within(1e-10));
        assertThat(noise.sigmaU() * noise.sigmaU()).isCloseTo(103.00402639578242, within(1e-10));
        assertThat(noise.gram().sensitivity()).isEqualTo(Math.sqrt(2));
        assertThat(noise.rewardVector().sensitivity()).isEqualTo(2.0);
        assertThat(noise.gram().epsilon()).isEqualTo(0.5);
        assertThat(noise.gram().delta()).isEqualTo(0.05);
        LocalJdpCalibration.ClientNoise half = LocalJdpCalibration.vectorLevel(0.5, BETA, 1.0, CalibrationMethod.CLASSICAL);
        assertThat(half.sigmaX() * half.sigmaX()).isCloseTo(206.00805279156485, within(1e-9));
        assertThat(half.sigmaU() * half.sigmaU()).isCloseTo(412.0161055831297, within(1e-9));
    }

    /**
     * α/2 &gt; 1 is outside the classical formula (analytic Gaussian calibration for ε ≥ 1,
     * docs/papers.md): refused; the analytic calibration is used instead.
     */
    @Test
    void localJdpAboveAlphaTwoNeedsTheAnalyticGaussianMechanism() {
        assertThatThrownBy(() -> LocalJdpCalibration.vectorLevel(4.0, BETA, 1.0, CalibrationMethod.CLASSICAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ANALYTIC");
        LocalJdpCalibration.ClientNoise analytic = LocalJdpCalibration.vectorLevel(4.0, BETA, 1.0, CalibrationMethod.ANALYTIC);
        assertThat(GaussianCalibrator.exactDelta(Math.sqrt(2), 2.0, analytic.sigmaX())).isLessThanOrEqualTo(0.05);
        assertThat(GaussianCalibrator.exactDelta(2.0, 2.0, analytic.sigmaU())).isLessThanOrEqualTo(0.05);
        LocalJdpCalibration.ClientNoise classical = LocalJdpCalibration.vectorLevel(1.0, BETA, 1.0, CalibrationMethod.CLASSICAL);
        assertThat(LocalJdpCalibration.vectorLevel(1.0, BETA, 1.0, CalibrationMethod.ANALYTIC).sigmaX())
                .isLessThan(classical.sigmaX());
    }

    /**
     * Lemma 6 with σ_X = 7.176490, σ_u = 10.149090 (α = 1): Λ = √1024 (4√72 + 2 ln 20480) = 32 · 53.795533
     * = 1721.457077; λ_min = σ_X Λ = 12354.02004, λ_max = 37062.06011, shift 24708.04007;
     * κ = σ_u · 32 · (√72 + √(2 ln 20480)) / √λ_min = 37.81328909 (printed form σ_u √(mT/Λ) = 66.42).
     */
    @Test
    void localJdpSpectralBoundsMatchHandComputation() {
        LocalJdpCalibration.ClientNoise noise = LocalJdpCalibration.vectorLevel(1.0, BETA, 1.0, CalibrationMethod.CLASSICAL);
        assertThat(LocalJdpCalibration.noiseNormScale(M, T, ZETA)).isCloseTo(1721.4570769683574, within(1e-9));
        SpectralBounds bounds = LocalJdpCalibration.lemma6Bounds(noise.sigmaX(), noise.sigmaU(), M, T, ZETA);
        assertThat(bounds.lambdaMin()).isCloseTo(12354.020035346639, within(1e-7));
        assertThat(bounds.lambdaMax()).isCloseTo(37062.06010603992, within(1e-7));
        assertThat(bounds.kappa()).isCloseTo(37.813289086915505, within(1e-9));
        assertThat(LocalJdpCalibration.shift(noise.sigmaX(), M, T, ZETA)).isCloseTo(24708.040070693278, within(1e-7));
    }

    /** Cor. 1: 6 ln 1024 = 41.59 → 42, 6 log₂ 1024 = 60 exactly; the 1/T² rule needs 7 on [0,1]², 22 on B_2(2). */
    @Test
    void chosenNodeCountsFollowCorollary1OrTheErrorTarget() {
        assertThat(QffOrderChoice.corollary1(T, QffOrderChoice.LogBase.NATURAL)).isEqualTo(42);
        assertThat(QffOrderChoice.corollary1(T, QffOrderChoice.LogBase.BINARY)).isEqualTo(60);
        assertThat(QffOrderChoice.corollary1(10_000, QffOrderChoice.LogBase.NATURAL)).isEqualTo(56);
        assertThat(QffOrderChoice.corollary1(1, QffOrderChoice.LogBase.NATURAL)).isEqualTo(1);
        assertThat(QffOrderChoice.errorBelowInverseSquareHorizon(T, BoxDomain.unitCube(2), 1.0)).isEqualTo(7);
        assertThat(QffOrderChoice.errorBelowInverseSquareHorizon(T, BoxDomain.boundingBoxOfBall(2, 2.0), 1.0))
                .isEqualTo(22);
    }

    /**
     * The sharper (still ζ/2T-accurate) Λ' = σ√(2n)(2√M + √(2 ln(2T/ζ))): at σ = 1, n = 15, M = 200,
     * T = 10⁴, ζ = 0.1 it is √30 (2√200 + √(2 ln 2·10⁵)) = 5.4772256 · (28.2842712 + 4.9408648) = 181.981565,
     * against Lemma 3's √30 (4√200 + 2 ln 2·10⁵) = 443.549494; it is never larger.
     */
    @Test
    void sharpNoiseNormBoundMatchesHandComputationAndNeverExceedsLemma3() {
        assertThat(JdpTreeCalibration.sharpNoiseNormBound(1.0, 15, 200, 10_000, ZETA)).isCloseTo(181.981565071, within(1e-8));
        assertThat(JdpTreeCalibration.noiseNormBound(1.0, 15, 200, 10_000, ZETA)).isCloseTo(443.549494227, within(1e-8));
        for (int m : new int[] {1, 8, 72, 200, 2048}) {
            for (int t : new int[] {1, 2, 1024, 1_000_000}) {
                int n = JdpTreeCalibration.treeNodeCount(t);
                assertThat(JdpTreeCalibration.sharpNoiseNormBound(3.0, n, m, t, 0.5))
                        .isLessThanOrEqualTo(JdpTreeCalibration.noiseNormBound(3.0, n, m, t, 0.5));
            }
        }
        double sharp = JdpTreeCalibration.sharpNoiseNormBound(2.0, N, M, T, ZETA);
        SpectralBounds bounds = JdpTreeCalibration.boundsForShift(2.0, N, M, T, ZETA, sharp, 2 * sharp);
        assertThat(bounds.lambdaMin()).isCloseTo(sharp, within(1e-9));
        assertThat(bounds.lambdaMax()).isCloseTo(3 * sharp, within(1e-9));
    }

    /**
     * Sanity check of Λ' on the distribution it bounds: the top-left M × M block of the sum of n
     * symmetrised node noises, drawn 300 times (M = 24, n = 6, σ = 1): every spectral norm lies below
     * Λ' (at T = 100, ζ = 0.1, a per-round failure of 5e-4). Seeded, so the outcome is fixed; the largest
     * norm observed is also asserted to be more than half of Λ', so the bound is not vacuous.
     */
    @Test
    void sharpNoiseNormBoundCoversSampledReleases() {
        int m = 24;
        int n = 6;
        double bound = JdpTreeCalibration.sharpNoiseNormBound(1.0, n, m, 100, ZETA);
        io.dpbandit.privacy.NodeNoise node = new io.dpbandit.privacy.NodeNoise.Gaussian(1.0, 1.0);
        io.dpbandit.client.privacy.NoiseSource noise = new io.dpbandit.client.privacy.SeededNoiseSource(5);
        double largest = 0;
        for (int draw = 0; draw < 300; draw++) {
            io.dpbandit.privacy.SymmetricMatrix sum = io.dpbandit.privacy.SymmetricMatrix.zero(m + 1);
            for (int j = 0; j < n; j++) {
                sum = sum.plus(node.sample(m + 1, noise));
            }
            org.ejml.data.DMatrixRMaj block = sum.leadingBlock(m).toDense();
            var eig = org.ejml.dense.row.factory.DecompositionFactory_DDRM.eig(m, false, true);
            assertThat(eig.decompose(block)).isTrue();
            for (int i = 0; i < m; i++) {
                largest = Math.max(largest, Math.abs(eig.getEigenvalue(i).real));
            }
        }
        assertThat(largest).isLessThan(bound).isGreaterThan(bound / 2);
    }

    /**
     * Lemma 6 for the reports summed so far: Λ_r = √r (4√M + 2 ln(2T/ζ)); at r = T it is the lemma,
     * at r = T/4 every λ halves and κ = σ_u√r(…)/√λ_min is 1/√2 of the lemma's; r = 0 has no noise.
     * With shift scale s, λ_min = (2s − 1)σ_XΛ_r and λ_max = (2s + 1)σ_XΛ_r.
     */
    @Test
    void localJdpRoundBoundsFollowTheReportsSummed() {
        LocalJdpCalibration.ClientNoise noise = LocalJdpCalibration.vectorLevel(1.0, BETA, 1.0, CalibrationMethod.CLASSICAL);
        double sx = noise.sigmaX();
        double su = noise.sigmaU();
        SpectralBounds lemma = LocalJdpCalibration.lemma6Bounds(sx, su, M, T, ZETA);
        assertThat(LocalJdpCalibration.roundBounds(sx, su, M, T, T, ZETA, 1.0)).isEqualTo(lemma);
        SpectralBounds quarter = LocalJdpCalibration.roundBounds(sx, su, M, T / 4, T, ZETA, 1.0);
        assertThat(quarter.lambdaMin()).isCloseTo(lemma.lambdaMin() / 2, within(1e-8));
        assertThat(quarter.lambdaMax()).isCloseTo(lemma.lambdaMax() / 2, within(1e-8));
        assertThat(quarter.kappa()).isCloseTo(lemma.kappa() / Math.sqrt(2), within(1e-10));
        assertThat(LocalJdpCalibration.roundBounds(sx, su, M, 0, T, ZETA, 1.0)).isEqualTo(SpectralBounds.NONE);
        SpectralBounds wide = LocalJdpCalibration.lemma6Bounds(sx, su, M, T, ZETA, 1.5);
        assertThat(wide.lambdaMin()).isCloseTo(2 * lemma.lambdaMin(), within(1e-7));
        assertThat(wide.lambdaMax()).isCloseTo(4 * lemma.lambdaMin(), within(1e-7));
        assertThatThrownBy(() -> LocalJdpCalibration.roundBounds(sx, su, M, 5, T, ZETA, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1/2");
        assertThatThrownBy(() -> LocalJdpCalibration.roundBounds(sx, su, M, T + 1, T, ZETA, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The JDP node noise of a configuration: PAPER is the reconstructed σ² (certified by zCDP below α:
     * 0.12α + α²/170); ANALYTIC is the tree's joint analytic calibration on the (M+1) × (M+1) items with
     * L̃ = √(1 + Y²), far less noise at the same (α, β).
     */
    @Test
    void jdpNoiseCalibrationOfAConfiguration() {
        GpUcbConfig paper = GpUcbConfig.paper(6, 1.0, BoxDomain.unitCube(2), T, GpUcbConfig.Privacy.jdp(1.0, BETA), 1.0,
                0.5, 1.0, ZETA, 1.0);
        JdpNoiseCalibration p = JdpNoiseCalibration.of(paper);
        assertThat(p.treeNodes()).isEqualTo(N);
        assertThat(p.sigma()).isCloseTo(122.18897282, within(1e-7));
        assertThat(p.certifiedEpsilon()).isLessThan(0.13).isGreaterThan(0.1);
        GpUcbConfig engineered = GpUcbConfig.engineered(6, 1.0, BoxDomain.unitCube(2), T,
                GpUcbConfig.Privacy.jdp(1.0, BETA), 1.0, 0.5, 1.0, ZETA, 1.0, 1.0, 1.0);
        JdpNoiseCalibration a = JdpNoiseCalibration.of(engineered);
        io.dpbandit.privacy.TreeMechanismCalibration tree = io.dpbandit.privacy.TreeMechanismCalibration.calibrate(
                io.dpbandit.privacy.NodeNoiseKind.GAUSSIAN, io.dpbandit.privacy.TreeCalibrationMethod.ANALYTIC_TREE, T,
                M + 1, Math.sqrt(2.0), 1.0, BETA);
        assertThat(a.sigma()).isEqualTo(tree.sigma());
        assertThat(a.sigma()).isLessThan(p.sigma() / 10);
        assertThat(a.cost()).isEqualTo(new io.dpbandit.client.privacy.PrivacyCost(1.0, BETA));
        assertThatThrownBy(() -> JdpNoiseCalibration.of(GpUcbConfig.paper(6, 1.0, BoxDomain.unitCube(2), T,
                GpUcbConfig.Privacy.none(), 1.0, 0.5, 1.0, ZETA, 1.0))).isInstanceOf(IllegalArgumentException.class);
    }
}
