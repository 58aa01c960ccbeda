package io.dpbandit.policy.capri;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * CAPRI (CAPRI paper, Algorithm 1; its steps are listed in docs/papers.md) as pure functions over
 * {@link CapriState}: start, decide, fold contributions, close an epoch. Nothing here touches a
 * database or a clock; the service and the simulator call the same functions.
 */
public final class Capri {

    private final CapriConfig config;
    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final EpochSchedule schedule;
    private final EpochPlanner planner;
    private final int contextDimension;

    public Capri(CapriConfig config, ContextGenerator contexts) {
        this.contextDimension = contexts.dimension();
        this.config = config;
        this.kernel = config.kernel().toKernel();
        this.actionFeatures = config.actionFeatures().toArray(double[][]::new);
        this.schedule = EpochSchedule.forConfig(config);
        this.planner = new EpochPlanner(config, kernel, contexts);
    }

    public CapriConfig config() {
        return config;
    }

    public Kernel kernel() {
        return kernel;
    }

    public EpochSchedule schedule() {
        return schedule;
    }

    /** Step 1–5 for epoch 1: X_1(c) = X, T_1 = ⌈√T⌉. {@code publicRng} draws S and R (public). */
    public CapriState start(RandomGenerator publicRng) {
        return open(plan(1, List.of(), publicRng), List.of());
    }

    /**
     * Steps 2–5 (and the width of step 8) for epoch {@code epoch}, whose active sets the released
     * models give: public work only, post-processing of earlier releases. Its length and first
     * round come from the {@link #schedule()}.
     */
    public EpochPlan plan(int epoch, List<ReleasedModel> models, RandomGenerator publicRng) {
        return planning(epoch, models, publicRng, 0).runToEnd();
    }

    /** The same plan as a job advanced in bounded steps (the service plans in the background). */
    public EpochPlanner.PlanningJob planning(int epoch, List<ReleasedModel> models, RandomGenerator publicRng,
            int firstCholeskyAttempt) {
        return planner.begin(epoch, schedule.plannedLength(epoch), schedule.startRound(epoch), elimination(models),
                publicRng, firstCholeskyAttempt);
    }

    /** Epoch {@code plan.epoch()} opened with its plan and an empty accumulator. */
    public CapriState open(EpochPlan plan, List<ReleasedModel> models) {
        return new CapriState(plan, new double[plan.projectionSize()], 0, plan.startRound(), models);
    }

    /**
     * Checks that the configured noise calibration can give the per-epoch (ε, δ) at all, before any
     * epoch is planned (the paper's σ_0 cannot above a per-epoch ε of about 1): its validity depends
     * on σ/sensitivity only, not on the epoch's bounds. Throws IllegalArgumentException otherwise.
     */
    public void checkNoiseCalibration() {
        new EpochNoiseCalibrator(config).calibrate(1.0, 1.0);
    }

    /**
     * The most a bandit of this configuration can spend over its horizon, in zCDP ρ: the sum of its
     * releases' ρ (each release's ρ is a function of its (ε_r, δ_r) only, whatever C_r the plan
     * finds: σ is calibrated on the sensitivity it covers). What a shared budget reserves for it.
     */
    public double committedRho() {
        return new EpochNoiseCalibrator(config).committedRho();
    }

    /** Active sets for any context, by chaining the released models. */
    public Elimination elimination(List<ReleasedModel> models) {
        return new Elimination(kernel, actionFeatures, models);
    }

    /** The action for a context: uniform over X_r(c) (Algorithm 1 line "play x_t ~ Unif(X_r(c_t))"). */
    public Decision decide(Elimination activeSets, int epoch, double[] context, RandomGenerator rng) {
        checkContext(context);
        return decide(activeSets.activeSet(context), epoch, rng);
    }

    /** The same, from an active set the caller already has (e.g. cached per context). */
    public Decision decide(int[] active, int epoch, RandomGenerator rng) {
        int action = active[rng.nextInt(active.length)];
        return new Decision(action, 1.0 / active.length, epoch, active.length, false);
    }

    /**
     * The action for a context under the configured {@link CapriConfig.Refinements.Exploit} rule. NONE,
     * or no model released yet: the paper's uniform draw over X_r(c) (Algorithm 1 line 12), a learning
     * candidate. ARGMAX [engineering, not in the paper]: while the bandit learns, a public coin with
     * probability s = exploitShare (drawn only when s &gt; 0, so s = 0 draws exactly what NONE draws)
     * makes the decision an exploit decision, x̂(c) = argmax over X_r(c) of the latest released μ̂ (the
     * lowest index on ties), which must not take a learning round; otherwise it is the paper's uniform
     * draw. Once the bandit no longer learns (after its last release) every decision exploits.
     *
     * <p>Privacy: x̂(c) is a function of released models and the decision's own context only
     * (post-processing, like the active sets), and an exploit decision's reward enters no sum. The
     * coin is independent of the context, so the learning rounds stay i.i.d. draws of κ × Unif(X_r(c)),
     * as the estimator needs ({@link CapriConfig.Refinements.Exploit}).
     *
     * <p>Propensity: the probability that this rule, coin included, serves the action for this context:
     * (1 − s)/|X_r(c)| + s · 1{x = x̂(c)} while learning, 1 after the last release, and 1/|X_r(c)| for the
     * paper's rule.
     *
     * @param active   X_r(c), sorted action indices (never empty)
     * @param means    μ̂ of the latest released model for every action, or null when none is released
     * @param learning whether the bandit still learns (an epoch that will release is open)
     */
    public Decision decide(int[] active, double[] means, boolean learning, int epoch, RandomGenerator rng) {
        CapriConfig.Refinements r = config.refinements();
        if (!r.exploits() || means == null) {
            return decide(active, epoch, rng);
        }
        int greedy = greedy(active, means);
        if (!learning) {
            return new Decision(greedy, 1.0, epoch, active.length, true);
        }
        double s = r.exploitShare();
        boolean exploit = s > 0 && rng.nextDouble() < s;
        int action = exploit ? greedy : active[rng.nextInt(active.length)];
        double propensity = (1 - s) / active.length + (action == greedy ? s : 0.0);
        return new Decision(action, propensity, epoch, active.length, exploit);
    }

    /** argmax over {@code active} of {@code means}, the lowest index on ties. */
    public static int greedy(int[] active, double[] means) {
        int best = active[0];
        for (int a : active) {
            if (means[a] > means[best]) {
                best = a;
            }
        }
        return best;
    }

    /**
     * A decision and the propensity it was taken with.
     *
     * @param exploits whether it plays the released model's argmax and so must not be a learning round
     *                 (ARGMAX only; the paper's decisions never do)
     */
    public record Decision(int action, double propensity, int epoch, int activeSetSize, boolean exploits) {
    }

    /** A calculator of this epoch's clipped contributions (the JDP server side, or the LDP client). */
    public ContributionCalculator contributions(EpochPlan plan) {
        return new ContributionCalculator(plan, kernel, actionFeatures, config.rewardBound(),
                config.refinements().rewardOffset());
    }

    /**
     * What a CAPRI-LDP user's device needs for epoch {@code plan.epoch()}: all public (the
     * projection points come from the public pool, A from the kernel on them, C_r and σ from public
     * quantities).
     */
    public CapriRandomiserPlan randomiserPlan(String bandit, EpochPlan plan) {
        if (plan.noise().noiseless()) {
            throw new IllegalStateException("a local randomiser needs a positive noise scale");
        }
        double[][] points = plan.projectionSet().stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);
        return new CapriRandomiserPlan(bandit, plan.epoch(), config.kernel(), points, plan.inverseCholesky(),
                plan.contributionBound(), config.rewardBound(), plan.noise().epsilon(), plan.noise().delta(),
                plan.noise().sigma());
    }

    /** The device-side randomiser of epoch {@code plan.epoch()} (the simulator plays the users). */
    public CapriRandomiser randomiser(EpochPlan plan) {
        return new CapriRandomiser(randomiserPlan(null, plan), PrivacyFloor.NONE);
    }

    /** The features of action {@code a}. */
    public double[] actionFeatures(int a) {
        return actionFeatures[a].clone();
    }

    /** Adds {@code rounds} rounds whose contributions sum to {@code contributionSum}. */
    public CapriState fold(CapriState state, double[] contributionSum, int rounds) {
        if (contributionSum.length != state.plan().projectionSize()) {
            throw new IllegalArgumentException("contribution has the wrong length");
        }
        // A copy: fold leaves the given state unchanged (the accessor hands out the record's array).
        double[] g = state.accumulator().clone();
        for (int i = 0; i < g.length; i++) {
            g[i] += contributionSum[i];
        }
        return new CapriState(state.plan(), g, state.roundsInEpoch() + rounds, state.totalRounds() + rounds,
                state.models());
    }

    /**
     * The outcome of an epoch's release: the released model, the noise it was released with (what
     * the ledger charges) and every model released so far, oldest first.
     */
    public record Release(ReleasedModel model, EpochPlan.EpochNoise noise, List<ReleasedModel> models) {
        public Release {
            models = List.copyOf(models);
        }
    }

    /**
     * Releases a complete epoch (steps 7–8), the one close function of CAPRI that the service, the
     * simulator and the tests share: JDP adds N(0, σ² I) to g once (LDP's g is already noisy) and
     * releases μ̂_r with α = Aᵀ(g + z) and the plan's width. Planning the next epoch is separate
     * ({@link #plan}): it needs only the models, so the service does it in the background.
     */
    public Release release(CapriState state, NoiseSource noise) {
        if (!state.epochComplete()) {
            throw new IllegalStateException("epoch " + state.epoch() + " has " + state.roundsInEpoch() + " of "
                    + state.plan().length() + " rounds and cannot close yet");
        }
        EpochPlan plan = state.plan();
        double[] g = state.accumulator();
        if (config.privacy().model() == CapriConfig.Model.JDP) {
            // Gaussian mechanism on g, once per epoch: L2 sensitivity 2C_r (every contribution is
            // clipped to norm C_r, replacement of one round), σ from the plan's calibration.
            g = plan.noise().mechanism().release(g, noise);
        }
        int m = plan.projectionSize();
        DMatrixRMaj a = DMatrixRMaj.wrap(m, m, plan.inverseCholesky());
        DMatrixRMaj alpha = new DMatrixRMaj(m, 1);
        CommonOps_DDRM.multTransA(a, DMatrixRMaj.wrap(m, 1, g), alpha);
        EpochPlan.EliminationRule rule = plan.eliminationRule();
        ReleasedModel model = new ReleasedModel(plan.epoch(), plan.projectionSet(), alpha.data, plan.width().total(),
                rule, rule.pairwise() ? plan.inverseCholesky() : null);
        List<ReleasedModel> models = new ArrayList<>(state.models());
        models.add(model);
        return new Release(model, plan.noise(), models);
    }

    /** Whether epoch {@code r} completes within the horizon and so releases (a cut epoch never does). */
    public boolean releases(int r) {
        return schedule.releases(r);
    }

    /** A context must have the generator's dimension and finite coordinates. */
    public void checkContext(double[] context) {
        if (context == null || context.length != contextDimension) {
            throw new IllegalArgumentException("context must have dimension " + contextDimension);
        }
        JointPoint.requireFinite(context);
    }

}
