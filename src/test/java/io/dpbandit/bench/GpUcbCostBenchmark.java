package io.dpbandit.bench;

import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.policy.gpucb.GpUcb;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.policy.gpucb.GpUcbObservation;
import io.dpbandit.policy.gpucb.GpUcbState;
import io.dpbandit.policy.gpucb.LocalGpUcb;
import io.dpbandit.policy.gpucb.LocalGpUcbState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Per-round cost of private GP-UCB with quadrature Fourier features (Dubey 2021) at the feature sizes the
 * simulator uses: a JMH-free timing loop (the O(M³) fold dominates and runs for milliseconds, so
 * System.nanoTime over a few hundred calls after a warm-up is precise enough). For each m̄ (d = 2,
 * M = 2m̄²) it prints the mean time of
 * <ul>
 *   <li>{@code decide}: K = 20 candidates (QFF map, ⟨θ̃, Φ⟩ and a triangular solve each);</li>
 *   <li>{@code fold JDP}: one observation into one tree leaf (node noise of (M+1)(M+2)/2 Gaussians,
 *       the prefix release, V_t's Cholesky factor, θ̃ and ln det);</li>
 *   <li>{@code fold non-private}: the same without noise;</li>
 *   <li>{@code randomise}: the local-JDP client's report (M(M+1)/2 + M Gaussians);</li>
 *   <li>{@code fold local}: adding one report to the sums and the snapshot.</li>
 * </ul>
 *
 * <pre>
 * java -cp "target/test-classes:target/classes:$(cat cp.txt)" \
 *     io.dpbandit.bench.GpUcbCostBenchmark [m̄,m̄,...] [rounds]
 * </pre>
 * Defaults: m̄ = 6, 8, 10, 12 and 300 measured rounds after 100 warm-up rounds per size, after one
 * unprinted pass over the smallest size to warm up the JIT. One caller thread (EJML may still use its
 * pool inside the Cholesky factorisation from M = 100 on, as it does in the simulator).
 */
public final class GpUcbCostBenchmark {

    private static final int CANDIDATES = 20;
    private static final int HORIZON = 10_000;

    private GpUcbCostBenchmark() {
    }

    public static void main(String[] args) {
        int[] orders = args.length > 0
                ? java.util.Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {6, 8, 10, 12};
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int warmup = 100;
        // A first pass over the smallest size warms up the JIT for every code path; it is not printed.
        decide(orders[0], warmup, rounds);
        foldCentral(orders[0], GpUcbConfig.Privacy.jdp(1.0, 0.1), warmup, rounds);
        foldCentral(orders[0], GpUcbConfig.Privacy.none(), warmup, rounds);
        randomise(orders[0], warmup, rounds);
        foldLocal(orders[0], warmup, rounds);
        System.out.printf(Locale.ROOT, "%5s %6s %12s %14s %18s %14s %14s%n", "m-bar", "M", "decide ms",
                "fold JDP ms", "fold non-priv ms", "randomise ms", "fold local ms");
        for (int order : orders) {
            System.out.printf(Locale.ROOT, "%5d %6d %12.3f %14.3f %18.3f %14.3f %14.3f%n", order, 2 * order * order,
                    decide(order, warmup, rounds), foldCentral(order, GpUcbConfig.Privacy.jdp(1.0, 0.1), warmup, rounds),
                    foldCentral(order, GpUcbConfig.Privacy.none(), warmup, rounds), randomise(order, warmup, rounds),
                    foldLocal(order, warmup, rounds));
        }
    }

    static GpUcbConfig config(int order, GpUcbConfig.Privacy privacy) {
        return GpUcbConfig.engineered(order, 0.5, BoxDomain.unitCube(2), HORIZON, privacy, 1.0, 0.5, 1.0, 0.1, 1.0,
                1.0, 0.05);
    }

    private static double[] point(SplittableRandom rng) {
        return new double[] {rng.nextDouble(), rng.nextDouble()};
    }

    private static double decide(int order, int warmup, int rounds) {
        GpUcb policy = new GpUcb(config(order, GpUcbConfig.Privacy.jdp(1.0, 0.1)));
        NoiseSource noise = new SeededNoiseSource(1);
        SplittableRandom rng = new SplittableRandom(2);
        GpUcbState state = policy.start(noise);
        for (int i = 0; i < 20; i++) {
            state = policy.fold(state, List.of(new GpUcbObservation(point(rng), rng.nextInt(2))), noise);
        }
        double[][] candidates = new double[CANDIDATES][];
        long elapsed = 0;
        int sink = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            for (int k = 0; k < CANDIDATES; k++) {
                candidates[k] = point(rng);
            }
            long start = System.nanoTime();
            sink += policy.decide(state, candidates, rng).index();
            if (i >= warmup) {
                elapsed += System.nanoTime() - start;
            }
        }
        return sink < 0 ? -1 : elapsed / 1e6 / rounds;
    }

    private static double foldCentral(int order, GpUcbConfig.Privacy privacy, int warmup, int rounds) {
        GpUcb policy = new GpUcb(config(order, privacy));
        NoiseSource noise = new SeededNoiseSource(3);
        SplittableRandom rng = new SplittableRandom(4);
        GpUcbState state = policy.start(noise);
        long elapsed = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            List<GpUcbObservation> batch = List.of(new GpUcbObservation(point(rng), rng.nextInt(2)));
            long start = System.nanoTime();
            state = policy.fold(state, batch, noise);
            if (i >= warmup) {
                elapsed += System.nanoTime() - start;
            }
        }
        return elapsed / 1e6 / rounds;
    }

    private static double randomise(int order, int warmup, int rounds) {
        LocalGpUcb policy = new LocalGpUcb(config(order, GpUcbConfig.Privacy.localJdp(1.0, 0.1)));
        GpUcbRandomiser client = new GpUcbRandomiser(policy.clientParameters(), PrivacyFloor.NONE);
        NoiseSource noise = new SeededNoiseSource(5);
        SplittableRandom rng = new SplittableRandom(6);
        long elapsed = 0;
        double sink = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            double[] phi = policy.features(point(rng));
            long start = System.nanoTime();
            sink += client.randomise(phi, rng.nextInt(2), noise).gramSigma();
            if (i >= warmup) {
                elapsed += System.nanoTime() - start;
            }
        }
        return sink < 0 ? -1 : elapsed / 1e6 / rounds;
    }

    private static double foldLocal(int order, int warmup, int rounds) {
        LocalGpUcb policy = new LocalGpUcb(config(order, GpUcbConfig.Privacy.localJdp(1.0, 0.1)));
        GpUcbRandomiser client = new GpUcbRandomiser(policy.clientParameters(), PrivacyFloor.NONE);
        NoiseSource noise = new SeededNoiseSource(7);
        SplittableRandom rng = new SplittableRandom(8);
        LocalGpUcbState state = policy.start();
        long elapsed = 0;
        for (int i = 0; i < warmup + rounds; i++) {
            GpUcbReport report = client.randomise(policy.features(point(rng)), rng.nextInt(2), noise);
            long start = System.nanoTime();
            state = policy.fold(state, List.of(report), noise);
            if (i >= warmup) {
                elapsed += System.nanoTime() - start;
            }
        }
        return elapsed / 1e6 / rounds;
    }
}
