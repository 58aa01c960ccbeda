package io.dpbandit.policy.usca;

/**
 * The COMPACT estimator ({@link UscaConfig.Estimator#COMPACT}): μ̃_T(w) = (1/τ) k_Z(w)ᵀ c with
 * c = M K_{Z,W}Y, M = (K_ZZ + εI)⁻¹ − (K_ZZ + KτI)⁻¹. It holds the public plan and n_Z numbers,
 * never a context or a per-round reward, so a service can keep it for as long as it releases. It is
 * not private by itself; only the exponential-mechanism releases computed from it are.
 *
 * @param plan         the public plan (Z and its factors)
 * @param coefficients c
 */
public record UscaCompactEstimator(UscaPlan plan, double[] coefficients) {

    public UscaCompactEstimator {
        coefficients = coefficients.clone();
        if (coefficients.length != plan.approximatingSet().size()) {
            throw new IllegalArgumentException("one coefficient per point of Z");
        }
    }
}
