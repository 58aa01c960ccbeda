package io.dpbandit.privacy.accounting;

/**
 * How {@link ExactAccountant} discretises a PLD that has no closed form (the grid of
 * {@link DiscretePld}).
 *
 * <p>The step is h = 2^e for the smallest e ≥ {@code finestExponent} at which the planned direct
 * convolutions cost at most {@code convolutionBudget} multiply-adds (the accountant plans them
 * before running them). A pessimistic discretisation moves each composed part's loss up by less
 * than h, so ε(δ) is at most (number of parts)·h above the exact value, and usually about half of
 * that. With the default (h = 2⁻¹⁴ = 6.1e-5 unless that is too costly, 4·10⁸ multiply-adds,
 * about 0.15 s at the 3·10⁹ per second measured on the development machine) a list of 50 distinct
 * Laplace mechanisms with ε₀ = 1 gets h = 2⁻⁹, a bound at most 0.1 above the exact ε ≈ 16, and
 * 10 Laplace mechanisms with ε₀ = 0.1 keep h = 2⁻¹⁴.
 *
 * <p>With Gaussian releases in the list, the pure part's PMF is re-binned (pessimistically) onto a
 * grid coarse enough to hold at most {@code maxMixtureAtoms} points, because each point costs one
 * evaluation of the Gaussian closed form per δ: 4096 points at about 0.2 µs each is 1 ms per δ and
 * 15–30 ms per ε(δ).
 *
 * @param finestExponent    e of the finest step considered, h = 2^e (default −14)
 * @param convolutionBudget multiply-adds the planned convolutions may cost (default 4·10⁸)
 * @param maxMixtureAtoms   largest PMF mixed with a Gaussian (default 4096)
 */
public record PldGrid(int finestExponent, long convolutionBudget, int maxMixtureAtoms) {

    /** The production defaults: h = 2⁻¹⁴ where affordable, 4·10⁸ multiply-adds, 4096 mixture atoms. */
    public static final PldGrid DEFAULT = new PldGrid(-14, 400_000_000L, 4096);

    public PldGrid {
        if (finestExponent < -40 || finestExponent > 10) {
            throw new IllegalArgumentException("finestExponent must be in [-40, 10], got " + finestExponent);
        }
        if (convolutionBudget < 1) {
            throw new IllegalArgumentException("convolutionBudget must be positive, got " + convolutionBudget);
        }
        if (maxMixtureAtoms < 1) {
            throw new IllegalArgumentException("maxMixtureAtoms must be positive, got " + maxMixtureAtoms);
        }
    }

    /** Exactly h = 2^exponent whatever it costs, and no re-binning before a Gaussian mixture. */
    public static PldGrid fixed(int exponent) {
        return new PldGrid(exponent, Long.MAX_VALUE, Integer.MAX_VALUE);
    }
}
