package io.dpbandit.sim.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class EnvironmentsTest {

    @Test
    void benchmarkFunctionsHaveTheirKnownMinima() {
        // Six-hump camelback: f(0.0898, -0.7126) = -1.0316 (Molga & Smutnicki 2005).
        double u = (0.0898 + 3) / 6;
        double v = (-0.7126 + 2) / 4;
        assertThat(BenchmarkFunction.CAMELBACK.atUnitSquare(u, v)).isCloseTo(-1.0316, within(1e-4));
        // Styblinski-Tang in 2-d: min -39.16617 per coordinate at x = -2.903534.
        double s = (-2.903534 + 5) / 10;
        assertThat(BenchmarkFunction.STYBLINSKI_TANG.atUnitSquare(s, s)).isCloseTo(-78.33234, within(1e-4));
        // Michalewicz m = 10 in 2-d: min -1.8013 at (2.20, 1.57).
        assertThat(BenchmarkFunction.MICHALEWICZ.atUnitSquare(2.20 / Math.PI, 1.57 / Math.PI))
                .isCloseTo(-1.8013, within(1e-3));
    }

    @Test
    void benchmarkEnvironmentRewardsTheFunctionsMinimumMost() {
        var env = new BenchmarkFunctionEnvironment(BenchmarkFunction.CAMELBACK, 20, 30, new SplittableRandom(7));
        var rng = new SplittableRandom(8);
        for (double[] c : env.publicContexts().finiteSupport().orElseThrow()) {
            for (int a = 0; a < env.actionFeatures().size(); a++) {
                double mean = env.meanReward(c, a);
                assertThat(mean).isBetween(0.0, 1.0);
                double y = env.sampleReward(c, a, rng);
                assertThat(y == 0.0 || y == 1.0).isTrue();
            }
            int best = env.bestAction(c);
            double fBest = BenchmarkFunction.CAMELBACK.atUnitSquare(c[0], env.actionFeatures().get(best)[0]);
            for (int a = 0; a < env.actionFeatures().size(); a++) {
                assertThat(BenchmarkFunction.CAMELBACK.atUnitSquare(c[0], env.actionFeatures().get(a)[0]))
                        .isGreaterThanOrEqualTo(fBest);
            }
        }
    }

    @Test
    void kernelEnvironmentMeansSpanExactlyZeroToOneOverThePool() {
        var env = new KernelBumpEnvironment(50, 20, 10, 0.3, 0.1, new SplittableRandom(1));
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] c : env.publicContexts().finiteSupport().orElseThrow()) {
            for (int a = 0; a < 20; a++) {
                lo = Math.min(lo, env.meanReward(c, a));
                hi = Math.max(hi, env.meanReward(c, a));
            }
        }
        assertThat(lo).isCloseTo(0.0, within(1e-12));
        assertThat(hi).isCloseTo(1.0, within(1e-12));
    }

    @Tag("statistical")
    @Test
    void kernelEnvironmentRewardsAreClippedAndUnbiasedInTheInterior() {
        var env = new KernelBumpEnvironment(10, 5, 6, 0.3, 0.1, new SplittableRandom(2));
        double[] c = env.publicContexts().finiteSupport().orElseThrow().get(0);
        int a = 0;
        double mean = env.meanReward(c, a);
        var rng = new SplittableRandom(3);
        int n = 200_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double y = env.sampleReward(c, a, rng);
            assertThat(y).isBetween(0.0, 1.0);
            sum += y;
        }
        // Clipping moves the mean only near the ends; allow that plus 6 standard errors
        // (false-failure rate below 1e-8 for the sampling part).
        double clipBias = 0.1 * Math.exp(-0.5 * Math.pow(Math.min(mean, 1 - mean) / 0.1, 2));
        assertThat(Math.abs(sum / n - mean)).isLessThan(clipBias + 6 * 0.1 / Math.sqrt(n));
    }

    @Test
    void linearEnvironmentFollowsPaper004Geometry() {
        var env = new LinearBernoulliEnvironment(100, 5, new SplittableRandom(4));
        assertThat(env.actionFeatures()).hasSize(100);
        for (double[] x : env.actionFeatures()) {
            double norm2 = 0;
            for (double v : x) {
                norm2 += v * v;
            }
            assertThat(norm2).isCloseTo(1.0, within(1e-12));
            assertThat(x[4]).isCloseTo(Math.sqrt(0.5), within(1e-15));
        }
        for (int a = 0; a < 100; a++) {
            assertThat(env.meanReward(new double[0], a)).isBetween(0.0, 1.0);
        }
        assertThat(env.publicContexts().dimension()).isZero();
    }

    @Test
    void sameSeedGivesTheSameWorld() {
        var a = new KernelBumpEnvironment(5, 4, 3, 0.3, 0.1, new SplittableRandom(9));
        var b = new KernelBumpEnvironment(5, 4, 3, 0.3, 0.1, new SplittableRandom(9));
        double[] c = a.publicContexts().finiteSupport().orElseThrow().get(2);
        for (int i = 0; i < 4; i++) {
            assertThat(a.meanReward(c, i)).isEqualTo(b.meanReward(c, i));
        }
    }
}
