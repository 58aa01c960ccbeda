package io.dpbandit.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.Contribution;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Privacy must hold for whatever contexts users send: finite but huge contexts, tiny and subnormal
 * ones, for every kernel type. Both papers bound one round's influence (CAPRI: a contribution of
 * norm ≤ C_r, sensitivity 2C_r; USCA: |ω_t σ(w_t)| ≤ sup σ, sensitivity 2B sup σ · max σ); these
 * tests check the bounds on the inputs that broke them before (a (1e160, 1e160) context made
 * USCA's σ² NaN and its weight 1; a (1e308, 1e308) context made a CAPRI contribution NaN).
 */
class AdversarialContextPrivacyTest {

    static final List<double[]> POOL = List.of(new double[] {0.1, 0.2}, new double[] {0.7, 0.4},
            new double[] {0.5, 0.9}, new double[] {0.9, 0.1});
    static final List<double[]> ACTIONS = List.of(new double[] {0.0}, new double[] {0.5}, new double[] {1.0});
    /** ‖w‖² ≤ 3 on the declared domain [0, 1]³ of w = (c, x). */
    static final double N = 3.0;
    static final double EPSILON = 1.0;

    static Stream<KernelSpec> kernels() {
        return Stream.of(KernelSpec.rbf(0.5), KernelSpec.matern12(0.5), KernelSpec.matern32(0.5),
                KernelSpec.matern52(0.5), KernelSpec.linear(), KernelSpec.linearMaxNorm(N),
                KernelSpec.polynomial(2, 1.0), KernelSpec.polynomialMaxNorm(2, 1.0, N));
    }

    /** The contexts of the review, and random huge, tiny and subnormal ones. */
    static List<double[]> adversarialContexts() {
        List<double[]> contexts = new ArrayList<>(List.of(new double[] {1e160, 1e160}, new double[] {1e308, 1e308},
                new double[] {-Double.MAX_VALUE, Double.MAX_VALUE}, new double[] {Double.MIN_VALUE, 0},
                new double[] {0, 0}, new double[] {1e-300, -1e-300}));
        Random rng = new Random(21);
        for (int i = 0; i < 200; i++) {
            double[] c = new double[2];
            for (int j = 0; j < 2; j++) {
                double magnitude = switch (rng.nextInt(4)) {
                    case 0 -> Double.MIN_VALUE * (1 + rng.nextInt(1000));
                    case 1 -> Math.scalb(1.0 + rng.nextDouble(), -1020 + rng.nextInt(1000));
                    case 2 -> rng.nextDouble();
                    default -> Math.scalb(1.0 + rng.nextDouble(), 10 + rng.nextInt(1013));
                };
                c[j] = rng.nextBoolean() ? magnitude : -magnitude;
            }
            contexts.add(c);
        }
        return contexts;
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void capriContributionsAreFiniteAndWithinTheirBoundForEveryContext(KernelSpec kernel) {
        Capri capri = new Capri(CapriConfig.engineered(400, ACTIONS, kernel, 1.0, 1.0,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, EPSILON, 1e-5), 1e-3, 1.0),
                new PublicPoolGenerator(POOL));
        CapriState state = capri.start(new SplittableRandom(5));
        ContributionCalculator contributions = capri.contributions(state.plan());
        double bound = state.plan().contributionBound();
        assertThat(bound).isFinite().isPositive();
        Contribution benign = contributions.contribution(POOL.get(0), 1, 1.0);
        for (double[] c : adversarialContexts()) {
            for (int action = 0; action < ACTIONS.size(); action++) {
                for (double reward : new double[] {1.0, -1.0, 1e300}) {
                    Contribution g = contributions.contribution(c, action, reward);
                    assertThat(Arrays.stream(g.vector()).allMatch(Double::isFinite)).as("finite contribution at %s",
                            Arrays.toString(c)).isTrue();
                    assertThat(norm(g.vector())).as("‖g‖ at %s", Arrays.toString(c)).isLessThanOrEqualTo(bound);
                    // Neighbouring datasets (this round against a benign one) differ by at most 2C_r.
                    assertThat(norm(minus(g.vector(), benign.vector()))).isLessThanOrEqualTo(2 * bound);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void uscaWeightsAreFiniteAndANeighbouringRoundMovesTheReleaseByAtMostEpsilon(KernelSpec kernel) {
        Usca usca = new Usca(new UscaConfig(40, ACTIONS, kernel, 1.0, 1.0, EPSILON, 30, 5000),
                new PublicPoolGenerator(POOL));
        UscaState start = usca.start(new SplittableRandom(6));
        for (double[] c : adversarialContexts()) {
            for (int action = 0; action < ACTIONS.size(); action++) {
                var round = usca.contribution(start.plan(), c, action, 1.0);
                assertThat(round.weight()).as("ω at %s", Arrays.toString(c)).isFinite().isBetween(0.0, 1.0);
                assertThat(round.value()).isFinite();
            }
        }
        // Neighbouring datasets: 40 benign rounds, against the same rounds with the last one replaced
        // by the review's adversarial round.
        Random rng = new Random(7);
        List<JointPoint> points = new ArrayList<>();
        double[] values = new double[40];
        for (int t = 0; t < 40; t++) {
            double[] c = POOL.get(rng.nextInt(POOL.size()));
            int a = rng.nextInt(ACTIONS.size());
            points.add(new JointPoint(c, a));
            values[t] = usca.contribution(start.plan(), c, a, rng.nextDouble()).value();
        }
        for (double[] adversarial : List.of(new double[] {1e160, 1e160}, new double[] {1e308, 1e308},
                new double[] {-1e200, 3e150})) {
            List<JointPoint> neighbourPoints = new ArrayList<>(points);
            double[] neighbourValues = values.clone();
            neighbourPoints.set(39, new JointPoint(adversarial, 1));
            neighbourValues[39] = usca.contribution(start.plan(), adversarial, 1, 1.0).value();
            var estimator = usca.estimator(usca.fold(start, points, values));
            var neighbour = usca.estimator(usca.fold(start, neighbourPoints, neighbourValues));
            for (double[] c : POOL) {
                double[] p = usca.release(estimator, c, new SeededNoiseSource(1)).logProbabilities();
                double[] q = usca.release(neighbour, c, new SeededNoiseSource(1)).logProbabilities();
                for (int a = 0; a < p.length; a++) {
                    assertThat(p[a]).isFinite();
                    assertThat(Math.abs(p[a] - q[a])).as("log-probability ratio of action %d at %s", a,
                            Arrays.toString(c)).isLessThanOrEqualTo(EPSILON * (1 + 1e-9));
                }
            }
        }
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    private static double[] minus(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }
}
