package io.dpbandit.policy.onlineucb;

import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Model selection over guesses of λ_min (OnlineUCB paper, Algorithm 2, after Cutkosky et al. 2020's bandit
 * combiner), as a pure {@link SequentialPolicy}. It removes the need to know λ_min (unknown λ_min,
 * docs/papers.md): M = ⌈(1/8) log₂ T⌉ + 1 OnlineUCB base learners, base 1 the anytime Algorithm 9
 * (λ_min = T^{−1/8}, k = 1/8) and base i ≥ 2 Algorithm 1 with λ_i = 2^{i−1}/T^{1/8}. Each round the
 * server picks the active base with the largest index
 * <pre>
 * U(i) = μ̂^i + min{1, [L_i n^{α_i} + p√(n(1+σ²) ln(T³M log n (1+σ²)/α))]/n} − R_i/T,  n = T(i, t−1),
 * </pre>
 * (untried bases first), that base serves the decision and its ticket, and only that base folds the
 * report. After each report base i is dropped if Σ_τ (μ̂^i_{τ−1} − ỹ^i_τ) ≥ L_i n^{α_i} + p√(…) (step 6,
 * read as the noisy rewards ỹ of base i, [reconstructed], docs/papers.md); the last active base is never
 * dropped.
 *
 * <p>Constants of Thm 4.1 with the open P, P′, p of {@link CombinerConfig}; log is natural, "log T(i,t)"
 * inside the logarithm is taken at max(n, 2) so it is defined from the first report. Everything here
 * reads only the reports' noisy values, so privacy is that of the reports.
 */
public final class PrivateBanditsCombiner implements SequentialPolicy<CombinerState, OnlineUcbReport> {

    private final CombinerConfig config;
    private final List<OnlineUcb> bases;
    private final double[] scales;     // L_i
    private final double[] exponents;  // α_i
    private final double[] penalties;  // R_i
    private final double rewardVariance;
    private final double logTerm;      // T³M/α, multiplied by log n (1+σ²) inside the confidence term

    public PrivateBanditsCombiner(CombinerConfig config) {
        this.config = config;
        OnlineUcbConfig base = config.base();
        int m = config.baseCount();
        double horizon = base.horizon();
        double root8 = StrictMath.pow(horizon, 0.125);
        this.bases = new ArrayList<>(m);
        bases.add(new OnlineUcb(base.withConditioning(1.0 / root8, null, 0.125), 1));
        for (int i = 2; i <= m; i++) {
            bases.add(new OnlineUcb(base.withConditioning(StrictMath.scalb(1.0, i - 1) / root8, 1.0 / root8, 0.0), i));
        }
        double epsilon = base.randomiser().epsilon();
        double d = base.dimension();
        double log15 = StrictMath.pow(StrictMath.log(horizon), 1.5);
        double sqrtDT = StrictMath.sqrt(d * horizon);
        double[] rates = new double[m];
        this.scales = new double[m];
        this.exponents = new double[m];
        rates[0] = epsilon * root8 / (sqrtDT * (config.regretScale() * log15 * epsilon * root8 + 1));
        scales[0] = config.regretScale() * log15 * StrictMath.sqrt(d) * (epsilon * root8 + 1) / (epsilon * root8);
        exponents[0] = 0.75;
        for (int i = 2; i <= m; i++) {
            double lambda = StrictMath.scalb(1.0, i - 1) / root8;
            rates[i - 1] = epsilon / (config.regretScaleBase() * log15 * sqrtDT);
            scales[i - 1] = config.regretScaleBase() * log15 * StrictMath.sqrt(d) / (epsilon * lambda);
            exponents[i - 1] = 0.5;
        }
        double failure = base.failureProbability();
        this.penalties = new double[m];
        for (int i = 0; i < m; i++) {
            double a = exponents[i];
            double c = StrictMath.pow(1 - a, (1 - a) / a) * StrictMath.pow(1 + a, 1 / a) / StrictMath.pow(a, (1 - a) / a);
            double others = 0;
            for (int k = 0; k < m; k++) {
                if (k != i) {
                    others += 1 / rates[k];
                }
            }
            penalties[i] = scales[i] * StrictMath.pow(horizon, a)
                    + c * StrictMath.pow(scales[i], 1 / a) * horizon * StrictMath.pow(rates[i], (1 - a) / a)
                    + 288 * StrictMath.log(horizon * horizon * horizon * m / failure) * horizon * rates[i]
                    + others;
        }
        double sigma = base.randomiser().rewardSigma();
        this.rewardVariance = sigma * sigma;
        this.logTerm = horizon * horizon * horizon * m / failure;
    }

    public CombinerConfig config() {
        return config;
    }

    /** The base learners (base i at index i − 1). */
    public List<OnlineUcb> bases() {
        return List.copyOf(bases);
    }

    /** R_i of Thm 4.1 (a copy), for provenance and tests. */
    public double[] penalties() {
        return penalties.clone();
    }

    public CombinerState start() {
        int m = bases.size();
        List<OnlineUcbState> states = new ArrayList<>(m);
        for (OnlineUcb base : bases) {
            states.add(base.start());
        }
        boolean[] active = new boolean[m];
        java.util.Arrays.fill(active, true);
        return new CombinerState(states, new long[m], new double[m], new double[m], active, 0);
    }

    /** i_t (1-based): the active base with the largest U(i, t−1), untried bases first, ties to the lowest. */
    public int selectedBase(CombinerState state) {
        long[] counts = state.counts();
        double[] sums = state.rewardSums();
        boolean[] active = state.active();
        int best = -1;
        double bestIndex = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < counts.length; i++) {
            if (!active[i]) {
                continue;
            }
            double u = counts[i] == 0 ? Double.POSITIVE_INFINITY : index(i, counts[i], sums[i] / counts[i]);
            if (u > bestIndex) {
                bestIndex = u;
                best = i;
            }
        }
        return best + 1;
    }

    /** U(i, t−1) for a base tried n ≥ 1 times with noisy mean μ̂. */
    double index(int i, long n, double mean) {
        return mean + Math.min(1.0, threshold(i, n) / n) - penalties[i] / config.base().horizon();
    }

    /** L_i n^{α_i} + p√(n(1+σ²) ln(T³M log n (1+σ²)/α)). */
    double threshold(int i, long n) {
        double v = n * (1 + rewardVariance);
        double inner = logTerm * StrictMath.log(Math.max(n, 2)) * (1 + rewardVariance);
        return scales[i] * StrictMath.pow(n, exponents[i]) + config.p() * StrictMath.sqrt(v * StrictMath.log(inner));
    }

    /** The ticket of the selected base (its θ, Δ, round, and its number as {@code base}). */
    public OnlineUcbTicket ticket(CombinerState state) {
        int i = selectedBase(state);
        return bases.get(i - 1).ticket(state.bases().get(i - 1));
    }

    @Override
    public Choice decide(CombinerState state, double[][] candidates, RandomGenerator rng) {
        int i = selectedBase(state);
        return bases.get(i - 1).decide(state.bases().get(i - 1), candidates, rng);
    }

    @Override
    public CombinerState fold(CombinerState state, List<OnlineUcbReport> batch, NoiseSource noise) {
        CombinerState current = state;
        for (OnlineUcbReport report : batch) {
            current = fold(current, report);
        }
        return current;
    }

    /** Folds one report into the base it names (steps 3–6); the other bases are frozen. */
    public CombinerState fold(CombinerState state, OnlineUcbReport report) {
        int i = report.base() - 1;
        if (i < 0 || i >= bases.size()) {
            throw new IllegalArgumentException("report names base " + report.base() + "; this combiner has bases 1.."
                    + bases.size());
        }
        List<OnlineUcbState> states = new ArrayList<>(state.bases());
        states.set(i, bases.get(i).fold(states.get(i), report));
        long[] counts = state.counts();
        double[] sums = state.rewardSums();
        double[] statistics = state.statistics();
        boolean[] active = state.active();
        double previousMean = counts[i] == 0 ? 0.0 : sums[i] / counts[i];
        counts[i]++;
        sums[i] += report.noisyReward();
        statistics[i] += previousMean - report.noisyReward();
        if (active[i] && statistics[i] >= threshold(i, counts[i]) && activeCount(active) > 1) {
            active[i] = false;
        }
        return new CombinerState(states, counts, sums, statistics, active, state.round() + 1);
    }

    private static int activeCount(boolean[] active) {
        int n = 0;
        for (boolean a : active) {
            if (a) {
                n++;
            }
        }
        return n;
    }
}
