package io.dpbandit.policy.linucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.policy.planning.PlanReport;
import org.junit.jupiter.api.Test;

/**
 * The LINUCB forecast against the simulator, on PerActionLinUcbTest's disjoint world: the forecast
 * says after how many learning rounds the private model resolves a gap; the simulation's regret
 * must be near uniform play's well before that and well below it after.
 *
 * <p>Every stream is seeded and the algorithm deterministic, so the runs replay exactly; the
 * margins come from the measured figures in the test's comment.
 */
class LinearForecastTest {

    static final int K = PerActionLinUcbTest.K;
    static final int DC = PerActionLinUcbTest.DC;

    /** Per-round regret in consecutive windows of {@code window} rounds (null config: uniform). */
    static double[] windows(LinUcbConfig config, int rounds, int window, long seed) {
        return PerActionLinUcbTest.windows(PerActionLinUcbTest.perRound(config == null ? PerActionLinUcbTest.uniform()
                : PerActionLinUcbTest.tree(new LinUcb(config)), rounds, seed), window);
    }

    /**
     * Measured when written (seeds 1–3, per-round regret of the private model over uniform play's, in
     * windows of 2 000 rounds): 0.91, 0.77, 0.61, 0.49, 0.54, 0.44, then 0.29–0.40 up to 40 000 rounds.
     * The forecast for this world's typical gap (0.5) says about 22 000 rounds. Asserted: the first
     * window that ends before a tenth of the forecast is above 0.8 of uniform, and every window after
     * the forecast is below 0.5 of it.
     */
    @Test
    void theForecastSaysWhenThePrivateModelBeatsUniformPlay() {
        int horizon = 40000;
        LinUcbConfig config = PerActionLinUcbTest.config(horizon, 1.0, LinUcbConfig.Regulariser.SHIFT)
                .withLeafRounds(10);
        PlanReport report = LinearForecast.plan(new LinUcb(config), 0.5);
        LinearForecast f = report.forecast(LinearForecast.class);
        assertThat(report.algorithm()).isEqualTo("LINUCB");
        assertThat(f.blocks()).isEqualTo(K);
        assertThat(f.blockDimension()).isEqualTo(DC);
        assertThat(f.points()).extracting(io.dpbandit.policy.planning.Point::scoreError)
                .isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(f.roundsToResolve()).as("%s", f).isNotNull().isBetween(2000L, (long) horizon);
        int window = 2000;
        double[] uniform = new double[horizon / window];
        double[] priv = new double[horizon / window];
        for (long seed = 1; seed <= 3; seed++) {
            double[] u = windows(null, horizon, window, seed);
            double[] p = windows(config, horizon, window, seed);
            for (int i = 0; i < u.length; i++) {
                uniform[i] += u[i];
                priv[i] += p[i];
            }
        }
        long early = f.roundsToResolve() / 10;
        assertThat(early).isGreaterThanOrEqualTo(window);
        assertThat(priv[0] / uniform[0]).as("before a tenth of the forecast").isGreaterThan(0.8);
        for (int i = (int) (f.roundsToResolve() / window); i < uniform.length; i++) {
            assertThat(priv[i] / uniform[i]).as("window %d, after the forecast", i).isLessThan(0.5);
        }
    }

    @Test
    void aGapTooSmallForTheHorizonIsSaidPlainly() {
        LinUcbConfig config = PerActionLinUcbTest.config(1000, 0.5, LinUcbConfig.Regulariser.SHIFT);
        PlanReport report = LinearForecast.plan(new LinUcb(config), 0.01);
        assertThat(report.forecast(LinearForecast.class).roundsToResolve()).isNull();
        assertThat(report.notes()).anyMatch(n -> n.contains("not expected to resolve a gap of 0.01"));
    }
}
