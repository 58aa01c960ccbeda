package io.dpbandit.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.sim.capri.CapriPolicyTestSupport;
import io.dpbandit.sim.env.Environment;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * Returning users and the accountant in the simulator: a user's learning rounds are capped at k
 * under unit USER exactly as the service caps them, a population changes no other draw, and the
 * accountant's default follows the service's. Fixed seeds throughout.
 */
class ReturningUsersTest {

    /** The service's default accountant for engineered CAPRI, PARALLEL epochs (k &gt; 1 composes only in zCDP). */
    static final SimulationSettings SETTINGS = SettingsFixture.withAccountant(LearningTest.SETTINGS, Accountant.ZCDP);

    static Environment world(long seed) {
        return LearningTest.gap(seed);
    }

    @Test
    void aUserPastKLearningRoundsNeverEntersAnEpochSum() {
        int k = 3;
        UserPopulation heavy = new UserPopulation(40, 1.1, UserPopulation.Unit.USER, k);
        Map<Integer, Integer> learned = new HashMap<>();
        int[] total = new int[1];
        RunResult r = new Simulation(world(3), SettingsFixture.policy("capri"), 4.0, 3, 3_000, SETTINGS.withPopulation(heavy))
                .withLearningLog((round, user) -> {
                    learned.merge(user, 1, Integer::sum);
                    total[0]++;
                }).run();

        assertThat(learned.values()).as("learning rounds per user").isNotEmpty().allSatisfy(n -> assertThat(n)
                .isBetween(1, k));
        assertThat(r.users().heaviestUserRounds()).as("the cap was tested: some user came back more than k times")
                .isGreaterThan(k);
        assertThat(r.users().heaviestUserLearning()).isEqualTo(k);
        assertThat(r.users().learningRounds()).isEqualTo(total[0]).isLessThanOrEqualTo((long) k * 40);
        assertThat(r.users().rounds()).isEqualTo(3_000);
        assertThat(r.curve().horizon()).as("regret counts every round, learning or not").isEqualTo(3_000);
    }

    @Test
    void userLevelWithOneRoundPerUserAndNoReturningUserIsRoundLevel() {
        // N = 2·10⁹ users drawn uniformly, T = 3 000: no user comes twice in this seeded run (checked
        // below), so every round of a learning epoch learns, and k = 1 is calibrated as one round.
        UserPopulation vast = new UserPopulation(2_000_000_000, 0, UserPopulation.Unit.USER, 1);
        SimulationSettings sequential = SettingsFixture.withAccountant(SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1,
                1e-5, 1e-4, 1.0, 1000, 500, 50, CapriConfig.EpochComposition.SEQUENTIAL), Accountant.ZCDP);
        int[] roundLevel = new int[1];
        int[] userLevel = new int[1];
        RunResult rounds = new Simulation(world(4), SettingsFixture.policy("capri"), 4.0, 4, 3_000, sequential)
                .withLearningLog((t, u) -> roundLevel[0]++).run();
        RunResult users = new Simulation(world(4), SettingsFixture.policy("capri"), 4.0, 4, 3_000, sequential.withPopulation(vast))
                .withLearningLog((t, u) -> userLevel[0]++).run();

        assertThat(users.users().usersSeen()).as("precondition: every round a different user").isEqualTo(3_000);
        assertThat(userLevel[0]).as("learning rounds").isEqualTo(roundLevel[0]).isPositive();
        assertThat(users.users().learningRounds()).isEqualTo(roundLevel[0]);
        assertThat(users.curve().cumulativeRegret()).containsExactly(rounds.curve().cumulativeRegret());
        assertThat(users.epochs()).isEqualTo(rounds.epochs());
    }

    @Test
    void aRoundLevelPopulationChangesNoDrawOfTheRun() {
        UserPopulation counted = new UserPopulation(50, 1.1, UserPopulation.Unit.ROUND, 1);
        RunResult plain = new Simulation(world(5), SettingsFixture.policy("capri"), 2.0, 5, 4_000, SETTINGS).run();
        RunResult withUsers = new Simulation(world(5), SettingsFixture.policy("capri"), 2.0, 5, 4_000,
                SETTINGS.withPopulation(counted)).run();

        assertThat(plain.users()).isNull();
        assertThat(withUsers.curve().cumulativeRegret()).containsExactly(plain.curve().cumulativeRegret());
        assertThat(withUsers.epochs()).isEqualTo(plain.epochs());
        assertThat(withUsers.users().heaviestUserLearning()).as("round-level: a heavy user learns on every visit")
                .isGreaterThan(1);
    }

    @Test
    void userLevelCalibratesCapriOnTheGroupOfKRounds() {
        UserPopulation five = new UserPopulation(100, 0, UserPopulation.Unit.USER, 5);
        Simulation one = new Simulation(world(6), SettingsFixture.policy("capri"), 4.0, 6, 2_000, SETTINGS);
        Simulation group = new Simulation(world(6), SettingsFixture.policy("capri"), 4.0, 6, 2_000, SETTINGS.withPopulation(five));
        assertThat(CapriPolicyTestSupport.config(one).privacy().groupSize()).isEqualTo(1);
        assertThat(CapriPolicyTestSupport.config(group).privacy().groupSize()).isEqualTo(5);
        RunResult a = one.run();
        RunResult b = group.run();
        // Same public plan for the first epoch, so the same C_1: the noise is k times larger.
        assertThat(b.epochs().get(0).noiseSigma()).isCloseTo(5 * a.epochs().get(0).noiseSigma(),
                within(1e-9 * a.epochs().get(0).noiseSigma()));
    }

    @Test
    void theAccountantDefaultsAsTheServiceDoes() {
        SimulationSettings unset = SettingsFixture.withAccountant(SETTINGS, null);
        assertThat(CapriPolicyTestSupport.accountant(unset, SettingsFixture.policy("capri"))).isEqualTo(Accountant.EXACT);
        assertThat(CapriPolicyTestSupport.accountant(unset, SettingsFixture.policy("capri-ldp"))).isEqualTo(Accountant.EXACT);
        assertThat(CapriPolicyTestSupport.accountant(unset, SettingsFixture.policy("capri-paper"))).as("tuning PAPER keeps the papers' accounting")
                .isEqualTo(Accountant.BASIC);
        assertThat(CapriPolicyTestSupport.accountant(SettingsFixture.withAccountant(unset, Accountant.ZCDP), SettingsFixture.policy("capri-paper"))).isEqualTo(Accountant.ZCDP);
        assertThat(CapriPolicyTestSupport.accountant(LearningTest.SETTINGS, SettingsFixture.policy("capri"))).as("settings built as before stay BASIC")
                .isEqualTo(Accountant.BASIC);
    }

    @Test
    void zcdpGivesSequentialReleasesLessNoiseThanBasicComposition() {
        SimulationSettings sequential = SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1, 1e-5, 1e-4, 1.0, 1000, 500,
                50, CapriConfig.EpochComposition.SEQUENTIAL);
        RunResult basic = new Simulation(world(7), SettingsFixture.policy("capri"), 1.0, 7, 5_000, sequential).run();
        RunResult zcdp = new Simulation(world(7), SettingsFixture.policy("capri"), 1.0, 7, 5_000,
                SettingsFixture.withAccountant(sequential, Accountant.ZCDP)).run();
        double ratio = zcdp.epochs().get(0).noiseSigma() / basic.epochs().get(0).noiseSigma();
        assertThat(ratio).as("sigma zCDP / sigma basic, epoch 1 (same plan)").isLessThan(0.5).isPositive();
    }

    @Test
    void zipfDrawsFollowTheirLawAndSkewZeroIsUniform() {
        int n = 20;
        double s = 1.1;
        int draws = 200_000;
        int[] counts = new int[n];
        IntSupplier zipf = new UserPopulation(n, s, UserPopulation.Unit.ROUND, 1).draws(new SplittableRandom(11));
        for (int i = 0; i < draws; i++) {
            counts[zipf.getAsInt()]++;
        }
        double norm = 0;
        for (int i = 1; i <= n; i++) {
            norm += Math.pow(i, -s);
        }
        for (int i = 0; i < n; i++) {
            double p = Math.pow(i + 1, -s) / norm;
            double se = Math.sqrt(p * (1 - p) / draws);
            assertThat((double) counts[i] / draws).as("P(user %d)", i).isCloseTo(p, within(4.5 * se));
        }
        IntSupplier uniform = new UserPopulation(n, 0, UserPopulation.Unit.ROUND, 1).draws(new SplittableRandom(11));
        SplittableRandom same = new SplittableRandom(11);
        for (int i = 0; i < 100; i++) {
            assertThat(uniform.getAsInt()).isEqualTo(same.nextInt(n));
        }
        IntSupplier huge = new UserPopulation(Integer.MAX_VALUE, 1.1, UserPopulation.Unit.ROUND, 1)
                .draws(new SplittableRandom(12));
        for (int i = 0; i < 1_000; i++) {
            assertThat(huge.getAsInt()).isBetween(0, Integer.MAX_VALUE - 1);
        }
    }
}
