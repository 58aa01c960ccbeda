package io.dpbandit.sim;

import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.ldplinucb.LdpLinUcb;
import io.dpbandit.policy.ldplinucb.LdpLinUcbConfig;
import io.dpbandit.policy.ldplinucb.LdpLinUcbRandomiser;
import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.policy.linucb.LinUcb;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.linucb.LinUcbObservation;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.privacy.TreeCalibrationMethod;

/**
 * Builds the linear policies of {@link PolicySpec} for a run, with the configurations the service
 * uses (io.dpbandit.algorithms.linucb and .onlineucb) for the engineered ones and the papers' own for the
 * paper modes. Privacy is never traded here: every private policy is (ε, δ)-JDP (tree mechanism,
 * continual observation over the whole run) or each of its reports is (ε, δ)-LDP.
 */
final class LinearAgents {

    /**
     * α of the engineered JDP-LinUCB confidence sets: the service's (LinUcbAlgorithm). It only
     * shapes the shift and radius (post-processing), never the noise.
     */
    static final double ENGINEERED_ALPHA = 0.05;

    /** Ridge ρ of non-private LinUCB: H_t = ρI, Shariff &amp; Sheffet 2018 App. D's NonPrivate (ρ = 1.0). */
    static final double NON_PRIVATE_RIDGE = 1.0;

    private LinearAgents() {
    }

    /** What a linear policy's agent is built from: one run's dimension, budget, horizon, batching and noise. */
    record Run(int dimension, double epsilon, double delta, int horizon, int batch, NoiseSource server,
            NoiseSource users, int blocks) {

        /** The tree takes one leaf per fold, so its horizon n (which fixes m = ⌈log₂ n⌉ + 1) counts folds. */
        long folds() {
            return (horizon + (long) batch - 1) / batch;
        }

        /** Shariff &amp; Sheffet 2018, App. D: α = 1/n. */
        double paperAlpha() {
            return 1.0 / horizon;
        }
    }

    /** How one linear policy's agent is built (each linear {@link PolicySpec} constant carries one). */
    @FunctionalInterface
    interface Recipe {
        SequentialAgent<?, ?> build(Run run);
    }

    /**
     * @param policy    a linear policy
     * @param dimension d of the feature vectors
     * @param epsilon   ε of the whole run (ignored by {@code linucb})
     * @param delta     δ of the whole run
     * @param horizon   T, the rounds of the run
     * @param batch     rounds per fold
     * @param server    the server's noise (JDP-LinUCB's tree nodes)
     * @param users     the users' noise (the LDP randomisers)
     * @throws IllegalArgumentException for a non-linear policy, or a private one at ε = ∞
     */
    static SequentialAgent<?, ?> create(PolicySpec policy, int dimension, double epsilon, double delta, int horizon,
            int batch, NoiseSource server, NoiseSource users) {
        return create(policy, dimension, epsilon, delta, horizon, batch, server, users, 1);
    }

    /**
     * The same with the feature map's independent blocks ({@code JointFeatureMap.blocks}: K for PER_ACTION,
     * one model block per action, as LinUcbAlgorithm configures the served LINUCB; 1 otherwise). Only
     * JDP-LinUCB and non-private LinUCB use the blocks; the other linear policies need {@code blocks = 1}.
     */
    static SequentialAgent<?, ?> create(PolicySpec policy, int dimension, double epsilon, double delta, int horizon,
            int batch, NoiseSource server, NoiseSource users, int blocks) {
        if (!policy.linear()) {
            throw new IllegalArgumentException(policy.label() + " is not a linear policy");
        }
        if (policy.needsFiniteEpsilon() && !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(policy.label() + " needs a finite epsilon ('linucb' is the non-private"
                    + " baseline)");
        }
        return policy.recipe().build(new Run(dimension, epsilon, delta, horizon, batch, server, users, blocks));
    }

    static LinUcbConfig nonPrivate(Run r) {
        return LinUcbConfig.nonPrivate(r.horizon(), r.dimension(), r.paperAlpha(), NON_PRIVATE_RIDGE)
                .withLeafRounds(r.batch()).withBlocks(r.blocks());
    }

    static LinUcbConfig engineered(Run r, NodeNoiseKind noise) {
        return engineered(r.horizon(), r.dimension(), r.epsilon(), r.delta(), noise).withLeafRounds(r.batch())
                .withBlocks(r.blocks());
    }

    /** The same configuration with the eigenvalue floor in place of the shift ({@code linear.regulariser: FLOOR}). */
    static LinUcbConfig floor(LinUcbConfig config) {
        return config.withTuning(config.tuning().withRegulariser(LinUcbConfig.Regulariser.FLOOR));
    }

    static LinUcbConfig paper(Run r, NodeNoiseKind noise) {
        return LinUcbConfig.paper(r.horizon(), r.dimension(), r.epsilon(), r.delta(), r.paperAlpha(), noise)
                .withLeafRounds(r.batch()).withBlocks(r.blocks());
    }

    static OnlineUcbConfig onlineEngineered(Run r) {
        return OnlineUcbConfig.engineered(r.dimension(), r.epsilon(), r.delta(), r.horizon());
    }

    /**
     * Paper mode as the service runs it: the paper's two separate releases compose to (2ε', 2δ') per
     * report (joint calibration of the two LDP releases, docs/papers.md), so they run at (ε/2, δ/2)
     * and every report is (ε, δ)-LDP.
     */
    static OnlineUcbConfig onlinePaper(Run r) {
        return OnlineUcbConfig.paper(r.dimension(), r.epsilon() / 2, r.delta() / 2, r.horizon());
    }

    /**
     * The service's engineered JDP-LinUCB: joint analytic (ANALYTIC_TREE) Gaussian calibration and the
     * sharper bounds; Wishart noise has only the paper's calibration (its k comes from Thm 8), so it
     * keeps PAPER with the engineered bounds, as the service does.
     */
    static LinUcbConfig engineered(long horizon, int dimension, double epsilon, double delta, NodeNoiseKind noise) {
        LinUcbConfig base = LinUcbConfig.engineered(horizon, dimension, epsilon, delta, ENGINEERED_ALPHA);
        TreeCalibrationMethod calibration = noise == NodeNoiseKind.WISHART ? TreeCalibrationMethod.PAPER
                : base.calibration();
        return new LinUcbConfig(base.horizon(), base.dimension(), base.epsilonDp(), base.deltaDp(), base.alphaConf(),
                base.featureBound(), base.rewardBound(), base.thetaBound(), base.rewardNoise(), noise, calibration,
                base.tuning(), base.ridge());
    }

    /** JDP: the user sends its raw (x, y) to the trusted server, which clips it before the tree. */
    static SequentialAgent<?, ?> linUcb(LinUcbConfig config, Run r) {
        LinUcb policy = new LinUcb(config);
        return new SequentialAgent<>(policy, policy.start(r.server()),
                (state, x, y, noise) -> new LinUcbObservation(x, y), r.batch(), r.server(), r.users());
    }

    /**
     * LDP: the user runs dpbandit-client's randomiser on (x, y) with the ticket of the snapshot its
     * decision came from (θ_t, Δ, round), exactly as a real client does (OnlineUCB paper, Algorithm 1,
     * lines 11–15).
     */
    static SequentialAgent<?, ?> onlineUcb(OnlineUcbConfig config, Run r) {
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(config.randomiser(), PrivacyFloor.NONE);
        return new SequentialAgent<>(policy, policy.start(),
                (state, x, y, noise) -> client.randomise(x, policy.ticket(state), y, noise), r.batch(), r.server(),
                r.users());
    }

    /** LDP: the user releases (upper triangle of xxᵀ, yx) through one Gaussian mechanism on its device. */
    static SequentialAgent<?, ?> ldpLinUcb(Run r) {
        LdpLinUcbConfig config = LdpLinUcbConfig.of(r.dimension(), r.epsilon(), r.delta(), r.horizon());
        LdpLinUcb policy = new LdpLinUcb(config);
        LdpLinUcbRandomiser client = new LdpLinUcbRandomiser(config);
        return new SequentialAgent<>(policy, policy.start(), (state, x, y, noise) -> client.randomise(x, y, noise),
                r.batch(), r.server(), r.users());
    }

    /**
     * JDP: the served {@code linear.release: EPOCHS} core ({@link EpochLinUcb}, as EpochLinUcbModel builds
     * it) with round-level privacy (k = 1): one block per action (the feature map's blocks, K for
     * PER_ACTION), leaves of {@code --batch} rounds (the service's B), the raw (x, y) folded one leaf at a
     * time, its releases drawn from the server's noise.
     */
    static SequentialAgent<?, ?> epochLinUcb(Run r) {
        if (r.dimension() % r.blocks() != 0) {
            throw new IllegalArgumentException("dimension " + r.dimension() + " is not a multiple of the "
                    + r.blocks() + " blocks");
        }
        EpochLinUcb policy = new EpochLinUcb(r.horizon(), r.blocks(), r.dimension() / r.blocks(), r.epsilon(),
                r.delta(), 1, r.batch());
        return new SequentialAgent<>(policy, policy.start(r.server()),
                (state, x, y, noise) -> new LinUcbObservation(x, y), r.batch(), r.server(), r.users());
    }
}
