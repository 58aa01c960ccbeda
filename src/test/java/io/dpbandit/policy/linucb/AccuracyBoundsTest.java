package io.dpbandit.policy.linucb;

import io.dpbandit.policy.CalibrationMode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.privacy.TreeCalibrationMethod;
import org.junit.jupiter.api.Test;

/**
 * Shift, ρ_min, ρ_max, γ and β_t against the worked numbers of docs/papers.md (§3; d = 5, n = 5·10⁷,
 * ε = 1, δ = 0.1, α = 1/n, L̃² = 2), to the digits printed there.
 */
class AccuracyBoundsTest {

    static final long N = 50_000_000L;

    static LinUcbConfig paper(NodeNoiseKind noise, double shiftScale, CalibrationMode mode) {
        return new LinUcbConfig(N, 5, 1.0, 0.1, 1.0 / N, 1.0, 1.0, 1.0, 1.0, noise, TreeCalibrationMethod.PAPER,
                new LinUcbConfig.Tuning(mode, shiftScale, 1.0, LinUcbConfig.RadiusForm.EXACT), 1.0);
    }

    @Test
    void gaussianUpsilonShiftAndBoundsMatchTheWorkedNumbers() {
        AccuracyBounds b = new LinUcb(paper(NodeNoiseKind.GAUSSIAN, 1.0, CalibrationMode.PAPER)).bounds();
        assertThat(b.noiseBound()).isCloseTo(9.155e4, within(5.0));   // Υ
        assertThat(b.shift()).isCloseTo(1.831e5, within(50.0));       // 2Υ
        assertThat(b.rhoMin()).isCloseTo(9.155e4, within(5.0));      // Υ
        assertThat(b.rhoMax()).isCloseTo(2.746e5, within(50.0));     // 3Υ
        assertThat(b.gamma()).isCloseTo(28.28, within(0.005));
    }

    @Test
    void gaussianAblationAtAHundredThousandRoundsMatchesTheWorkedNumbers() {
        long n = 100_000;
        LinUcbConfig config = LinUcbConfig.paper(n, 5, 1.0, 0.1, 1e-5, NodeNoiseKind.GAUSSIAN);
        LinUcb policy = new LinUcb(config);
        assertThat(policy.calibration().levels()).isEqualTo(18);
        assertThat(policy.bounds().noiseBound()).isCloseTo(4.236e4, within(5.0));
        assertThat(policy.bounds().gamma()).isCloseTo(23.55, within(0.005));
    }

    @Test
    void wishartBoundsUnshiftedAndShiftedMatchTheWorkedNumbers() {
        AccuracyBounds unshifted = new LinUcb(paper(NodeNoiseKind.WISHART, 0.0, CalibrationMode.PAPER)).bounds();
        assertThat(unshifted.shift()).isZero();
        assertThat(unshifted.rhoMin()).isCloseTo(7.428e6, within(500.0));
        assertThat(unshifted.rhoMax()).isCloseTo(7.597e6, within(500.0));
        assertThat(unshifted.gamma()).isCloseTo(15.19, within(0.005));

        AccuracyBounds shifted = new LinUcb(paper(NodeNoiseKind.WISHART, 1.0, CalibrationMode.PAPER)).bounds();
        assertThat(shifted.noiseBound()).isCloseTo(7.259e6, within(500.0)); // c of Eq. 4
        assertThat(shifted.shift()).isCloseTo(-7.259e6, within(500.0));
        assertThat(shifted.rhoMin()).isCloseTo(1.690e5, within(50.0));
        assertThat(shifted.rhoMax()).isCloseTo(3.380e5, within(50.0));
        assertThat(shifted.rhoMax()).isCloseTo(2 * shifted.rhoMin(), within(1e-6));
        assertThat(shifted.gamma()).isCloseTo(668.6, within(0.05));          // printed γ'

        AccuracyBounds claim20 = new LinUcb(paper(NodeNoiseKind.WISHART, 1.0, CalibrationMode.ENGINEERED)).bounds();
        assertThat(claim20.gamma()).isCloseTo(100.7, within(0.05));          // Claim-20 γ'
        assertThat(claim20.rhoMin()).isEqualTo(shifted.rhoMin());
    }

    @Test
    void radiusFollowsPropositionFourInBothForms() {
        LinUcbConfig exact = paper(NodeNoiseKind.GAUSSIAN, 1.0, CalibrationMode.PAPER);
        AccuracyBounds b = new LinUcb(exact).bounds();
        double alpha = 1.0 / N;
        // Exact form at V = ρ_min I: σ√(2 ln(2/α)) + S√ρ_max + γ = √(2 ln 1e8) + √(3Υ) + γ ≈ 558.4.
        double logDetAtRhoMin = 5 * Math.log(b.rhoMin());
        assertThat(b.radius(exact, logDetAtRhoMin, 0)).isCloseTo(
                Math.sqrt(2 * Math.log(2 / alpha)) + Math.sqrt(b.rhoMax()) + b.gamma(), within(1e-9));
        assertThat(b.radius(exact, logDetAtRhoMin, 0)).isCloseTo(558.4, within(0.05));
        // Below ρ_min (a failure event) the square root's argument is floored at 0, never NaN.
        assertThat(b.radius(exact, logDetAtRhoMin - 1e3, 0)).isCloseTo(Math.sqrt(b.rhoMax()) + b.gamma(), within(1e-9));

        // Bound form at t = n: σ√(2 ln(2/α) + d ln(ρ_max/ρ_min + nL²/(dρ_min))) + S√ρ_max + γ = β̄_n ≈ 560.1.
        LinUcbConfig bound = new LinUcbConfig(N, 5, 1.0, 0.1, alpha, 1.0, 1.0, 1.0, 1.0, NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.PAPER, new LinUcbConfig.Tuning(CalibrationMode.PAPER, 1.0, 1.0,
                        LinUcbConfig.RadiusForm.BOUND), 1.0);
        double expected = Math.sqrt(2 * Math.log(2 / alpha) + 5 * Math.log(3.0 + N / (5 * b.rhoMin())))
                + Math.sqrt(b.rhoMax()) + b.gamma();
        assertThat(b.radius(bound, Double.NaN, N)).isCloseTo(expected, within(1e-9));
        assertThat(b.radius(bound, Double.NaN, N)).isCloseTo(560.1, within(0.05));

        // The radius scale multiplies β (utility only).
        LinUcbConfig half = new LinUcbConfig(N, 5, 1.0, 0.1, alpha, 1.0, 1.0, 1.0, 1.0, NodeNoiseKind.GAUSSIAN,
                TreeCalibrationMethod.PAPER, new LinUcbConfig.Tuning(CalibrationMode.PAPER, 1.0, 0.5,
                        LinUcbConfig.RadiusForm.EXACT), 1.0);
        assertThat(b.radius(half, logDetAtRhoMin, 0)).isCloseTo(0.5 * b.radius(exact, logDetAtRhoMin, 0), within(1e-9));
    }

    @Test
    void engineeredGaussianBoundsAreSharperAndKeepThePapersShape() {
        AccuracyBounds paperBounds = new LinUcb(paper(NodeNoiseKind.GAUSSIAN, 1.0, CalibrationMode.PAPER)).bounds();
        LinUcb engineered = new LinUcb(paper(NodeNoiseKind.GAUSSIAN, 1.0, CalibrationMode.ENGINEERED));
        AccuracyBounds b = engineered.bounds();
        double sigma = engineered.calibration().sigma();
        double expected = sigma * Math.sqrt(2.0 * 27) * (2 * Math.sqrt(5) + Math.sqrt(2 * Math.log(4.0 * N * N)));
        assertThat(b.noiseBound()).isCloseTo(expected, within(1e-6));
        assertThat(b.noiseBound()).isLessThan(paperBounds.noiseBound() / 3);
        assertThat(b.rhoMin()).isCloseTo(b.noiseBound(), within(1e-6));
        assertThat(b.rhoMax()).isCloseTo(3 * b.noiseBound(), within(1e-6));
    }

    @Test
    void nonPrivateBoundsAreTheRidge() {
        AccuracyBounds b = new LinUcb(LinUcbConfig.nonPrivate(100, 3, 0.01, 2.5)).bounds();
        assertThat(b).isEqualTo(new AccuracyBounds(2.5, 2.5, 2.5, 0.0, 0.0));
    }

    @Test
    void aShiftThatLeavesNoPositiveLowerBoundIsRefused() {
        assertThatThrownBy(() -> new LinUcb(paper(NodeNoiseKind.GAUSSIAN, 0.4, CalibrationMode.PAPER)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rhoMin");
        assertThatThrownBy(() -> new LinUcb(paper(NodeNoiseKind.WISHART, 1.2, CalibrationMode.PAPER)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rhoMin");
    }
}
