package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NoiseSource;

import io.dpbandit.client.privacy.Checks;
import io.dpbandit.client.privacy.PrivacyCost;

/**
 * The exponential mechanism (McSherry &amp; Talwar 2007) over a finite candidate set: selects i with
 * probability p_i ∝ exp(ε·u_i/(2Δu)), where Δu bounds how much any utility can change between
 * neighbouring datasets. Each selection is ε-DP (Dwork &amp; Roth Thm 3.10): the numerator changes by
 * at most e^{ε/2} and the normaliser by at most e^{ε/2}.
 *
 * <p>Everything happens in log space: z_i = ε·u_i/(2Δu), log p_i = z_i − logsumexp(z). Raw scores are
 * never exponentiated (z reaches 2000 in the test vectors, where exp overflows), and equal utilities
 * get bit-identical probabilities. In USCA, u = μ_T(c, ·) and Δu = m = 2B·sup σ².
 */
public final class ExponentialMechanism {

    private final double epsilon;
    private final double utilitySensitivity;

    public ExponentialMechanism(double epsilon, double utilitySensitivity) {
        Checks.positiveFinite(epsilon, "epsilon");
        Checks.positiveFinite(utilitySensitivity, "utility sensitivity");
        this.epsilon = epsilon;
        this.utilitySensitivity = utilitySensitivity;
    }

    public double epsilon() {
        return epsilon;
    }

    public double utilitySensitivity() {
        return utilitySensitivity;
    }

    /** The ledger charge of one selection: (ε, 0). */
    public PrivacyCost cost() {
        return new PrivacyCost(epsilon, 0.0);
    }

    /** The selection distribution for these utilities (for sampling repeatedly or for analysis). */
    public ExponentialDistribution distribution(double[] utilities) {
        Checks.finite(utilities, "utilities");
        if (utilities.length == 0) {
            throw new IllegalArgumentException("the exponential mechanism needs at least one candidate");
        }
        double[] z = new double[utilities.length];
        for (int i = 0; i < z.length; i++) {
            // The same expression for every i, so equal utilities give bit-identical z.
            z[i] = epsilon * utilities[i] / (2.0 * utilitySensitivity);
            if (!Double.isFinite(z[i])) {
                throw new IllegalArgumentException("scaled score epsilon*u/(2*sensitivity) overflows for u["
                        + i + "] = " + utilities[i]);
            }
        }
        return ExponentialDistribution.fromScaledScores(z);
    }

    /** Selects one candidate with probability ∝ exp(ε·u_i/(2Δu)). */
    public ExponentialSelection select(double[] utilities, NoiseSource noise) {
        ExponentialDistribution distribution = distribution(utilities);
        return new ExponentialSelection(distribution.sample(noise), distribution);
    }
}
