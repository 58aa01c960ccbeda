package io.dpbandit.sim.gpucb;

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
import io.dpbandit.sim.RegretTracker;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.Streams;
import io.dpbandit.sim.env.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One simulated run of private GP-UCB with quadrature Fourier features (Dubey 2021) on one environment
 * with one seed:
 * <ul>
 *   <li>{@code gpucb}: NQFF-GP-UCB-JDP (Alg. 1 + 2), the tree privatiser in process; ε = ∞ runs the
 *       non-private variant;</li>
 *   <li>{@code gpucb-local}: NQFF-GP-UCB-LJDP (Alg. 3): every round's increment is randomised by the
 *       client library's {@link GpUcbRandomiser}, exactly as a user's device would, with noise from a
 *       stream of its own, and the server policy folds only the report;</li>
 *   <li>{@code gpucb-nonprivate}: no noise, no shift, whatever ε.</li>
 * </ul>
 * A round's decision set is {(c_t, a) : a in the catalogue}, the joint point being the context's
 * features followed by the action's (003's D_t). The declared QFF domain is the bounding box of the
 * public pool's contexts and the actions (the unit square for the benchmark functions). Users, tie
 * breaks, rewards and privacy noise come from the run's {@link Streams}, so every policy meets the same
 * users and a run replays bit for bit.
 */
final class GpUcbSimulation {

    private final Environment env;
    private final Simulation run;
    private final GpUcbPolicy.Mode mode;
    private final double epsilon;
    private final int horizon;
    private final GpUcbSettings gp;

    GpUcbSimulation(Simulation run, GpUcbPolicy.Mode mode) {
        this.env = run.environment();
        this.run = run;
        this.mode = mode;
        this.epsilon = run.epsilon();
        this.horizon = run.horizon();
        this.gp = GpUcbSettings.of(run.settings());
    }

    /** The run's regret curve and, like the other families, its mean reward over all rounds and the second half. */
    RunResult run() {
        RegretTracker regret = switch (model()) {
            case NONE, JDP -> runCentral();
            case LOCAL_JDP -> runLocal();
        };
        return run.result(regret);
    }

    /** The privacy model this run uses: none for gpucb-nonprivate and for ε = ∞. */
    GpUcbConfig.Model model() {
        if (mode == GpUcbPolicy.Mode.NON_PRIVATE || Double.isInfinite(epsilon)) {
            return GpUcbConfig.Model.NONE;
        }
        return mode == GpUcbPolicy.Mode.LOCAL ? GpUcbConfig.Model.LOCAL_JDP : GpUcbConfig.Model.JDP;
    }

    /** The configuration of this run (T = folds for the tree, reports for local JDP). */
    GpUcbConfig config() {
        GpUcbConfig.Model model = model();
        GpUcbConfig.Privacy privacy = switch (model) {
            case NONE -> GpUcbConfig.Privacy.none();
            case JDP -> GpUcbConfig.Privacy.jdp(epsilon, run.settings().delta());
            case LOCAL_JDP -> GpUcbConfig.Privacy.localJdp(epsilon, run.settings().delta());
        };
        int folds = model == GpUcbConfig.Model.LOCAL_JDP ? horizon : (horizon + gp.batch() - 1) / gp.batch();
        BoxDomain domain = domain();
        return new GpUcbConfig(new io.dpbandit.kernel.QuadratureFeatureSpec(gp.nodesPerDimension(), gp.lengthScale(),
                domain.dimension()), domain, folds, privacy, gp.calibration(), gp.ridge(), gp.noiseScale(),
                gp.rkhsNormBound(), gp.zeta(), env.rewardBound(), gp.tuning());
    }

    private RegretTracker runCentral() {
        Streams streams = run.streams();
        GpUcb gpucb = new GpUcb(config());
        GpUcbState state = gpucb.start(streams.noise());
        RegretTracker regret = run.regretTracker();
        List<GpUcbObservation> pending = new ArrayList<>(gp.batch());
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(streams.users());
            double[][] points = jointPoints(c);
            int a = gpucb.decide(state, points, streams.actions()).index();
            regret.add(c, a);
            pending.add(new GpUcbObservation(points[a], env.sampleReward(c, a, streams.rewards())));
            if (pending.size() == gp.batch() || t == horizon - 1) {
                state = gpucb.fold(state, pending, streams.noise());
                pending = new ArrayList<>(gp.batch());
            }
        }
        return regret;
    }

    private RegretTracker runLocal() {
        Streams streams = run.streams();
        LocalGpUcb gpucb = new LocalGpUcb(config());
        GpUcbRandomiser client = new GpUcbRandomiser(gpucb.clientParameters(), PrivacyFloor.NONE);
        NoiseSource devices = streams.userNoise();
        LocalGpUcbState state = gpucb.start();
        RegretTracker regret = run.regretTracker();
        List<GpUcbReport> pending = new ArrayList<>(gp.batch());
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(streams.users());
            double[][] points = jointPoints(c);
            int a = gpucb.decide(state, points, streams.actions()).index();
            regret.add(c, a);
            double y = env.sampleReward(c, a, streams.rewards());
            // The user's device: Φ of the played point and its reward, randomised locally.
            pending.add(client.randomise(gpucb.features(points[a]), y, devices));
            if (pending.size() == gp.batch() || t == horizon - 1) {
                state = gpucb.fold(state, pending, streams.noise());
                pending = new ArrayList<>(gp.batch());
            }
        }
        return regret;
    }

    /** (c, a) for every action a: the context's features followed by the action's. */
    private double[][] jointPoints(double[] context) {
        List<double[]> actions = env.actionFeatures();
        double[][] out = new double[actions.size()][];
        for (int a = 0; a < out.length; a++) {
            double[] x = actions.get(a);
            double[] p = new double[context.length + x.length];
            System.arraycopy(context, 0, p, 0, context.length);
            System.arraycopy(x, 0, p, context.length, x.length);
            out[a] = p;
        }
        return out;
    }

    /** The bounding box of the public pool's contexts (or [0,1]^c without a finite pool) times the actions'. */
    private BoxDomain domain() {
        List<double[]> contexts = env.publicContexts().finiteSupport().orElse(List.of());
        List<double[]> actions = env.actionFeatures();
        int cd = contexts.isEmpty() ? env.nextUserContext(new SplittableRandom(0)).length : contexts.get(0).length;
        int ad = actions.get(0).length;
        double[] lo = new double[cd + ad];
        double[] hi = new double[cd + ad];
        for (int i = 0; i < cd; i++) {
            lo[i] = contexts.isEmpty() ? 0.0 : Double.POSITIVE_INFINITY;
            hi[i] = contexts.isEmpty() ? 1.0 : Double.NEGATIVE_INFINITY;
            for (double[] c : contexts) {
                lo[i] = Math.min(lo[i], c[i]);
                hi[i] = Math.max(hi[i], c[i]);
            }
        }
        for (int j = 0; j < ad; j++) {
            lo[cd + j] = Double.POSITIVE_INFINITY;
            hi[cd + j] = Double.NEGATIVE_INFINITY;
            for (double[] x : actions) {
                lo[cd + j] = Math.min(lo[cd + j], x[j]);
                hi[cd + j] = Math.max(hi[cd + j], x[j]);
            }
        }
        return new BoxDomain(lo, hi);
    }
}
