package io.dpbandit.policy.capri;

import io.dpbandit.kernel.KernelSpec;
import java.util.List;

/**
 * Everything that defines a CAPRI bandit: the paper's parameters plus the [engineering] options
 * of the spec. {@link #paper} gives the paper's algorithm exactly; {@link #engineered} the
 * configuration the service recommends. Every option changes utility only, except the noise
 * calibration and the composition rule, which change the noise but keep the stated (ε, δ).
 *
 * @param horizon          T
 * @param actionFeatures   feature vector x of every action (index = action)
 * @param kernel           kernel on the joint vector (c, x)
 * @param regularization   τ
 * @param rewardBound      B; rewards are clipped to [-B, B]
 * @param deltaErr         failure probability δ_err of the confidence bounds (utility only)
 * @param privacy          the privacy model and (ε, δ)
 * @param calibration      how the Gaussian noise is calibrated
 * @param composition      how (ε, δ) is split over epochs
 * @param width            how the elimination width Δ_r is formed
 * @param projectionCap    m_max: the cap on the deduplicated projection set S (R is never capped)
 * @param clipping         how the contribution bound C_r is chosen
 * @param supportSampleCap at most this many support points for the maxima C_r and σ̃_max (a
 *                         random public subsample beyond it; privacy holds for any C_r)
 */
public record CapriConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
        double rewardBound, double deltaErr, Privacy privacy, NoiseCalibration calibration,
        EpochComposition composition, Width width, int projectionCap, Clipping clipping, int supportSampleCap) {

    /** The privacy model. {@code NONE} runs without noise (ε = ∞), for comparison. */
    public enum Model { NONE, JDP, LDP }

    /** Privacy model and budget. */
    public record Privacy(Model model, double epsilon, double delta) {
        public Privacy {
            if (model != Model.NONE && !(epsilon > 0 && Double.isFinite(epsilon))) {
                throw new IllegalArgumentException("epsilon must be a positive finite number, was " + epsilon);
            }
            if (model != Model.NONE && !(delta > 0 && delta < 1)) {
                throw new IllegalArgumentException("delta must lie in (0, 1), was " + delta);
            }
        }

        public static Privacy none() {
            return new Privacy(Model.NONE, Double.POSITIVE_INFINITY, 0);
        }

        public boolean privacyEnabled() {
            return model != Model.NONE;
        }
    }

    /**
     * Noise calibration. PAPER_SIGMA0: σ_0 of eq. 5 (sensitivity bound 2Bσ̃_max, classical
     * Gaussian with 2√2 rounded to 4). ANALYTIC: Balle &amp; Wang's exact calibration on the clipped
     * sensitivity 2C_r (valid for every ε, least noise). CLASSICAL: Δ√(2 ln(1.25/δ))/ε on 2C_r,
     * refused for a per-epoch ε above 1.
     */
    public enum NoiseCalibration { PAPER_SIGMA0, ANALYTIC, CLASSICAL }

    /**
     * SEQUENTIAL (paper, Lemma 3.1): each releasing epoch is (ε/L, δ/L)-DP with
     * L = max(1, ln T, number of releasing epochs), so the releases compose to (ε, δ) by basic
     * composition (the paper uses L = ln T, which is at least the epoch count for T &gt; 20).
     * PARALLEL [engineering]: each round's data enters exactly one epoch's accumulator, and the
     * partition of rounds into epochs is fixed in advance by the schedule, so by parallel
     * composition (adaptive: later epochs see earlier releases only as public inputs) every epoch
     * may spend the full (ε, δ) and the whole run is still (ε, δ)-JDP for every user.
     */
    public enum EpochComposition { SEQUENTIAL, PARALLEL }

    /**
     * How Δ_r is formed: Δ_r = statisticalScale · β σ̃_max + privacy term, where the privacy term
     * is privacyScale · β_1 σ̃²_max (THEORY, the paper's) or the exact noise quantile
     * (EXACT_NOISE, [engineering]; see {@link ConfidenceWidth#exactNoiseQuantile}).
     */
    public record Width(double statisticalScale, PrivacyTerm privacyTerm, double privacyScale) {
        public enum PrivacyTerm { THEORY, EXACT_NOISE }

        public Width {
            if (!(statisticalScale >= 0) || !(privacyScale >= 0)) {
                throw new IllegalArgumentException("width scales must be non-negative");
            }
        }

        public static Width theory() {
            return new Width(1.0, PrivacyTerm.THEORY, 1.0);
        }
    }

    /**
     * The contribution bound. SUPPORT_MAX: C_r = B · max over the support of ‖A k_S(w)‖ (spec).
     * PUBLIC_QUANTILE [engineering]: B times the given quantile of ‖A k_S(w)‖ over a public sample
     * of the epoch's sampling measure; contributions above it are scaled down (bias, no privacy cost).
     */
    public record Clipping(double quantile) {
        public Clipping {
            if (!(quantile > 0 && quantile <= 1)) {
                throw new IllegalArgumentException("clipping quantile must lie in (0, 1], was " + quantile);
            }
        }

        public static Clipping supportMax() {
            return new Clipping(1.0);
        }
    }

    public CapriConfig {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be at least 1");
        }
        if (actionFeatures == null || actionFeatures.size() < 2) {
            throw new IllegalArgumentException("CAPRI needs at least two actions");
        }
        actionFeatures = actionFeatures.stream().map(double[]::clone).toList();
        if (!(regularization > 0) || !(rewardBound > 0) || !(deltaErr > 0 && deltaErr < 1)) {
            throw new IllegalArgumentException("need regularization > 0, rewardBound > 0 and deltaErr in (0, 1)");
        }
        if (projectionCap < 1 || supportSampleCap < 1) {
            throw new IllegalArgumentException("projectionCap and supportSampleCap must be positive");
        }
        if (privacy.model() == Model.NONE && calibration == null) {
            calibration = NoiseCalibration.ANALYTIC;
        }
    }

    /** The paper's algorithm: σ_0 noise, ε split over ln T epochs, theory widths, support-max clipping. */
    public static CapriConfig paper(int horizon, List<double[]> actions, KernelSpec kernel, double tau, double b,
            Privacy privacy) {
        return new CapriConfig(horizon, actions, kernel, tau, b, 0.05, privacy, NoiseCalibration.PAPER_SIGMA0,
                EpochComposition.SEQUENTIAL, Width.theory(), 1000, Clipping.supportMax(), 5000);
    }

    /**
     * The configuration the service recommends: analytic calibration on the clipped sensitivity,
     * exact noise width, and the given statistical scale. Composition stays the paper's SEQUENTIAL
     * split; tighter accounting is an explicit choice ({@link #withComposition}), never a side
     * effect of the tuning mode.
     */
    public static CapriConfig engineered(int horizon, List<double[]> actions, KernelSpec kernel, double tau, double b,
            Privacy privacy, double statisticalScale, double clippingQuantile) {
        return new CapriConfig(horizon, actions, kernel, tau, b, 0.05, privacy, NoiseCalibration.ANALYTIC,
                EpochComposition.SEQUENTIAL, new Width(statisticalScale, Width.PrivacyTerm.EXACT_NOISE, 1.0), 1000,
                new Clipping(clippingQuantile), 5000);
    }

    /** The same configuration with another composition rule over epochs. */
    public CapriConfig withComposition(EpochComposition rule) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, rule, width, projectionCap, clipping, supportSampleCap);
    }

    /** The same configuration with another elimination width. */
    public CapriConfig withWidth(Width w) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, composition, w, projectionCap, clipping, supportSampleCap);
    }

    /** The same configuration with another cap on the projection set. */
    public CapriConfig withProjectionCap(int cap) {
        return new CapriConfig(horizon, actionFeatures, kernel, regularization, rewardBound, deltaErr, privacy,
                calibration, composition, width, cap, clipping, supportSampleCap);
    }

    public int actionCount() {
        return actionFeatures.size();
    }
}
