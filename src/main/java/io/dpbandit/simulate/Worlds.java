package io.dpbandit.simulate;

import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.sim.env.BenchmarkFunction;
import io.dpbandit.sim.env.BenchmarkFunctionEnvironment;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.FreshArmsBernoulliEnvironment;
import io.dpbandit.sim.env.KernelBumpEnvironment;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.LinearBernoulliEnvironment;
import io.dpbandit.sim.env.LinearGapEnvironment;
import io.dpbandit.sim.env.MulticlassEnvironment;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/** The simulated worlds of {@code simulate --env} and {@code plan --env}, by name, each fixed by its seed. */
final class Worlds {

    private Worlds() {
    }

    /** The papers' K: 100 arms in the OnlineUCB paper's linear world, K = d² = 25 in Shariff & Sheffet 2018's; 20 elsewhere. */
    static int defaultActions(String envName) {
        return switch (envName) {
            case "linear", "linear-fresh" -> 100;
            case "linear-gap" -> 25;
            default -> 20;
        };
    }

    /** {@code --env multiclass}: the data set with {@code heldOut} rows as the public pool, chosen by the seed. */
    static LongFunction<Environment> multiclass(LabelledData data, int heldOut, JointFeatureMap featureMap) {
        return seed -> new MulticlassEnvironment(data, heldOut, featureMap, new SplittableRandom(seed));
    }

    /** The world of {@code --env NAME} for a seed. */
    static LongFunction<Environment> environments(String name, int pool, int actions, int bumps, double lengthScale,
            double noise, int dimension, double gap) {
        return switch (name) {
            case "kernel" -> seed -> new KernelBumpEnvironment(pool, actions, bumps, lengthScale, noise,
                    new SplittableRandom(seed));
            case "linear" -> seed -> new LinearBernoulliEnvironment(actions, dimension, new SplittableRandom(seed));
            case "linear-gap" -> seed -> new LinearGapEnvironment(dimension, actions, gap, new SplittableRandom(seed));
            case "linear-fresh" -> seed -> new FreshArmsBernoulliEnvironment(actions, dimension,
                    new SplittableRandom(seed));
            case "camelback", "styblinski-tang", "michalewicz" -> seed -> new BenchmarkFunctionEnvironment(
                    BenchmarkFunction.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_')), pool, actions,
                    new SplittableRandom(seed));
            default -> throw new IllegalArgumentException("unknown environment '" + name + "'");
        };
    }
}
