package io.dpbandit.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the kernel-package JMH benchmarks with a small budget: 1 fork, 2 warm-up and 3 measurement
 * iterations of 1 s (an operation longer than 1 s runs once per iteration), average time in ms.
 *
 * <pre>
 * java -cp "target/test-classes:target/classes:$(cat cp.txt)" io.dpbandit.bench.BenchmarkMain [regex] [m,m,...]
 * </pre>
 *
 * {@code regex} selects benchmarks (default: all of {@link EpochLinearAlgebraBenchmark}); the optional
 * second argument overrides the projection sizes, e.g. {@code 250,500}.
 */
public final class BenchmarkMain {

    private BenchmarkMain() {
    }

    public static void main(String[] args) throws RunnerException {
        String include = args.length > 0 ? args[0] : EpochLinearAlgebraBenchmark.class.getSimpleName();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(include)
                .forks(1)
                .warmupIterations(2)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(3)
                .measurementTime(TimeValue.seconds(1))
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.MILLISECONDS);
        if (args.length > 1) {
            options.param("m", args[1].split(","));
        }
        new Runner(options.build()).run();
    }
}
