package io.dpbandit.policy.onlineucb;

/**
 * Projected online gradient descent on the ball ‖θ‖ ≤ D: θ_{t+1} = Π_D(θ_t − η_t g_t), the fast learner
 * the OnlineUCB paper reports as empirically equivalent to Maler (§5) [open].
 *
 * <ul>
 *   <li>μ &gt; 0 (strongly convex expected loss, μ = 2(λ_min + Δ²)): η_t = 1/(μ(t + t₀)) (t₀ = 0 is the
 *       textbook rate; a t₀ &gt; 0 damps the first steps, which otherwise jump to the boundary).</li>
 *   <li>μ = 0: η_t = 2D/(G√t), Zinkevich's rate for diameter 2D (Maler's convex expert).</li>
 * </ul>
 */
public final class GradientDescent {

    private final double radius;
    private final double gradientBound;
    private final double strongConvexity;
    private final double offset;

    /**
     * @param radius          D
     * @param gradientBound   G; gradients are clipped to ‖g‖ ≤ G
     * @param strongConvexity μ ≥ 0
     * @param offset          t₀ ≥ 0 (used only when μ &gt; 0)
     */
    public GradientDescent(double radius, double gradientBound, double strongConvexity, double offset) {
        if (!(radius > 0) || !(gradientBound > 0) || !(strongConvexity >= 0) || !(offset >= 0)
                || Double.isInfinite(radius) || Double.isInfinite(gradientBound)
                || Double.isInfinite(strongConvexity) || Double.isInfinite(offset)) {
            throw new IllegalArgumentException("need D > 0, G > 0, mu >= 0 and t0 >= 0, all finite");
        }
        this.radius = radius;
        this.gradientBound = gradientBound;
        this.strongConvexity = strongConvexity;
        this.offset = offset;
    }

    public GradientDescentState start(int dimension) {
        return new GradientDescentState(1, new double[dimension]);
    }

    /** η_t. */
    public double rate(long t) {
        return strongConvexity > 0
                ? 1.0 / (strongConvexity * (t + offset))
                : 2.0 * radius / (gradientBound * StrictMath.sqrt(t));
    }

    public GradientDescentState update(GradientDescentState state, double[] gradient) {
        double[] theta = state.point();
        if (gradient.length != theta.length) {
            throw new IllegalArgumentException("gradient has dimension " + gradient.length + ", expected "
                    + theta.length);
        }
        double[] g = Vectors.projectToBall(gradient.clone(), gradientBound);
        double eta = rate(state.step());
        for (int i = 0; i < theta.length; i++) {
            theta[i] -= eta * g[i];
        }
        return new GradientDescentState(state.step() + 1, Vectors.projectToBall(theta, radius));
    }
}
