package io.dpbandit.sim;

import java.util.SplittableRandom;

/**
 * Draws from Zipf(n, s): P(k) = k^(−s) / H(n, s), k = 1 .. n, by rejection-inversion (Hörmann &amp;
 * Derflinger 1996, "Rejection-inversion to generate variates from monotone discrete distributions",
 * the form Apache Commons RNG's RejectionInversionZipfSampler uses): constant memory and O(1)
 * expected time for any n, so a population of 10⁹ users needs no table. StrictMath throughout, so a
 * seeded stream replays bit for bit.
 */
final class ZipfSampler {

    private final int n;
    private final double s;
    /** H(1.5) − h(1), the lower end of the inversion interval. */
    private final double hIntegralX1;
    /** H(n + 0.5), its upper end. */
    private final double hIntegralN;
    /** Accept k at once when k − x ≤ this (the squeeze). */
    private final double squeeze;

    ZipfSampler(int n, double s) {
        if (n < 1 || !(s > 0) || !Double.isFinite(s)) {
            throw new IllegalArgumentException("Zipf needs n >= 1 and a finite s > 0, got " + n + " and " + s);
        }
        this.n = n;
        this.s = s;
        this.hIntegralX1 = hIntegral(1.5) - 1.0;
        this.hIntegralN = hIntegral(n + 0.5);
        this.squeeze = 2 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    int sample(SplittableRandom random) {
        while (true) {
            double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            int k = (int) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            if (k - x <= squeeze || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    /** h(x) = x^(−s), the unnormalised density. */
    private double h(double x) {
        return StrictMath.exp(-s * StrictMath.log(x));
    }

    /** H(x) = ∫₁ˣ t^(−s) dt = (x^(1−s) − 1)/(1 − s), written to stay exact near s = 1. */
    private double hIntegral(double x) {
        double logX = StrictMath.log(x);
        return expm1OverX((1 - s) * logX) * logX;
    }

    /** H⁻¹(y) = (1 + (1 − s) y)^(1/(1−s)). */
    private double hIntegralInverse(double y) {
        double t = y * (1 - s);
        if (t < -1) {
            t = -1; // rounding can push it below the domain's edge
        }
        return StrictMath.exp(log1pOverX(t) * y);
    }

    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? StrictMath.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? StrictMath.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}
