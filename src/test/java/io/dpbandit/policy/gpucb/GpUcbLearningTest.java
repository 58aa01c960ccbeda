package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * GP-UCB with quadrature features learns on a small problem in Dubey 2021's style: every round a fresh
 * decision set of K = 10 uniform points of [0,1]², mean reward f(x) = 0.1 + 0.8·exp(−‖x − x*‖²/(2·0.3²)),
 * Bernoulli rewards y ∈ {0, 1} (Y = 1, the GP's zero prior mean, as in the paper), T = 1500 rounds,
 * m̄ = 6 (M = 72), ℓ = 0.7 (Thm 2's ε_qff = 7.6e-4 on [0,1]², small enough for the radius' t·B·ε term),
 * λ = ρ² = 0.25, radius scale 0.1.
 *
 * <p>Why these assertions cannot fail by chance: every random stream (x*, decision sets, rewards, tie
 * breaks, privacy noise) comes from a fixed seed and the algorithm is deterministic given them, so each
 * run replays bit for bit. The margins were set from the spread over seeds 1–6, so that they also
 * survive harmless changes to the streams: uniform play loses 0.33–0.37 per round; non-private
 * GP-UCB 0.008–0.011 (≤ 0.031 of uniform, asserted &lt; 0.1 of uniform); JDP with the engineered configuration at
 * α = 1, β = 0.1 0.060–0.110 (≤ 0.33 of uniform, asserted &lt; 0.5 of uniform).
 */
@Tag("learning")
class GpUcbLearningTest {

    static final int ROUNDS = 1500;
    static final int K = 10;

    /** Mean per-round pseudo-regret; {@code model} null: uniform play. */
    static double regretPerRound(GpUcbConfig.Model model, long seed) {
        SplittableRandom world = new SplittableRandom(seed);
        double[] optimum = {0.2 + 0.6 * world.nextDouble(), 0.2 + 0.6 * world.nextDouble()};
        SplittableRandom sets = new SplittableRandom(seed * 31 + 1);
        SplittableRandom rewards = new SplittableRandom(seed * 31 + 2);
        SplittableRandom ties = new SplittableRandom(seed * 31 + 3);
        NoiseSource noise = new SeededNoiseSource(seed * 31 + 4);
        GpUcb policy = model == null ? null : new GpUcb(config(model == GpUcbConfig.Model.JDP
                ? GpUcbConfig.Privacy.jdp(1.0, 0.1) : GpUcbConfig.Privacy.none()));
        GpUcbState state = policy == null ? null : policy.start(noise);
        double regret = 0;
        for (int t = 0; t < ROUNDS; t++) {
            double[][] points = new double[K][];
            double best = 0;
            for (int k = 0; k < K; k++) {
                points[k] = new double[] {sets.nextDouble(), sets.nextDouble()};
                best = Math.max(best, mean(points[k], optimum));
            }
            int a = policy == null ? ties.nextInt(K) : policy.decide(state, points, ties).index();
            double f = mean(points[a], optimum);
            regret += best - f;
            double y = rewards.nextDouble() < f ? 1.0 : 0.0;
            if (policy != null) {
                state = policy.fold(state, List.of(new GpUcbObservation(points[a], y)), noise);
            }
        }
        return regret / ROUNDS;
    }

    static GpUcbConfig config(GpUcbConfig.Privacy privacy) {
        return GpUcbConfig.engineered(6, 0.7, BoxDomain.unitCube(2), ROUNDS, privacy, 0.25, 0.5, 1.0, 0.1, 1.0, 1.0,
                0.1);
    }

    static double mean(double[] x, double[] optimum) {
        double dx = x[0] - optimum[0];
        double dy = x[1] - optimum[1];
        return 0.1 + 0.8 * Math.exp(-(dx * dx + dy * dy) / (2 * 0.09));
    }

    @Test
    void jdpAndNonPrivateGpUcbBeatUniformPlayByAClearMargin() {
        for (long seed = 1; seed <= 2; seed++) {
            double uniform = regretPerRound(null, seed);
            double nonPrivate = regretPerRound(GpUcbConfig.Model.NONE, seed);
            double jdp = regretPerRound(GpUcbConfig.Model.JDP, seed);
            assertThat(uniform).isBetween(0.25, 0.45);
            assertThat(nonPrivate).isLessThan(0.1 * uniform);
            assertThat(jdp).isLessThan(0.5 * uniform);
            assertThat(nonPrivate).isLessThan(jdp); // privacy costs regret
        }
    }
}
