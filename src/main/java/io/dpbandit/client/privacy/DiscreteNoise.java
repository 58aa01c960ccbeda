package io.dpbandit.client.privacy;

/**
 * Integer-valued noise on the lattice Z with scale s ∈ [2^20, 2^46]: the discrete Gaussian
 * N_Z(0, s²), P(k) ∝ exp(−k²/(2s²)), and the discrete Laplace (two-sided geometric),
 * P(k) ∝ exp(−|k|/s). {@link SecureNoiseSource} multiplies them by a power-of-two granularity.
 *
 * <h2>Construction</h2>
 * Both samplers use the blocked rejection scheme of Google's secure Gaussian noise (itself from
 * Bringmann et al. 2014, "Internal DLA"): propose a magnitude m = j·w + u with j ~ Geometric(1/2)
 * (P(j) = 2^-(j+1), fair coin flips) and u uniform in [0, w), plus a sign bit; accept with
 * probability a(m) = target(m)/(M·proposal(m)), drawn by an exact Bernoulli on the double a(m)
 * ({@link RandomBits#bernoulli}). The pair (negative, 0) is rejected so that 0 is not counted twice.
 * Unlike Google's, whose acceptance uses an asymptotic approximation of a binomial pmf and M = 16,
 * the target here is the exact lattice density and the envelope constant is tight (acceptance ≈ 0.51
 * for the Gaussian and ≈ 0.72 for the Laplace), so a sample costs about two proposals.
 *
 * <h2>Guarantee</h2>
 * The only inexact step is the floating-point evaluation of a(m), whose relative error is below
 * η = 1e-12 (the exponent is at most ~745 in magnitude and is computed to a few ulps; StrictMath.exp
 * is within 1 ulp). The sampled pmf is therefore within a factor (1 ± η)/(1 ∓ η) of the ideal
 * lattice distribution wherever a(m) does not underflow, and the mass lost to underflow or to the
 * block cap is below 1e-45. For any event E, P̂(E) ≤ (1+3η)·P(E) + 1e-45, so an (ε, δ) guarantee of
 * the ideal lattice mechanism holds for the sampled one with ε + 6η and δ·(1 + 3η) + 1e-45: a change
 * far below the resolution of the ledger.
 */
final class DiscreteNoise {

    static final double MIN_SCALE = 0x1.0p20;
    static final double MAX_SCALE = 0x1.0p46;

    private static final double LN2 = 0.69314718055994530942;

    /**
     * Envelope constant for the Gaussian with block width w = round(s): the density ratio
     * target/proposal ∝ 2^j·exp(−(jw+u)²/(2s²)) peaks at j = 1, u = 0, where it is
     * 2·exp(−(w/s)²/2) ≤ 2·e^{−1/2}·(1 + 2^-21) for s ≥ 2^20 (|w/s − 1| ≤ 2^-21). The factor
     * 1 + 1e-6 covers this, so a(m) ≤ 1 with margin and never needs clamping.
     */
    static final double GAUSSIAN_ENVELOPE = 2.0 * StrictMath.exp(-0.5) * (1.0 + 1e-6);

    /**
     * Largest Gaussian block: 64 blocks reach 64σ, beyond which a(m) underflows to 0 anyway
     * (exp(−745)); m < 64·2^46 = 2^52 stays exactly representable.
     */
    static final int GAUSSIAN_MAX_BLOCK = 63;

    /**
     * Largest Laplace block: 151 blocks of ≈ s·ln 2 reach ≈ 104.7 s, where the remaining mass is
     * e^{−104.7} < 1e-45; m < 151·(s ln 2 + 2) < 2^53 stays exactly representable.
     */
    static final int LAPLACE_MAX_BLOCK = 150;

    private DiscreteNoise() {
    }

    /** A draw of the discrete Gaussian N_Z(0, s²). */
    static long gaussian(RandomBits bits, double s) {
        checkScale(s);
        long w = Math.round(s); // one block per standard deviation
        while (true) {
            int j = bits.geometricHalf(GAUSSIAN_MAX_BLOCK);
            if (j < 0) {
                continue;
            }
            long m = j * w + bits.uniformLong(w);
            boolean negative = bits.nextBit();
            if (negative && m == 0) {
                continue;
            }
            if (bits.bernoulli(gaussianAcceptance(j, m, s))) {
                return negative ? -m : m;
            }
        }
    }

    /**
     * a(m) = 2^j·exp(−m²/(2s²)) / M for m in block j. Proposal mass 2^-(j+1)/w, target mass
     * ∝ exp(−m²/(2s²)); their ratio over M is this (the constant factors cancel).
     */
    static double gaussianAcceptance(int j, long m, double s) {
        double t = m / s; // m < 2^52 is exact as a double
        return StrictMath.exp(j * LN2 - 0.5 * t * t) / GAUSSIAN_ENVELOPE;
    }

    /** A draw of the discrete Laplace distribution, P(k) ∝ exp(−|k|/s). */
    static long laplace(RandomBits bits, double s) {
        checkScale(s);
        long w = laplaceBlockWidth(s);
        double excess = w / s - LN2; // > 0, see laplaceBlockWidth
        while (true) {
            int j = bits.geometricHalf(LAPLACE_MAX_BLOCK);
            if (j < 0) {
                continue;
            }
            long u = bits.uniformLong(w);
            long m = j * w + u;
            boolean negative = bits.nextBit();
            if (negative && m == 0) {
                continue;
            }
            if (bits.bernoulli(laplaceAcceptance(j, u, s, excess))) {
                return negative ? -m : m;
            }
        }
    }

    /**
     * Block width w with w/s ≥ ln 2 + 1/s, so that 2·e^{−w/s} ≤ 1: the target's mass per block
     * shrinks at least as fast as the Geometric(1/2) proposal's and the ratio peaks at m = 0.
     * The "+ 1" dwarfs the rounding of s·ln 2 (relative 2^-53 ≪ 1/s ≤ 2^-20).
     */
    static long laplaceBlockWidth(double s) {
        return (long) StrictMath.ceil(s * LN2) + 1;
    }

    /**
     * a(m) = 2^j·exp(−(jw+u)/s) = exp(−(u/s + j·(w/s − ln 2))) ≤ 1, written so that the large
     * terms j·w/s and j·ln 2 cancel analytically rather than numerically.
     */
    static double laplaceAcceptance(int j, long u, double s, double excess) {
        return StrictMath.exp(-(u / s + j * excess));
    }

    private static void checkScale(double s) {
        if (!(s >= MIN_SCALE && s <= MAX_SCALE)) {
            throw new IllegalArgumentException("lattice noise scale must be in [2^20, 2^46], got " + s);
        }
    }
}
