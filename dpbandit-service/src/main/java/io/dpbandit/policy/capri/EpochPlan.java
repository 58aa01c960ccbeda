package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import io.dpbandit.privacy.CalibrationMethod;
import io.dpbandit.privacy.GaussianCalibration;
import io.dpbandit.privacy.GaussianMechanism;
import java.util.List;

/**
 * Everything public about epoch r, fixed when the epoch starts (spec steps 2–5): the
 * deduplicated projection set S, the inverse Cholesky factor A = L⁻¹ of
 * M_r = K_SR K_RS + τ K_SS (any A with AᵀA = M_r⁻¹ gives the same release), the contribution
 * bound C_r, σ̃_max, the Gaussian noise scale and the width Δ_r used when this epoch's model
 * eliminates. None of it depends on users' data except through earlier released models.
 *
 * @param epoch            r (1-based)
 * @param length           T_r: rounds the epoch needs before it can close
 * @param startRound       rounds completed before this epoch
 * @param projectionSet    S after deduplication and the cap
 * @param inverseCholesky  A = L⁻¹, lower triangular, row-major |S|×|S|
 * @param contributionBound C_r: every contribution vector is clipped to this L2 norm
 * @param maxProjectionNorm max over the support of ‖A k_S(w)‖
 * @param sigmaTildeMax    σ̃_max over the support (spec step 4)
 * @param noise            the Gaussian noise this epoch adds (and what it costs)
 * @param width            Δ_r and its parts
 * @param supportSize      |W| used in the confidence split
 * @param covarianceRounds |R_r| = T_r, all accumulated (R is never capped)
 * @param choleskyAttempt  the attempt of the jitter ladder at which M_r factored (0 = plain); the
 *                         next epoch's factorisation starts there
 */
public record EpochPlan(int epoch, int length, long startRound, List<JointPoint> projectionSet,
        double[] inverseCholesky, double contributionBound, double maxProjectionNorm, double sigmaTildeMax,
        EpochNoise noise, Width width, long supportSize, int covarianceRounds, int choleskyAttempt) {

    public EpochPlan {
        projectionSet = List.copyOf(projectionSet);
        inverseCholesky = inverseCholesky.clone();
    }

    public int projectionSize() {
        return projectionSet.size();
    }

    /**
     * The noise of epoch r. {@code sigma} is the standard deviation of each coordinate of the
     * Gaussian added to the accumulator g (JDP: once at the close; LDP: by every user, so the
     * sum carries √T_r σ), calibrated for the L2 sensitivity {@code sensitivity} at the per-epoch
     * (ε, δ) given here.
     */
    public record EpochNoise(String calibration, double sensitivity, double epsilon, double delta, double sigma) {
        public static EpochNoise none() {
            return new EpochNoise("NONE", 0, Double.POSITIVE_INFINITY, 0, 0);
        }

        public boolean noiseless() {
            return sigma == 0;
        }

        /**
         * The Gaussian mechanism with this calibration. σ_0 of eq. 5 is a classical-style
         * calibration (checked against the exact profile when it is made), so it is recorded as such.
         */
        public GaussianMechanism mechanism() {
            CalibrationMethod method = calibration.equals("ANALYTIC") ? CalibrationMethod.ANALYTIC
                    : CalibrationMethod.CLASSICAL;
            return new GaussianMechanism(new GaussianCalibration(sensitivity, epsilon, delta, sigma, method));
        }
    }

    /** Δ_r = statistical + privacy, with both parts kept for provenance. */
    public record Width(double statistical, double privacy) {
        public double total() {
            return statistical + privacy;
        }
    }
}
