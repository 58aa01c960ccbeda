package io.dpbandit.client.capri;

import io.dpbandit.client.kernel.KernelSpec;
import java.util.Arrays;

/**
 * The public part of a CAPRI-LDP epoch plan that a user's device needs to randomise its round:
 * everything here is a function of the public context pool and earlier releases, so sending it
 * costs no privacy. A client fetches it once per epoch
 * ({@code GET /bandits/{id}/epochs/{epoch}/randomiser}) and may cache it: an epoch's plan never
 * changes.
 *
 * <h2>Wire format (JSON object)</h2>
 * <ul>
 *   <li>{@code bandit}, {@code epoch}: whose plan this is.</li>
 *   <li>{@code kernel}: the bandit's kernel spec (as in the bandit's spec).</li>
 *   <li>{@code projectionPoints}: the m joint points w_i = context ++ action features of the
 *       projection set S.</li>
 *   <li>{@code inverseCholesky}: A = L⁻¹ for L Lᵀ = K_SS (+ jitter), m × m row-major, lower
 *       triangular.</li>
 *   <li>{@code contributionBound}: C_r; the contribution y · A k_S(w) is clipped to this norm.</li>
 *   <li>{@code rewardBound}: B; the reward is clipped to [−B, B] first.</li>
 *   <li>{@code epsilon}, {@code delta}: the per-round (ε_r, δ_r) each report is LDP for.</li>
 *   <li>{@code sigma}: the server's σ (Gaussian noise per coordinate). The device uses at least the
 *       analytic calibration for sensitivity 2C_r at (ε_r, δ_r), whatever this says.</li>
 * </ul>
 */
public record CapriRandomiserPlan(String bandit, int epoch, KernelSpec kernel, double[][] projectionPoints,
        double[] inverseCholesky, double contributionBound, double rewardBound, double epsilon, double delta,
        double sigma) {

    public CapriRandomiserPlan {
        if (epoch < 1) {
            throw new IllegalArgumentException("epoch must be >= 1, got " + epoch);
        }
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is required");
        }
        if (projectionPoints == null || projectionPoints.length == 0) {
            throw new IllegalArgumentException("projectionPoints must hold at least one point");
        }
        int m = projectionPoints.length;
        int dimension = projectionPoints[0].length;
        double[][] copy = new double[m][];
        for (int i = 0; i < m; i++) {
            if (projectionPoints[i] == null || projectionPoints[i].length != dimension) {
                throw new IllegalArgumentException("projectionPoints must all have " + dimension + " coordinates");
            }
            copy[i] = finite(projectionPoints[i], "projectionPoints").clone();
        }
        projectionPoints = copy;
        if (inverseCholesky == null || inverseCholesky.length != m * m) {
            throw new IllegalArgumentException("inverseCholesky must hold m * m = " + (m * m) + " numbers");
        }
        inverseCholesky = finite(inverseCholesky, "inverseCholesky").clone();
        positive(contributionBound, "contributionBound");
        positive(rewardBound, "rewardBound");
        positive(epsilon, "epsilon");
        positive(sigma, "sigma");
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must lie in (0, 1), got " + delta);
        }
    }

    /** m, the size of the projection set: the length of every contribution. */
    public int projectionSize() {
        return projectionPoints.length;
    }

    @Override
    public double[][] projectionPoints() {
        double[][] out = new double[projectionPoints.length][];
        for (int i = 0; i < out.length; i++) {
            out[i] = projectionPoints[i].clone();
        }
        return out;
    }

    @Override
    public double[] inverseCholesky() {
        return inverseCholesky.clone();
    }

    /** Read-only access for the randomiser, without copies. */
    double[][] points() {
        return projectionPoints;
    }

    double[] a() {
        return inverseCholesky;
    }

    private static double[] finite(double[] v, String name) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException(name + " must be finite");
            }
        }
        return v;
    }

    private static void positive(double v, String name) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + v);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapriRandomiserPlan p && p.epoch == epoch && java.util.Objects.equals(p.bandit, bandit)
                && p.kernel.equals(kernel) && Arrays.deepEquals(p.projectionPoints, projectionPoints)
                && Arrays.equals(p.inverseCholesky, inverseCholesky)
                && Double.compare(p.contributionBound, contributionBound) == 0
                && Double.compare(p.rewardBound, rewardBound) == 0 && Double.compare(p.epsilon, epsilon) == 0
                && Double.compare(p.delta, delta) == 0 && Double.compare(p.sigma, sigma) == 0;
    }

    @Override
    public int hashCode() {
        return (31 * epoch + Arrays.deepHashCode(projectionPoints)) * 31 + Arrays.hashCode(inverseCholesky);
    }

    @Override
    public String toString() {
        return "CapriRandomiserPlan[bandit=" + bandit + ", epoch=" + epoch + ", m=" + projectionPoints.length
                + ", C_r=" + contributionBound + ", sigma=" + sigma + "]";
    }
}
