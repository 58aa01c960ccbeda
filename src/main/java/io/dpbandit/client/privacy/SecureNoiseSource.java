package io.dpbandit.client.privacy;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The production noise source: {@link SecureRandom} bits, and Gaussian/Laplace noise that is immune
 * to the floating-point attack on textbook samplers (Mironov 2012).
 *
 * <h2>Construction (after Google's differential-privacy library, SecureNoiseMath/GaussianNoise)</h2>
 * For a scale σ (Gaussian) or b (Laplace) the granularity is the power of two
 * g = ceilPowerOfTwo(scale · 2^-46), so the scale is s = scale/g ∈ (2^45, 2^46] grid steps.
 * {@code addGaussian(x, σ)} returns round_g(x) + k·g with k ~ N_Z(0, s²), the discrete Gaussian on
 * the integers ({@link DiscreteNoise}); {@code addLaplace(x, b)} likewise with k two-sided geometric,
 * P(k) ∝ exp(−|k|/s). The output is an exact function of round_g(x) and k (see
 * {@link PowerOfTwoGrid}), so every output bit is accounted for by a lattice mechanism:
 * <ul>
 *   <li>Discrete Gaussian on gZ: exactly the same ρ = Δ²/(2σ²) zCDP as the continuous one (Canonne,
 *       Kamath &amp; Steinke 2020, "The Discrete Gaussian for Differential Privacy", Thm 4 and its
 *       multivariate form), so zCDP accounting of these releases is exact. Its (ε, δ) profile (their
 *       Thm 7) approaches Balle &amp; Wang's continuous one as s = σ/g grows; here s ≥ 2^45, but
 *       this package does not bound that difference formally (zCDP accounting sidesteps it).</li>
 *   <li>Two-sided geometric on gZ with ratio exp(−g/b): ε-DP for lattice shifts of at most Δ_g with
 *       ε = Δ_g/b (it is the lattice restriction of the Laplace density).</li>
 *   <li>Rounding to the grid moves each coordinate by at most g/2, so neighbouring rounded inputs
 *       differ by at most Δ + g·√d in L2 (Δ + g·d in L1). {@link GaussianMechanism} adds this
 *       to its sensitivity; callers adding Laplace noise themselves must add g·d (Google's
 *       LaplaceNoise does the same: it calibrates to Δ + g).</li>
 *   <li>The sampler's pmf is within relative 1e-12 of the lattice distribution (see
 *       {@link DiscreteNoise}): ε grows by at most 6e-12 and δ by a factor 1 + 3e-12 plus 1e-45.</li>
 * </ul>
 * Granularity 2^-46·scale (Google uses 2^-40 for Laplace and 2^-56 for Gaussian): fine enough that the
 * lattice is invisible at float64 resolution of the noise, coarse enough that |k| < 2^53 so k·g is
 * exact.
 *
 * <p>Speed: ~2 rejection rounds per sample, ~100 random bits, read from SecureRandom in 512-byte
 * blocks; a 2000-dimensional release takes on the order of a millisecond. Thread-safe (synchronised).
 * Scales must lie in [2^-900, 2^900] so that the grid is a normal double and outputs stay finite.
 */
public final class SecureNoiseSource implements NoiseSource {

    /** s = scale/g lies in (2^(GRID_BITS−1), 2^GRID_BITS]. */
    static final int GRID_BITS = 46;
    static final double MIN_SCALE = 0x1.0p-900;
    static final double MAX_SCALE = 0x1.0p900;

    private static final int BLOCK_BYTES = 512;

    private final SecureRandom random;
    private final long[] words = new long[BLOCK_BYTES / Long.BYTES];
    private int nextWord = words.length;
    private final RandomBits bits = new RandomBits(this::nextWord);

    /** A source on the platform's default {@link SecureRandom}. */
    public SecureNoiseSource() {
        this(new SecureRandom());
    }

    /** A source on the given {@link SecureRandom} (e.g. {@code SecureRandom.getInstance("DRBG")}). */
    public SecureNoiseSource(SecureRandom random) {
        if (random == null) {
            throw new IllegalArgumentException("random must not be null");
        }
        this.random = random;
    }

    @Override
    public double gaussianGranularity(double sigma) {
        return granularity(sigma, "sigma");
    }

    @Override
    public double laplaceGranularity(double scale) {
        return granularity(scale, "Laplace scale");
    }

    @Override
    public synchronized double addGaussian(double value, double sigma) {
        double g = gaussianGranularity(sigma);
        long k = DiscreteNoise.gaussian(bits, sigma / g); // σ/g is exact: g is a power of two
        return PowerOfTwoGrid.roundToMultiple(value, g) + k * g;
    }

    @Override
    public synchronized double addLaplace(double value, double scale) {
        double g = laplaceGranularity(scale);
        long k = DiscreteNoise.laplace(bits, scale / g);
        return PowerOfTwoGrid.roundToMultiple(value, g) + k * g;
    }

    /** A multiple of {@link #gaussianGranularity(double)}: 0 lies on every grid. */
    @Override
    public double gaussian(double sigma) {
        return addGaussian(0.0, sigma);
    }

    /** A multiple of {@link #laplaceGranularity(double)}. */
    @Override
    public double laplace(double scale) {
        return addLaplace(0.0, scale);
    }

    @Override
    public synchronized double uniform() {
        return bits.uniformDouble();
    }

    @Override
    public synchronized int uniformInt(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("uniformInt needs n >= 1, got " + n);
        }
        return (int) bits.uniformLong(n);
    }

    /** Exact: P(true) is exactly the double p (see {@link RandomBits#bernoulli}). */
    @Override
    public synchronized boolean bernoulli(double p) {
        return bits.bernoulli(p);
    }

    private static double granularity(double scale, String name) {
        if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException(name + " must be finite and in [2^-900, 2^900], got " + scale);
        }
        return PowerOfTwoGrid.ceilPowerOfTwo(Math.scalb(scale, -GRID_BITS));
    }

    /** Called with the monitor held (every caller of {@link #bits} is synchronised). */
    private long nextWord() {
        if (nextWord == words.length) {
            byte[] block = new byte[BLOCK_BYTES];
            random.nextBytes(block);
            ByteBuffer.wrap(block).asLongBuffer().get(words);
            Arrays.fill(block, (byte) 0);
            nextWord = 0;
        }
        return words[nextWord++];
    }
}
