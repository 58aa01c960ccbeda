package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianMechanism;
import java.util.List;

/**
 * Everything public about epoch r, fixed when the epoch starts (CAPRI steps 2–5, docs/papers.md): the
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
 * @param sigmaTildeMax    σ̃_max over the support (CAPRI step 4)
 * @param noise            the Gaussian noise this epoch adds (and what it costs)
 * @param width            Δ_r and its parts
 * @param supportSize      |W| used in the confidence split
 * @param covarianceRounds |R_r| = T_r, all accumulated (R is never capped)
 * @param choleskyAttempt  the attempt of the jitter ladder at which M_r factored (0 = plain); the
 *                         next epoch's factorisation starts there
 * @param regularization   τ_r, the τ this epoch's M_r was built with (0 in plans stored before τ
 *                         could vary per epoch: the configured τ)
 * @param rule             how this epoch's model eliminates (null in plans stored before the
 *                         rule was recorded: the paper's 4Δ_r)
 */
public record EpochPlan(int epoch, int length, long startRound, List<JointPoint> projectionSet,
        double[] inverseCholesky, double contributionBound, double maxProjectionNorm, double sigmaTildeMax,
        EpochNoise noise, Width width, long supportSize, int covarianceRounds, int choleskyAttempt,
        double regularization, EliminationRule rule) {

    public EpochPlan {
        projectionSet = List.copyOf(projectionSet);
        inverseCholesky = inverseCholesky.clone();
    }

    /** A plan in the paper's form: configured τ, 4Δ_r elimination. */
    public EpochPlan(int epoch, int length, long startRound, List<JointPoint> projectionSet,
            double[] inverseCholesky, double contributionBound, double maxProjectionNorm, double sigmaTildeMax,
            EpochNoise noise, Width width, long supportSize, int covarianceRounds, int choleskyAttempt) {
        this(epoch, length, startRound, projectionSet, inverseCholesky, contributionBound, maxProjectionNorm,
                sigmaTildeMax, noise, width, supportSize, covarianceRounds, choleskyAttempt, 0.0, null);
    }

    /** The elimination rule, the paper's 4Δ_r where none was recorded. */
    public EliminationRule eliminationRule() {
        return rule == null ? EliminationRule.width(width.total()) : rule;
    }

    /**
     * How a released model eliminates: x leaves X_r(c) when some active x' has
     * μ̂_r(c,x') − μ̂_r(c,x) &gt; {@code constant} + {@code normScale} · ‖A (k_S(c,x') − k_S(c,x))‖.
     * The paper's rule (eq. 7) is {@code constant} = 4Δ_r, {@code normScale} = 0, where comparing
     * with the best x' is the same as comparing with every x'. Everything here is public.
     *
     * @param test      WIDTH or PAIRWISE
     * @param constant  the part of the width that does not depend on the pair
     * @param normScale the multiple of ‖A v‖ (v the difference of the pair's kernel sections)
     * @param quantile  z, the Gaussian quantile the width is built with (0 for WIDTH)
     */
    public record EliminationRule(String test, double constant, double normScale, double quantile) {
        public static EliminationRule width(double delta) {
            return new EliminationRule("WIDTH", 4 * delta, 0, 0);
        }

        public boolean pairwise() {
            return normScale > 0;
        }
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
            // ZCDP's σ is the exact (analytic) calibration of the (ε, δ) it records.
            CalibrationMethod method = calibration.equals("ANALYTIC") || calibration.equals("ZCDP")
                    ? CalibrationMethod.ANALYTIC : CalibrationMethod.CLASSICAL;
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
