package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MalerTest {

    private static final double[] MINIMISER = {0.3, -0.4, 0.5};

    /** f(θ) = ‖θ − θ₀‖²: 2-strongly convex, minimised at θ₀ inside the unit ball, ∇f = 2(θ − θ₀). */
    private static double quadratic(double[] theta) {
        double s = 0;
        for (int i = 0; i < theta.length; i++) {
            s += (theta[i] - MINIMISER[i]) * (theta[i] - MINIMISER[i]);
        }
        return s;
    }

    private static double[] quadraticGradient(double[] theta) {
        double[] g = new double[theta.length];
        for (int i = 0; i < g.length; i++) {
            g[i] = 2 * (theta[i] - MINIMISER[i]);
        }
        return g;
    }

    @Test
    void regretOnAFixedQuadraticStaysBelowTheStronglyConvexBoundAndConverges() {
        int horizon = 2000;
        double g = 2 * (1 + Vectors.norm(MINIMISER)); // ‖∇f‖ ≤ 2(D + ‖θ₀‖) on the ball
        Maler maler = new Maler(horizon, 1.0, g);
        MalerState state = maler.start(3);
        double regret = 0;
        for (int t = 1; t <= horizon; t++) {
            double[] theta = state.point();
            regret += quadratic(theta); // f(θ₀) = 0
            state = maler.update(state, quadraticGradient(theta));
        }
        // Thm C.2 without noise (∇L = ∇l, so the martingale term vanishes): (40GD + 18G²/μ)Λ_T, μ = 2.
        double bound = (40 * g + 18 * g * g / 2) * OnlineUcbTheory.lambda(horizon);
        assertThat(regret).isPositive().isLessThan(bound);
        // ... and far below it: logarithmic, not linear, in T.
        assertThat(regret).isLessThan(0.01 * bound);
        assertThat(quadratic(state.point())).isLessThan(1e-3);
    }

    @Test
    void regretWithNoisyGradientsStaysBelowTheBoundAndTheIteratesInTheBall() {
        int horizon = 3000;
        double noise = 0.5;
        double g = 2 * (1 + Vectors.norm(MINIMISER)) + 3 * noise;
        Maler maler = new Maler(horizon, 1.0, g);
        MalerState state = maler.start(3);
        SplittableRandom rng = new SplittableRandom(7);
        double regret = 0;
        for (int t = 1; t <= horizon; t++) {
            double[] theta = state.point();
            assertThat(Vectors.norm(theta)).isLessThanOrEqualTo(1.0 + 1e-12);
            regret += quadratic(theta);
            double[] grad = quadraticGradient(theta);
            for (int i = 0; i < 3; i++) {
                grad[i] += noise * rng.nextGaussian();
            }
            state = maler.update(state, grad);
        }
        double bound = (40 * g + 18 * g * g / 2) * OnlineUcbTheory.lambda(horizon)
                + 32 * g * g * Math.log(1 / 0.01) / 2;
        assertThat(regret).isLessThan(bound);
        assertThat(quadratic(state.point())).isLessThan(0.01);
    }

    @Test
    void weightsStayNormalisedInLogSpaceAndFinite() {
        Maler maler = new Maler(10_000, 1.0, 50.0);
        MalerState state = maler.start(4);
        assertThat(Vectors.logSumExp(state.logWeights())).isCloseTo(0.0, within(1e-12));
        SplittableRandom rng = new SplittableRandom(11);
        for (int t = 0; t < 500; t++) {
            double[] g = new double[4];
            for (int i = 0; i < 4; i++) {
                g[i] = 200 * rng.nextGaussian(); // often above G: clipped inside update
            }
            state = maler.update(state, g);
            assertThat(Vectors.logSumExp(state.logWeights())).isCloseTo(0.0, within(1e-9));
        }
        for (double w : state.logWeights()) {
            assertThat(w).isFinite().isLessThanOrEqualTo(1e-12);
        }
        assertThat(state.step()).isEqualTo(501);
        assertThat(state.logWeights()).hasSize(1 + 2 * Maler.gridSize(10_000));
        assertThat(Vectors.norm(state.point())).isLessThanOrEqualTo(1.0 + 1e-12);
    }

    @Test
    void gridAndPriorsFollowTheSpec() {
        Maler maler = new Maler(20_000, 1.0, 100.0);
        assertThat(Maler.gridSize(20_000)).isEqualTo(8); // ⌈½ log₂ 20000⌉ = ⌈7.14⌉
        assertThat(Maler.gridSize(16)).isEqualTo(2);
        double[] rates = maler.rates();
        assertThat(rates[0]).isCloseTo(0.5 / (5 * 100.0), within(1e-18));
        assertThat(rates[7]).isCloseTo(Math.pow(2, -8) / (5 * 100.0), within(1e-18));
        assertThat(maler.convexRate()).isCloseTo(1 / (4 * 100.0 * Math.sqrt(20_000)), within(1e-18));
        double[] logPriors = maler.start(2).logWeights();
        // π^c = 1/3 before normalisation, π^{η_i} ∝ 1/((i+1)(i+2)): ratio π^c/π^{η_1,s} = 6/C'.
        double cPrime = 1 + 1.0 / 9;
        assertThat(Math.exp(logPriors[0] - logPriors[1])).isCloseTo(6 / cPrime, within(1e-12));
        assertThat(Math.exp(logPriors[1] - logPriors[9])).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void updateLeavesTheGivenStateUnchanged() {
        Maler maler = new Maler(100, 1.0, 10.0);
        MalerState state = maler.update(maler.start(3), new double[] {1, -2, 3});
        MalerState copy = new MalerState(state.step(), state.point(), state.convexExpert(), state.strongExperts(),
                state.expConcaveExperts(), state.onsMatrices(), state.onsInverses(), state.logWeights());
        maler.update(state, new double[] {-4, 5, 0.5});
        assertThat(state).isEqualTo(copy);
    }

    @Test
    void onsInversesTrackTheirMatrices() {
        Maler maler = new Maler(1000, 1.0, 10.0);
        MalerState state = maler.start(3);
        SplittableRandom rng = new SplittableRandom(3);
        for (int t = 0; t < 200; t++) {
            state = maler.update(state, new double[] {10 * rng.nextGaussian(), rng.nextGaussian(), -3});
        }
        double[][] a = state.onsMatrices();
        double[][] inv = state.onsInverses();
        for (int k = 0; k < a.length; k++) {
            for (int i = 0; i < 3; i++) {
                double[] column = {inv[k][i], inv[k][3 + i], inv[k][6 + i]};
                double[] product = Vectors.multiply(a[k], column);
                for (int j = 0; j < 3; j++) {
                    assertThat(product[j]).isCloseTo(i == j ? 1.0 : 0.0, within(1e-9));
                }
            }
        }
    }

    @Test
    void generalisedProjectionMinimisesTheQuadraticOverTheBall() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int trial = 0; trial < 20; trial++) {
            double[] b = new double[9];
            for (int i = 0; i < 9; i++) {
                b[i] = rng.nextGaussian();
            }
            double[] a = new double[9]; // A = BᵀB + 0.1 I, symmetric positive definite
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    for (int k = 0; k < 3; k++) {
                        a[i * 3 + j] += b[k * 3 + i] * b[k * 3 + j];
                    }
                }
                a[i * 3 + i] += 0.1;
            }
            double[] y = {3 * rng.nextGaussian(), 3 * rng.nextGaussian(), 3 * rng.nextGaussian()};
            double[] theta = GeneralisedProjection.project(a, y, 1.0);
            assertThat(Vectors.norm(theta)).isLessThanOrEqualTo(1.0 + 1e-12);
            double best = Vectors.quadratic(a, minus(theta, y));
            for (int s = 0; s < 2000; s++) {
                double[] z = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
                Vectors.projectToBall(z, rng.nextDouble());
                assertThat(Vectors.quadratic(a, minus(z, y))).isGreaterThanOrEqualTo(best - 1e-9);
            }
        }
        double[] inside = {0.1, 0.2, -0.3};
        assertThat(GeneralisedProjection.project(Vectors.scaledIdentity(3, 2), inside, 1.0)).containsExactly(inside);
    }

    @Test
    void gradientDescentUsesTheStronglyConvexOrTheConvexRate() {
        GradientDescent strong = new GradientDescent(1.0, 10.0, 0.5, 2.0);
        assertThat(strong.rate(3)).isCloseTo(1 / (0.5 * 5), within(1e-15));
        GradientDescent convex = new GradientDescent(1.0, 10.0, 0.0, 0.0);
        assertThat(convex.rate(4)).isCloseTo(2.0 / (10 * 2), within(1e-15));
        GradientDescentState state = strong.update(strong.start(2), new double[] {-100, 0});
        assertThat(state.point()[0]).isCloseTo(1.0, within(1e-12)); // clipped to G, stepped, projected
        assertThat(state.step()).isEqualTo(2);
    }

    private static double[] minus(double[] a, double[] b) {
        double[] c = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] - b[i];
        }
        return c;
    }
}
