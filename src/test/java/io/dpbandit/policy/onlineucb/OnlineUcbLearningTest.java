package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.SequentialPolicy.Choice;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.sim.env.LinearBernoulliEnvironment;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * OnlineUCB learns in the OnlineUCB paper's setting (§5: K = 100 arms, d = 5, θ* and the arms of norm 1 with a
 * 1/√2 last entry, Bernoulli rewards, T = 20 000) with the engineered defaults and δ = 0.1, as the full
 * protocol runs it: decide on the server, randomise on the client, fold the report.
 *
 * <p>What is compared: the pseudo-regret Σ_t (max_a μ_a − μ_{a_t}) summed over the first ten seeds, against
 * uniform play's expected regret T·(max_a μ_a − mean_a μ_a) on the same environments (exact, no sampling).
 *
 * <p>Why it cannot fail by chance: every random stream is seeded (environment, rewards, tie-breaking and
 * the client's noise), so the run is one fixed computation; the assertion fails only if the code changes.
 * The margin is what the problem allows. At ε = 1 the joint release adds σ = 3.07 to every coordinate of
 * (x, y), and the arms are fixed (the service's catalogue), so the played arms concentrate and lock-in on a
 * poor arm happens on some seeds: over 40 seeds OnlineUCB's regret was 0.83–0.85 of uniform play's, the
 * same as greedy play on the batch errors-in-variables estimate (0.83), with single seeds between 0.35 and
 * 1.6. On seeds 1–10 it is 0.83; the test asks for ≤ 0.9. At ε = 10 (σ = 0.80) it is 0.25 on seeds 1–5;
 * the test asks for ≤ 0.4.
 */
@Tag("learning")
class OnlineUcbLearningTest {

    private static final int HORIZON = 20_000;

    /** Σ over seeds of (OnlineUCB regret, uniform play's expected regret). */
    private static double[] regrets(double epsilon, int seeds) {
        double online = 0;
        double uniform = 0;
        for (int seed = 1; seed <= seeds; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            LinearBernoulliEnvironment env = new LinearBernoulliEnvironment(100, 5, rng);
            double[] context = new double[0];
            double[][] arms = env.actionFeatures().toArray(new double[0][]);
            double best = env.bestMeanReward(context);
            double mean = 0;
            for (int a = 0; a < arms.length; a++) {
                mean += env.meanReward(context, a) / arms.length;
            }
            OnlineUcb policy = new OnlineUcb(OnlineUcbConfig.engineered(5, epsilon, 0.1, HORIZON));
            OnlineUcbRandomiser client = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
            SeededNoiseSource noise = new SeededNoiseSource(1000 + seed);
            OnlineUcbState state = policy.start();
            for (int t = 0; t < HORIZON; t++) {
                Choice choice = policy.decide(state, arms, rng);
                double reward = env.sampleReward(context, choice.index(), rng);
                online += best - env.meanReward(context, choice.index());
                state = policy.fold(state,
                        List.of(client.randomise(arms[choice.index()], policy.ticket(state), reward, noise)), noise);
            }
            uniform += HORIZON * (best - mean);
        }
        return new double[] {online, uniform};
    }

    @Test
    void engineeredOnlineUcbAtEpsilonOneBeatsUniformPlay() {
        double[] r = regrets(1.0, 10);
        assertThat(r[0]).isLessThan(0.9 * r[1]);
    }

    @Test
    void engineeredOnlineUcbAtEpsilonTenLearnsMostOfTheWay() {
        double[] r = regrets(10.0, 5);
        assertThat(r[0]).isLessThan(0.4 * r[1]);
    }
}
