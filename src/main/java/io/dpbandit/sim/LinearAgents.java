package io.dpbandit.sim;

import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.policy.ldplinucb.LdpLinUcb;
import io.dpbandit.policy.ldplinucb.LdpLinUcbConfig;
import io.dpbandit.policy.ldplinucb.LdpLinUcbRandomiser;
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
 * uses ({@code bandit.runtime.LinearModels}) for the engineered ones and the papers' own for the
 * paper modes. Privacy is never traded here: every private policy is (ε, δ)-JDP (tree mechanism,
 * continual observation over the whole run) or each of its reports is (ε, δ)-LDP.
 */
final class LinearAgents {

    /**
     * α of the engineered JDP-LinUCB confidence sets: the service's (LinearModels.ALPHA). It only
     * shapes the shift and radius (post-processing), never the noise.
     */
    static final double ENGINEERED_ALPHA = 0.05;

    /** Ridge ρ of non-private LinUCB: H_t = ρI, Shariff &amp; Sheffet 2018 App. D's NonPrivate (ρ = 1.0). */
    static final double NON_PRIVATE_RIDGE = 1.0;

    private LinearAgents() {
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
        if (!policy.linear()) {
            throw new IllegalArgumentException(policy.label() + " is not a linear policy");
        }
        if (policy.needsFiniteEpsilon() && !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(policy.label() + " needs a finite epsilon ('linucb' is the non-private"
                    + " baseline)");
        }
        // The tree takes one leaf per fold, so its horizon n (which fixes m = ⌈log₂ n⌉ + 1 and the node
        // noise) counts folds, not rounds.
        long folds = (horizon + (long) batch - 1) / batch;
        double paperAlpha = 1.0 / horizon; // Shariff & Sheffet 2018, App. D: α = 1/n
        return switch (policy) {
            case LINUCB -> linUcb(LinUcbConfig.nonPrivate(folds, dimension, paperAlpha, NON_PRIVATE_RIDGE), batch,
                    server, users);
            case LINUCB_JDP_GAUSS -> linUcb(engineered(folds, dimension, epsilon, delta, NodeNoiseKind.GAUSSIAN), batch,
                    server, users);
            case LINUCB_JDP_WISHART -> linUcb(engineered(folds, dimension, epsilon, delta, NodeNoiseKind.WISHART),
                    batch, server, users);
            case LINUCB_JDP_GAUSS_PAPER -> linUcb(LinUcbConfig.paper(folds, dimension, epsilon, delta, paperAlpha,
                    NodeNoiseKind.GAUSSIAN), batch, server, users);
            case LINUCB_JDP_WISHART_PAPER -> linUcb(LinUcbConfig.paper(folds, dimension, epsilon, delta, paperAlpha,
                    NodeNoiseKind.WISHART), batch, server, users);
            // Paper mode as the service runs it: the paper's two separate releases compose to (2ε', 2δ')
            // per report (joint calibration of the two LDP releases, docs/papers.md), so they run at
            // (ε/2, δ/2) and every report is (ε, δ)-LDP.
            case ONLINEUCB -> onlineUcb(OnlineUcbConfig.engineered(dimension, epsilon, delta, horizon), batch, server,
                    users);
            case ONLINEUCB_PAPER -> onlineUcb(OnlineUcbConfig.paper(dimension, epsilon / 2, delta / 2, horizon), batch,
                    server, users);
            case LDP_LINUCB -> ldpLinUcb(LdpLinUcbConfig.of(dimension, epsilon, delta, horizon), batch, server, users);
            default -> throw new IllegalStateException("no linear agent for " + policy);
        };
    }

    /**
     * The service's engineered JDP-LinUCB: joint analytic (ANALYTIC_TREE) Gaussian calibration and the
     * sharper bounds; Wishart noise has only the paper's calibration (its k comes from Thm 8), so it
     * keeps PAPER with the engineered bounds, as LinearModels does.
     */
    static LinUcbConfig engineered(long folds, int dimension, double epsilon, double delta, NodeNoiseKind noise) {
        LinUcbConfig base = LinUcbConfig.engineered(folds, dimension, epsilon, delta, ENGINEERED_ALPHA);
        TreeCalibrationMethod calibration = noise == NodeNoiseKind.WISHART ? TreeCalibrationMethod.PAPER
                : base.calibration();
        return new LinUcbConfig(base.horizon(), base.dimension(), base.epsilonDp(), base.deltaDp(), base.alphaConf(),
                base.featureBound(), base.rewardBound(), base.thetaBound(), base.rewardNoise(), noise, calibration,
                base.tuning(), base.ridge());
    }

    /** JDP: the user sends its raw (x, y) to the trusted server, which clips it before the tree. */
    private static SequentialAgent<?, ?> linUcb(LinUcbConfig config, int batch, NoiseSource server,
            NoiseSource users) {
        LinUcb policy = new LinUcb(config);
        return new SequentialAgent<>(policy, policy.start(server),
                (state, x, y, noise) -> new LinUcbObservation(x, y), batch, server, users);
    }

    /**
     * LDP: the user runs dpbandit-client's randomiser on (x, y) with the ticket of the snapshot its
     * decision came from (θ_t, Δ, round), exactly as a real client does (OnlineUCB paper, Algorithm 1,
     * lines 11–15).
     */
    private static SequentialAgent<?, ?> onlineUcb(OnlineUcbConfig config, int batch, NoiseSource server,
            NoiseSource users) {
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(config.randomiser());
        return new SequentialAgent<>(policy, policy.start(),
                (state, x, y, noise) -> client.randomise(x, policy.ticket(state), y, noise), batch, server, users);
    }

    /** LDP: the user releases (upper triangle of xxᵀ, yx) through one Gaussian mechanism on its device. */
    private static SequentialAgent<?, ?> ldpLinUcb(LdpLinUcbConfig config, int batch, NoiseSource server,
            NoiseSource users) {
        LdpLinUcb policy = new LdpLinUcb(config);
        LdpLinUcbRandomiser client = new LdpLinUcbRandomiser(config);
        return new SequentialAgent<>(policy, policy.start(), (state, x, y, noise) -> client.randomise(x, y, noise),
                batch, server, users);
    }
}
