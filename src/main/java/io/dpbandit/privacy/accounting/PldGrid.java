package io.dpbandit.privacy.accounting;

/**
 * How {@link ExactAccountant} discretises a PLD that has no closed form: the grid of
 * {@link DiscretePld} (the discretisation of Koskela, Jälkö &amp; Honkela 2020, "Computing tight
 * differential privacy guarantees using FFT", with a power-of-two step and direct convolution).
 *
 * <p>The step is h = 2^e for the smallest e ≥ {@code finestExponent} at which the planned direct
 * convolutions cost at most {@code convolutionBudget} multiply-adds (the accountant plans them
 * before running them; the pure part is split into two halves whose composition is never formed).
 * The pessimistic discretisation moves each Laplace release's loss up by less than h (each is
 * discretised, then convolved) and each group of identical lattice releases (pure ε-DP, randomized
 * response, whose exact atoms are placed once) by less than h, so ε(δ) is at most that many h above
 * the exact value (plus one coarse step when re-binned for a mixture, below), and the optimistic
 * bound as far below it.
 * With the default (h = 2⁻¹⁴ = 6.1e-5 where affordable, 10⁹ multiply-adds), measured on the
 * 2-core development machine, ε at δ = 10⁻⁶:
 * <ul>
 *   <li>10 Laplace mechanisms with ε₀ = 0.1: h = 2⁻¹⁴, the file's own grid (a few ms);</li>
 *   <li>50 × Laplace(ε₀ = 1): h = 2⁻¹⁰, ε ∈ [41.5995, 41.6101] (0.03 %), 0.2 s;</li>
 *   <li>50 distinct Laplace mechanisms, ε₀ from 0.9 to 1.1: h = 2⁻⁹, ε ∈ [41.475, 41.571]
 *       (0.23 %), 0.13 s;</li>
 *   <li>25 distinct Laplace and 25 distinct pure-ε mechanisms: h = 2⁻¹¹, 0.2 s;</li>
 *   <li>50 distinct pure-ε mechanisms (two atoms each, sparse): h = 2⁻¹⁴, 0.11 s.</li>
 * </ul>
 * Identical pure-ε releases never reach the grid: they take the binomial closed form (10 000 of
 * them with 200 Gaussians: under 10 ms for ε(δ)).
 *
 * <p>With Gaussian releases in the list, the pure part's PMF is re-binned (pessimistically) onto a
 * grid coarse enough to hold at most {@code maxMixtureAtoms} points, because each point costs one
 * evaluation of the Gaussian closed form per δ: 4096 points at about 0.4 µs each is 1.6 ms per δ and
 * about 30 ms per ε(δ) (15–20 evaluations).
 *
 * @param finestExponent    e of the finest step considered, h = 2^e (default −14)
 * @param convolutionBudget multiply-adds the planned convolutions may cost (default 10⁹, about
 *                          0.2 s at the 5·10⁹ per second of the blocked kernel measured here)
 * @param maxMixtureAtoms   largest PMF mixed with a Gaussian (default 4096)
 */
public record PldGrid(int finestExponent, long convolutionBudget, int maxMixtureAtoms) {

    /** The production defaults: h = 2⁻¹⁴ where affordable, 10⁹ multiply-adds, 4096 mixture atoms. */
    public static final PldGrid DEFAULT = new PldGrid(-14, 1_000_000_000L, 4096);

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
