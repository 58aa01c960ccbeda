package io.dpbandit.sim.linucb;

import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.policy.linucb.LinUcb;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.linucb.LinUcbObservation;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.privacy.TreeCalibrationMethod;
import io.dpbandit.sim.LinearRun;
import io.dpbandit.sim.SequentialAgent;

/**
 * Builds the LinUCB agents of a run, with the configurations the service uses
 * ({@code io.dpbandit.algorithms.linucb}) for the engineered ones and the paper's own for the paper modes.
 * Privacy is never traded here: every private agent is (ε, δ)-JDP (tree mechanism, continual observation
 * over the whole run).
 */
public final class LinUcbAgents {

    /**
     * α of the engineered JDP-LinUCB confidence sets: the service's (LinUcbAlgorithm). It only
     * shapes the shift and radius (post-processing), never the noise.
     */
    static final double ENGINEERED_ALPHA = 0.05;

    /** Ridge ρ of non-private LinUCB: H_t = ρI, Shariff &amp; Sheffet 2018 App. D's NonPrivate (ρ = 1.0). */
    static final double NON_PRIVATE_RIDGE = 1.0;

    private LinUcbAgents() {
    }

    static LinUcbConfig nonPrivate(LinearRun r) {
        return LinUcbConfig.nonPrivate(r.horizon(), r.dimension(), r.paperAlpha(), NON_PRIVATE_RIDGE)
                .withLeafRounds(r.batch()).withBlocks(r.blocks());
    }

    static LinUcbConfig engineered(LinearRun r, NodeNoiseKind noise) {
        return engineered(r.horizon(), r.dimension(), r.epsilon(), r.delta(), noise).withLeafRounds(r.batch())
                .withBlocks(r.blocks());
    }

    /** The same configuration with the eigenvalue floor in place of the shift ({@code linear.regulariser: FLOOR}). */
    static LinUcbConfig floor(LinUcbConfig config) {
        return config.withTuning(config.tuning().withRegulariser(LinUcbConfig.Regulariser.FLOOR));
    }

    static LinUcbConfig paper(LinearRun r, NodeNoiseKind noise) {
        return LinUcbConfig.paper(r.horizon(), r.dimension(), r.epsilon(), r.delta(), r.paperAlpha(), noise)
                .withLeafRounds(r.batch()).withBlocks(r.blocks());
    }

    /**
     * The service's engineered JDP-LinUCB: joint analytic (ANALYTIC_TREE) Gaussian calibration and the
     * sharper bounds; Wishart noise has only the paper's calibration (its k comes from Thm 8), so it
     * keeps PAPER with the engineered bounds, as the service does.
     */
    public static LinUcbConfig engineered(long horizon, int dimension, double epsilon, double delta,
            NodeNoiseKind noise) {
        LinUcbConfig base = LinUcbConfig.engineered(horizon, dimension, epsilon, delta, ENGINEERED_ALPHA);
        TreeCalibrationMethod calibration = noise == NodeNoiseKind.WISHART ? TreeCalibrationMethod.PAPER
                : base.calibration();
        return new LinUcbConfig(base.horizon(), base.dimension(), base.epsilonDp(), base.deltaDp(), base.alphaConf(),
                base.featureBound(), base.rewardBound(), base.thetaBound(), base.rewardNoise(), noise, calibration,
                base.tuning(), base.ridge());
    }

    /** JDP: the user sends its raw (x, y) to the trusted server, which clips it before the tree. */
    static SequentialAgent<?, ?> linUcb(LinUcbConfig config, LinearRun r) {
        LinUcb policy = new LinUcb(config);
        return new SequentialAgent<>(policy, policy.start(r.server()),
                (state, x, y, noise) -> new LinUcbObservation(x, y), r.batch(), r.server(), r.users());
    }

    /**
     * JDP: the served {@code linear.release: EPOCHS} core ({@link EpochLinUcb}, as EpochLinUcbModel builds
     * it) with round-level privacy (k = 1): one block per action (the feature map's blocks, K for
     * PER_ACTION), leaves of {@code --batch} rounds (the service's B), the first epoch of {@code --first-epoch}
     * ({@link LinUcbSettings}), the raw (x, y) folded one leaf at a time, its releases drawn from the server's noise.
     */
    static SequentialAgent<?, ?> epochLinUcb(LinearRun r) {
        if (r.dimension() % r.blocks() != 0) {
            throw new IllegalArgumentException("dimension " + r.dimension() + " is not a multiple of the "
                    + r.blocks() + " blocks");
        }
        EpochLinUcb policy = new EpochLinUcb(r.horizon(), r.blocks(), r.dimension() / r.blocks(), r.epsilon(),
                r.delta(), 1, r.batch(), LinUcbSettings.of(r).firstEpoch(r, r.dimension() / r.blocks()));
        return new SequentialAgent<>(policy, policy.start(r.server()),
                (state, x, y, noise) -> new LinUcbObservation(x, y), r.batch(), r.server(), r.users());
    }
}
