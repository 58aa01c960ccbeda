package io.dpbandit.sim;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.MedianLengthScale;
import io.dpbandit.sim.env.Environment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Tuning shared by the simulated policies, and each algorithm's own section (a record of its
 * package, {@code sim.<name>}), kept by type so that the kit names none of them.
 *
 * @param kernel          kernel on the joint (context, action) vector
 * @param regularization  τ
 * @param delta           privacy δ
 * @param checkpoints     points on each regret curve
 * @param batch           rounds per fold of the linear policies (1: each round is folded before
 *                        the next decision; b: one fold, hence one tree leaf, per b rounds)
 * @param rewardBound     B the policies clip to (NaN: the environment's own bound)
 * @param population      returning users and the privacy unit; null: every round a new user,
 *                        round-level privacy (the simulator before user-level privacy)
 * @param epochLinear     the choices of {@code linucb-epochs} ({@link EpochLinearSettings}); null: its defaults
 * @param lengthScaleRule how the kernel gets its length scale (null: FIXED)
 * @param sections        each algorithm's section by its type; an absent one takes the algorithm's defaults
 */
public record SimulationSettings(KernelSpec kernel, double regularization, double delta, int checkpoints, int batch,
        double rewardBound, UserPopulation population, EpochLinearSettings epochLinear, LengthScaleRule lengthScaleRule,
        Map<Class<?>, Object> sections) {

    /**
     * How the kernel of the policies on the raw joint point gets its length scale: FIXED, the {@code kernel}
     * given; MEDIAN, an RBF kernel whose length scale is the median distance between the joint points of the
     * run's public pool × actions ({@link MedianLengthScale}), computed per run from public inputs only.
     */
    public enum LengthScaleRule { FIXED, MEDIAN }

    public SimulationSettings {
        if (lengthScaleRule == null) {
            lengthScaleRule = LengthScaleRule.FIXED;
        }
        if (epochLinear == null) {
            epochLinear = EpochLinearSettings.defaults();
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1, got " + batch);
        }
        sections = Map.copyOf(sections == null ? Map.of() : sections);
    }

    /** Round-level settings, linear policies folding every round, the environment's reward bound, no sections. */
    public static SimulationSettings of(KernelSpec kernel, double regularization, double delta, int checkpoints) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, 1, Double.NaN, null, null, null,
                Map.of());
    }

    /** An algorithm's section: the one set, else its defaults. */
    public <T> T section(Class<T> type, Supplier<T> defaults) {
        Object s = sections.get(type);
        return s == null ? defaults.get() : type.cast(s);
    }

    /** The same settings with {@code section} (an algorithm's record) in place of the one of its type. */
    public SimulationSettings with(Object section) {
        Map<Class<?>, Object> s = new HashMap<>(sections);
        s.put(section.getClass(), section);
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, rewardBound, population,
                epochLinear, lengthScaleRule, s);
    }

    /** The same settings with another batch. */
    public SimulationSettings withBatch(int b) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, b, rewardBound, population,
                epochLinear, lengthScaleRule, sections);
    }

    /** The same settings with another reward bound (NaN: the environment's). */
    public SimulationSettings withRewardBound(double b) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, b, population,
                epochLinear, lengthScaleRule, sections);
    }

    /** The same settings with another rule for the kernel's length scale. */
    public SimulationSettings withLengthScaleRule(LengthScaleRule rule) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, rewardBound, population,
                epochLinear, rule, sections);
    }

    /** The same settings with other {@code linucb-epochs} choices. */
    public SimulationSettings withEpochLinear(EpochLinearSettings e) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, rewardBound, population,
                e, lengthScaleRule, sections);
    }

    /** The same settings with returning users (null: none). */
    public SimulationSettings withPopulation(UserPopulation p) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, rewardBound, p,
                epochLinear, lengthScaleRule, sections);
    }

    /** The kernel in a world whose public pool is {@code pool}. */
    public KernelSpec kernel(List<double[]> pool, List<double[]> actionFeatures) {
        return lengthScaleRule == LengthScaleRule.MEDIAN
                ? KernelSpec.rbf(MedianLengthScale.of(pool, actionFeatures)) : kernel;
    }

    /** The kernel of the policies on the raw joint point in {@code env}: the one given, or the median rule's. */
    public KernelSpec kernel(Environment env) {
        if (lengthScaleRule == LengthScaleRule.FIXED) {
            return kernel;
        }
        List<double[]> pool = env.publicContexts().finiteSupport().orElseThrow(() -> new IllegalArgumentException(
                "the median length scale needs a finite public pool"));
        return kernel(pool, env.actionFeatures());
    }

    /** k, the rounds one protected unit contributes at most (1 without a population or for ROUND). */
    public int groupSize() {
        return population == null ? 1 : population.groupSize();
    }

    /** B for an environment: the override, or the environment's own bound. */
    public double rewardBound(double environmentBound) {
        return Double.isNaN(rewardBound) ? environmentBound : rewardBound;
    }
}
