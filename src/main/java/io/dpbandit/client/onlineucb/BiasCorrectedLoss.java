package io.dpbandit.client.onlineucb;

import io.dpbandit.client.privacy.ContributionBounds;

/**
 * The bias-corrected square loss of the OnlineUCB paper, Algorithm 1, line 13:
 * l(θ) = (⟨x̃, θ⟩ − ỹ)² − θᵀΣθ with Σ = σ_x² I the covariance of the privacy noise on x̃.
 *
 * <p>The negative quadratic cancels the bias θᵀΣθ that the noise in x̃ adds to the expected square loss,
 * so E[l] is minimised at θ* (up to the ridge Δ²‖θ‖² that the conditioning perturbation adds). l itself
 * is not convex (Hessian 2x̃x̃ᵀ − 2Σ is indefinite) and is unbounded below: only its gradient at points of
 * the ball ‖θ‖ ≤ D is ever used (non-convex per-round loss, docs/papers.md). The line prints
 * ⟨x̃_t, θ_t⟩ inside the loss, a typo for
 * ⟨x̃_t, θ⟩ (its gradient, line 14, is the gradient of this l at θ_t).
 *
 * <p>The client evaluates the gradient for its report; the server evaluates the same function at its
 * learner's point. Both use this class, so they agree bit for bit.
 */
public final class BiasCorrectedLoss {

    private BiasCorrectedLoss() {
    }

    /** l(θ) = (⟨x̃, θ⟩ − ỹ)² − σ²‖θ‖². */
    public static double value(double[] noisyFeatures, double noisyReward, double[] theta, double featureVariance) {
        check(noisyFeatures, theta);
        double residual = dot(noisyFeatures, theta) - noisyReward;
        return residual * residual - featureVariance * dot(theta, theta);
    }

    /** ∇l(θ) = 2x̃(⟨x̃, θ⟩ − ỹ) − 2σ²θ (Algorithm 1, line 14), not clipped. */
    public static double[] gradient(double[] noisyFeatures, double noisyReward, double[] theta,
            double featureVariance) {
        check(noisyFeatures, theta);
        double residual = dot(noisyFeatures, theta) - noisyReward;
        double[] g = new double[theta.length];
        for (int i = 0; i < g.length; i++) {
            g[i] = 2.0 * noisyFeatures[i] * residual - 2.0 * featureVariance * theta[i];
        }
        return g;
    }

    /**
     * ∇l(θ) scaled down to ‖g‖ ≤ G if needed (App. B: G is the clipping constant). On the paper's good
     * event ‖∇l‖ ≤ G and the clip is inactive; outside it the clip keeps Maler's surrogate losses within
     * their assumptions.
     */
    public static double[] clippedGradient(double[] noisyFeatures, double noisyReward, double[] theta,
            double featureVariance, double gradientBound) {
        double[] g = gradient(noisyFeatures, noisyReward, theta, featureVariance);
        for (double v : g) {
            if (!Double.isFinite(v)) {
                // Only reachable with absurd inputs (|x̃| ~ 1e154); the direction is lost, report none.
                return new double[g.length];
            }
        }
        return ContributionBounds.clipToNorm(g, gradientBound).value();
    }

    static double dot(double[] a, double[] b) {
        double s = 0.0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void check(double[] noisyFeatures, double[] theta) {
        if (noisyFeatures.length != theta.length) {
            throw new IllegalArgumentException("features have dimension " + noisyFeatures.length
                    + " but theta has " + theta.length);
        }
    }
}
