package io.dpbandit.client.privacy;

import java.util.function.LongSupplier;

/**
 * Exact discrete random variates from a stream of uniform 64-bit words: single bits, uniform
 * integers, geometric(1/2) counts and Bernoulli(p) for any double p. These are the only primitives
 * the secure samplers use, so their output distributions are exact functions of fair coin flips and
 * of the doubles compared against (no floating-point inversion of CDFs).
 *
 * <p>Not thread-safe; {@link SecureNoiseSource} serialises access.
 */
final class RandomBits {

    private final LongSupplier words;
    private long bitBuffer;
    private int bitsLeft;

    RandomBits(LongSupplier words) {
        this.words = words;
    }

    /** A uniform 64-bit word. */
    long nextLong() {
        return words.getAsLong();
    }

    /** A fair coin flip. */
    boolean nextBit() {
        if (bitsLeft == 0) {
            bitBuffer = words.getAsLong();
            bitsLeft = 64;
        }
        boolean bit = (bitBuffer & 1L) != 0;
        bitBuffer >>>= 1;
        bitsLeft--;
        return bit;
    }

    /** A uniform integer in [0, n), n ≥ 1, by rejection from the next power of two (exact). */
    long uniformLong(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("uniformLong needs n >= 1, got " + n);
        }
        int bits = 64 - Long.numberOfLeadingZeros(n - 1);
        if (bits == 0) {
            return 0;
        }
        while (true) {
            long candidate = words.getAsLong() >>> (64 - bits);
            if (candidate < n) {
                return candidate; // accepted with probability n / 2^bits > 1/2
            }
        }
    }

    /** A uniform double in [0, 1) on the 2^-53 grid. */
    double uniformDouble() {
        return (words.getAsLong() >>> 11) * 0x1.0p-53;
    }

    /**
     * The number of heads before the first tail of a fair coin, P(j) = 2^-(j+1), or −1 if it would
     * exceed {@code cap} (probability 2^-(cap+1); the caller rejects and starts over).
     */
    int geometricHalf(int cap) {
        int count = 0;
        while (nextBit()) {
            count++;
            if (count > cap) {
                return -1;
            }
        }
        return count;
    }

    /**
     * Bernoulli(p), exactly, for any double p in [0, 1].
     *
     * <p>A double p is a dyadic rational 0.p₁p₂…p_L in binary. Draw the binary digits of a uniform
     * U ∈ [0, 1) one by one; at the first digit where U and p differ, U < p iff p's digit is 1. If
     * p's expansion ends first, U ≥ p. Hence P(true) = p exactly, with 2 coin flips on average.
     * Doubling and subtracting 1 are exact in binary floating point, so the digits of p are read
     * without rounding (also for subnormal p).
     */
    boolean bernoulli(double p) {
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("Bernoulli probability must be in [0, 1], got " + p);
        }
        if (p == 1.0) {
            return true;
        }
        double rest = p;
        while (rest != 0.0) {
            rest *= 2.0;
            boolean pDigit = rest >= 1.0;
            if (pDigit) {
                rest -= 1.0;
            }
            boolean uDigit = nextBit();
            if (uDigit != pDigit) {
                return pDigit;
            }
        }
        return false;
    }
}
