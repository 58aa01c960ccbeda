package io.dpbandit.policy.capri;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.policy.UniformBoxGenerator;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Wall time of one CAPRI epoch close (noise + release + planning the next epoch: drawing S and
 * R, accumulating K_SR K_RS over all T_r points, factoring M, the support maxima) at
 * T_r = 10⁴, 10⁵, 10⁶ with projection cap 1000. A benchmark that prints figures, not a test:
 * <pre>
 *   mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=cp.txt -Dmdep.includeScope=test
 *   java -cp target/test-classes:target/classes:$(cat cp.txt) io.dpbandit.policy.capri.EpochCloseBenchmark [pool|box] [--one-core] [T_r ...]
 * </pre>
 * It also times the plan's costly stages (drawing the support, S and R, whose contexts are checked
 * against the active sets of the released models; accumulating M over R; the maxima over the support)
 * and CAPRI's fold of 4 000 rounds with fresh contexts, one round at a time and in batches.
 * {@code --one-core} keeps EJML on one thread, as the service's lifecycle does.
 * "pool" draws contexts from a public pool of 50 (support 50 × 20 actions: R has at most 1000
 * distinct points, so accumulation is O(T_r) draws + O(1000 m²)); "box" draws continuous contexts
 * (every point of R distinct: O(T_r m²)).
 */
public final class EpochCloseBenchmark {

    private EpochCloseBenchmark() {
    }

    public static void main(String[] args) {
        String kind = args.length > 0 ? args[0] : "pool";
        List<Integer> lengths = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--one-core")) {
                // As in the service, whose lifecycle leaves the other cores to the requests.
                org.ejml.concurrency.EjmlConcurrency.USE_CONCURRENT = false;
            } else {
                lengths.add(Integer.parseInt(args[i]));
            }
        }
        if (lengths.isEmpty()) {
            lengths = List.of(10_000, 100_000, 1_000_000);
        }
        SplittableRandom rng = new SplittableRandom(42);
        List<double[]> actions = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            actions.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        List<double[]> pool = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            pool.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        ContextGenerator contexts = kind.equals("box") ? new UniformBoxGenerator(2, 0, 1) : new PublicPoolGenerator(pool);
        CapriConfig config = CapriConfig.engineered(10 * lengths.get(lengths.size() - 1), actions, KernelSpec.rbf(0.3),
                10, 1.0, new CapriConfig.Privacy(CapriConfig.Model.JDP, 1, 1e-5), 3e-4, 1.0);
        Capri capri = new Capri(config, contexts);
        EpochPlanner planner = new EpochPlanner(config, capri.kernel(), contexts);
        System.out.printf(Locale.ROOT, "%-5s %10s %6s %12s %11s %14s %12s %16s %16s%n", "kind", "T_r", "|S|", "close (s)",
                "draws (s)", "accumulate (s)", "maxima (s)", "fold each (r/s)", "fold batch (r/s)");
        // Warm-up: one small plan so the JIT has compiled the hot loops.
        planner.plan(1, 2000, 0, capri.elimination(List.of()), rng);
        for (int length : lengths) {
            EpochPlan plan = planner.plan(1, length, 0, capri.elimination(List.of()), rng);
            CapriState full = capri.fold(capri.open(plan, List.of()), new double[plan.projectionSize()], length);
            // The old close: release, then plan a next epoch of the same length T_r (to time one size).
            long start = System.nanoTime();
            Capri.Release release = capri.release(full, new SeededNoiseSource(7));
            // The plan in the service's bounded steps, timed per stage.
            EpochPlanner.PlanningJob job = planner.begin(2, length, length, capri.elimination(release.models()), rng, 0);
            java.util.Map<String, Long> stages = new java.util.HashMap<>();
            while (!job.done()) {
                String stage = job.stage();
                long stepStart = System.nanoTime();
                job.step(0);
                stages.merge(stage, System.nanoTime() - stepStart, Long::sum);
            }
            EpochPlan next = job.result();
            double seconds = (System.nanoTime() - start) / 1e9;
            // The fold of 4 000 settled rounds with fresh contexts, one addTo per round and in
            // the service's batches of 2 000 (ContributionCalculator.addAll).
            List<ContributionCalculator.Round> rounds = new ArrayList<>();
            for (int t = 0; t < 4_000; t++) {
                double[] c = contexts.draw(rng);
                rounds.add(new ContributionCalculator.Round(c, rng.nextInt(actions.size()), rng.nextDouble()));
            }
            double[] g = new double[next.projectionSize()];
            ContributionCalculator each = capri.contributions(next);
            long foldStart = System.nanoTime();
            rounds.forEach(r -> each.addTo(g, r.context(), r.action(), r.reward()));
            double eachRate = rounds.size() / ((System.nanoTime() - foldStart) / 1e9);
            ContributionCalculator batch = capri.contributions(next);
            foldStart = System.nanoTime();
            batch.addAll(g, rounds.subList(0, 2_000));
            batch.addAll(g, rounds.subList(2_000, 4_000));
            double batchRate = rounds.size() / ((System.nanoTime() - foldStart) / 1e9);
            System.out.printf(Locale.ROOT, "%-5s %10d %6d %12.2f %11.2f %14.2f %12.2f %16.0f %16.0f%n", kind, length,
                    next.projectionSize(), seconds, (stages.getOrDefault("SUPPORT", 0L) + stages.getOrDefault("DRAW_S", 0L)
                            + stages.getOrDefault("DRAW_R", 0L)) / 1e9, stages.getOrDefault("ACCUMULATE", 0L) / 1e9,
                    stages.getOrDefault("MAXIMA", 0L) / 1e9, eachRate, batchRate);
        }
    }
}
