package io.dpbandit.policy.onlineucb;

/**
 * Maler (Wang, Lu &amp; Zhang 2019; OnlineUCB paper, Algorithms 5–8): a universal online learner on
 * the ball ‖θ‖ ≤ D that runs a convex expert (projected OGD), ⌈½ log₂ T⌉ strongly-convex experts and as
 * many exp-concave (Online Newton Step) experts on surrogate losses built from the gradient g_t at the
 * played point, and plays their η-tilted average with exponential weights. It adapts to whichever
 * curvature the expected loss has: O(√T) regret for convex, O(log T) for strongly convex or exp-concave.
 *
 * <p>Pure: {@link #update} returns a new state. Weights live in log space (the exponent of a surrogate
 * loss is never taken outside a log-sum-exp).
 *
 * <p>Constants ([external]/[reconstructed], none printed in the paper; "Maler's constants" in
 * docs/papers.md): grid
 * η_i = 2^{−i}/(5DG), i = 1..⌈½ log₂ T⌉; η_c = 1/(4GD√T) (Maler's 1/(2G·diam·√T) with diameter 2D);
 * priors π^c = 1/3, π^{η_i,s} = π^{η_i,ℓ} ∝ 1/((i+1)(i+2)); ONS step α = ½ (as printed) and A_1 = I/(4α²D²).
 *
 * @see MalerState
 */
public final class Maler {

    /**
     * The ONS parameter α of Algorithm 7 as the paper prints it: ½·min{2/(G_ℓD), 1} with G_ℓ = 7/(50D),
     * i.e. ½. The standard ONS recipe gives 25/56 ≈ 0.446 (½·min{1/(4G_ℓ·2D), 1}; docs/papers.md);
     * where the two disagree the paper is followed. They differ by 12% in the step 1/α.
     */
    public static final double ONS_ALPHA = 0.5;

    private final int horizon;
    private final double radius;
    private final double gradientBound;
    private final double convexRate;
    private final double[] rates;
    private final double[] logPriors;

    /**
     * @param horizon       T (sets the grid size and η_c)
     * @param radius        D, the radius of the ball
     * @param gradientBound G, the bound on ‖g_t‖ the caller enforces by clipping
     */
    public Maler(int horizon, double radius, double gradientBound) {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, got " + horizon);
        }
        if (!(radius > 0) || Double.isInfinite(radius) || !(gradientBound > 0) || Double.isInfinite(gradientBound)) {
            throw new IllegalArgumentException("radius D and gradient bound G must be positive and finite");
        }
        this.horizon = horizon;
        this.radius = radius;
        this.gradientBound = gradientBound;
        int k = gridSize(horizon);
        this.rates = new double[k];
        for (int i = 1; i <= k; i++) {
            rates[i - 1] = StrictMath.scalb(1.0, -i) / (5.0 * radius * gradientBound);
        }
        this.convexRate = 1.0 / (4.0 * gradientBound * radius * StrictMath.sqrt(horizon));
        this.logPriors = new double[1 + 2 * k];
        double[] priors = new double[1 + 2 * k];
        double cPrime = 1.0 + 1.0 / (1.0 + k);
        priors[0] = 1.0 / 3.0;
        for (int i = 1; i <= k; i++) {
            double p = cPrime / (3.0 * (i + 1) * (i + 2));
            priors[i] = p;
            priors[k + i] = p;
        }
        for (int j = 0; j < priors.length; j++) {
            logPriors[j] = StrictMath.log(priors[j]);
        }
        double norm = Vectors.logSumExp(logPriors);
        for (int j = 0; j < logPriors.length; j++) {
            logPriors[j] -= norm;
        }
    }

    /** ⌈½ log₂ T⌉, at least 1. */
    public static int gridSize(int horizon) {
        return Math.max(1, (int) StrictMath.ceil(0.5 * StrictMath.log(horizon) / StrictMath.log(2.0) - 1e-12));
    }

    public int horizon() {
        return horizon;
    }

    public double radius() {
        return radius;
    }

    public double gradientBound() {
        return gradientBound;
    }

    /** The grid η_1 &gt; η_2 &gt; … (a copy). */
    public double[] rates() {
        return rates.clone();
    }

    public double convexRate() {
        return convexRate;
    }

    /** θ_1 = 0: every expert at the origin, priors as weights, ONS matrices A_1 = I/(4α²D²). */
    public MalerState start(int dimension) {
        int k = rates.length;
        double[][] zeros = new double[k][dimension];
        double[][] matrices = new double[k][];
        double[][] inverses = new double[k][];
        double a1 = 1.0 / (4.0 * ONS_ALPHA * ONS_ALPHA * radius * radius);
        for (int i = 0; i < k; i++) {
            matrices[i] = Vectors.scaledIdentity(dimension, a1);
            inverses[i] = Vectors.scaledIdentity(dimension, 1.0 / a1);
        }
        return new MalerState(1, new double[dimension], new double[dimension], zeros, zeros, matrices, inverses,
                logPriors);
    }

    /**
     * One round: the surrogate losses of every expert at its own point (Algorithm 5, line 6), the new
     * weights, each expert's step (Algorithms 6–8) and the new tilted average.
     *
     * @param gradient g_t at the played point {@code state.point()}; clipped here to ‖g‖ ≤ G if larger
     */
    public MalerState update(MalerState state, double[] gradient) {
        double[] theta = state.point();
        int d = theta.length;
        if (gradient.length != d) {
            throw new IllegalArgumentException("gradient has dimension " + gradient.length + ", expected " + d);
        }
        double[] g = Vectors.projectToBall(gradient.clone(), gradientBound);
        long t = state.step();
        int k = rates.length;
        double G = gradientBound;
        double D = radius;

        double[] logWeights = state.logWeights();
        double[] convex = state.convexExpert();
        double[][] strong = state.strongExperts();
        double[][] expConcave = state.expConcaveExperts();
        double[][] matrices = state.onsMatrices();
        double[][] inverses = state.onsInverses();

        // Surrogate losses at each expert's point (Algorithm 5, line 6).
        double cLoss = -convexRate * Vectors.dot(difference(theta, convex), g)
                + square(2.0 * convexRate * G * D);
        logWeights[0] -= cLoss;
        for (int i = 0; i < k; i++) {
            double eta = rates[i];
            double[] ds = difference(theta, strong[i]);
            logWeights[1 + i] -= -eta * Vectors.dot(ds, g) + eta * eta * G * G * Vectors.dot(ds, ds);
            double[] dl = difference(theta, expConcave[i]);
            double inner = Vectors.dot(dl, g);
            logWeights[1 + k + i] -= -eta * inner + eta * eta * inner * inner;
        }
        double norm = Vectors.logSumExp(logWeights);
        for (int j = 0; j < logWeights.length; j++) {
            logWeights[j] -= norm;
        }

        // Convex expert (Algorithm 6): θ^c ← Π(θ^c − (2D/(η_c G √t)) η_c g).
        double convexStep = 2.0 * D / (G * StrictMath.sqrt(t));
        for (int j = 0; j < d; j++) {
            convex[j] -= convexStep * g[j];
        }
        Vectors.projectToBall(convex, D);

        for (int i = 0; i < k; i++) {
            double eta = rates[i];
            // Strongly convex expert (Algorithm 8): step 1/(2η²G²t) on ∇s = ηg + 2η²G²(θ^s − θ_t).
            double[] s = strong[i];
            double step = 1.0 / (2.0 * eta * eta * G * G * t);
            for (int j = 0; j < d; j++) {
                double grad = eta * g[j] + 2.0 * eta * eta * G * G * (s[j] - theta[j]);
                s[j] -= step * grad;
            }
            Vectors.projectToBall(s, D);

            // Exp-concave expert, ONS (Algorithm 7): ∇ℓ = ηg + 2η²g gᵀ(θ^ℓ − θ_t).
            double[] l = expConcave[i];
            double inner = -Vectors.dot(difference(theta, l), g); // gᵀ(θ^ℓ − θ_t)
            double[] grad = new double[d];
            for (int j = 0; j < d; j++) {
                grad[j] = eta * g[j] + 2.0 * eta * eta * g[j] * inner;
            }
            Vectors.addOuter(matrices[i], grad);
            Vectors.shermanMorrison(inverses[i], grad);
            double[] direction = Vectors.multiply(inverses[i], grad);
            double[] y = new double[d];
            for (int j = 0; j < d; j++) {
                y[j] = l[j] - direction[j] / ONS_ALPHA;
            }
            expConcave[i] = GeneralisedProjection.project(matrices[i], y, D);
        }

        double[] point = tiltedAverage(logWeights, convex, strong, expConcave);
        return new MalerState(t + 1, point, convex, strong, expConcave, matrices, inverses, logWeights);
    }

    /**
     * θ = Σ_j π_j η_j θ_j / Σ_j π_j η_j (Algorithm 5, line 4), with π_j η_j = exp(log π_j + log η_j)
     * rescaled by the largest exponent. A convex combination of points of the ball, so in the ball.
     */
    private double[] tiltedAverage(double[] logWeights, double[] convex, double[][] strong, double[][] expConcave) {
        int k = rates.length;
        int d = convex.length;
        double[] exponents = new double[logWeights.length];
        exponents[0] = logWeights[0] + StrictMath.log(convexRate);
        for (int i = 0; i < k; i++) {
            exponents[1 + i] = logWeights[1 + i] + StrictMath.log(rates[i]);
            exponents[1 + k + i] = logWeights[1 + k + i] + StrictMath.log(rates[i]);
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double e : exponents) {
            max = Math.max(max, e);
        }
        double total = 0.0;
        double[] point = new double[d];
        for (int j = 0; j < exponents.length; j++) {
            double w = StrictMath.exp(exponents[j] - max);
            total += w;
            double[] expert = j == 0 ? convex : j <= k ? strong[j - 1] : expConcave[j - 1 - k];
            for (int m = 0; m < d; m++) {
                point[m] += w * expert[m];
            }
        }
        for (int m = 0; m < d; m++) {
            point[m] /= total;
        }
        return Vectors.projectToBall(point, radius); // rounding only
    }

    private static double[] difference(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] - b[i];
        }
        return c;
    }

    private static double square(double x) {
        return x * x;
    }
}
