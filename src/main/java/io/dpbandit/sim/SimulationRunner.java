package io.dpbandit.sim;

import io.dpbandit.sim.env.Environment;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;

/**
 * Runs policies × ε × seeds on an environment, in parallel, reporting each finished run on
 * {@code progress} with an estimate of the time left. Results come back in a fixed order
 * (policy in the catalogue's order, ε, seed) whatever order the runs finish in.
 */
public final class SimulationRunner {

    /** One cell of the grid. */
    public record Job(SimulatedPolicy policy, double epsilon, long seed) {
    }

    private final LongFunction<Environment> environments;
    private final int horizon;
    private final SimulationSettings settings;
    private final int threads;
    private final PrintStream progress;
    private final List<String> order;

    /**
     * @param environments builds the environment for a seed (the seed fixes the world)
     * @param order        the labels in the order results are listed (the policies' catalogue order)
     */
    public SimulationRunner(LongFunction<Environment> environments, int horizon, SimulationSettings settings,
            int threads, PrintStream progress, List<String> order) {
        this.order = List.copyOf(order);
        this.environments = environments;
        this.horizon = horizon;
        this.settings = settings;
        this.threads = Math.max(1, threads);
        this.progress = progress;
    }

    /**
     * The grid; a policy that ignores ε (uniform play, non-private LinUCB) is the same for every ε,
     * so it runs once per seed, at ε = ∞.
     */
    public static List<Job> grid(List<SimulatedPolicy> policies, List<Double> epsilons, int seeds) {
        return grid(policies, epsilons, seeds, 1);
    }

    /** The grid over seeds firstSeed, ..., firstSeed + seeds − 1 (so a long table can run in parts). */
    public static List<Job> grid(List<SimulatedPolicy> policies, List<Double> epsilons, int seeds, long firstSeed) {
        List<Job> jobs = new ArrayList<>();
        for (SimulatedPolicy p : policies) {
            List<Double> eps = p.usesEpsilon() ? epsilons : List.of(Double.POSITIVE_INFINITY);
            for (double e : eps) {
                for (long s = firstSeed; s < firstSeed + seeds; s++) {
                    jobs.add(new Job(p, e, s));
                }
            }
        }
        return jobs;
    }

    public List<RunResult> run(List<Job> jobs) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger done = new AtomicInteger();
        long started = System.nanoTime();
        try {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (Job job : jobs) {
                futures.add(pool.submit(() -> {
                    RunResult r = new Simulation(environments.apply(job.seed()), job.policy(), job.epsilon(),
                            job.seed(), horizon, settings).run();
                    int n = done.incrementAndGet();
                    double elapsed = (System.nanoTime() - started) / 1e9;
                    double eta = elapsed / n * (jobs.size() - n);
                    progress.printf(Locale.ROOT, "[%d/%d] %-24s eps=%-5s seed=%d regret=%.1f (%.1fs, about %.0fs left)%n",
                            n, jobs.size(), r.policy(), ResultWriter.eps(r.epsilon()), r.seed(),
                            r.curve().finalRegret(), r.seconds(), eta);
                    return r;
                }));
            }
            List<RunResult> results = new ArrayList<>();
            for (Future<RunResult> f : futures) {
                results.add(f.get());
            }
            results.sort(Comparator.comparing((RunResult r) -> rank(r.policy()))
                    .thenComparingDouble(RunResult::epsilon).thenComparingLong(RunResult::seed));
            return results;
        } catch (ExecutionException e) {
            throw new IllegalStateException("a simulated run failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Where a label comes in the results: its place in the order, unknown labels last. */
    private int rank(String label) {
        int i = order.indexOf(label);
        return i < 0 ? order.size() : i;
    }
}
