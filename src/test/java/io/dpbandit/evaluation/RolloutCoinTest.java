package io.dpbandit.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The rollout's coin is public: it reads the bandit's id and the share, nothing about a user (its
 * signature cannot take a context, a reward or a time), and it lands on the bandit with probability share.
 *
 * <p>Statistical check: n = 200 000 draws per share; the count of BANDIT is Binomial(n, s), and the test
 * allows 6 standard deviations, so a false failure has probability below 2·10⁻⁹ per share.
 */
class RolloutCoinTest {

    @Test
    void theCoinReadsTheBanditAndTheShareOnly() {
        Method[] draws = Arrays.stream(RolloutCoin.class.getDeclaredMethods())
                .filter(m -> java.lang.reflect.Modifier.isPublic(m.getModifiers())).toArray(Method[]::new);
        assertThat(draws).hasSize(1);
        assertThat(draws[0].getParameterTypes()).containsExactly(String.class, double.class);
    }

    @Test
    void itServesTheBanditWithProbabilityShare() {
        RolloutCoin coin = new RolloutCoin();
        int n = 200_000;
        for (double share : new double[] {0.1, 0.5, 0.9}) {
            int bandit = 0;
            for (int i = 0; i < n; i++) {
                bandit += coin.banditServes("b", share) ? 1 : 0;
            }
            double sd = Math.sqrt(n * share * (1 - share));
            assertThat((double) bandit).as("share %s", share).isBetween(n * share - 6 * sd, n * share + 6 * sd);
        }
        for (int i = 0; i < 1_000; i++) {
            assertThat(coin.banditServes("b", 0.0)).as("rolled back: the baseline always").isFalse();
            assertThat(coin.banditServes("b", 1.0)).as("promoted: the bandit always").isTrue();
        }
    }
}
