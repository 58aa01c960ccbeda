package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.gpucb.GpUcb;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.policy.gpucb.LocalGpUcb;
import io.dpbandit.policy.linucb.LinUcb;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.TreeCalibrationMethod;

/** Builds the linear bandits' models from a validated, normalised spec. */
public final class LinearModels {

    /** Paper 001's accuracy parameter α (the confidence bounds hold with probability 1 − α). */
    static final double ALPHA = 0.05;

    private LinearModels() {
    }

    public static JointFeatureMap featureMap(BanditSpec spec) {
        // GP-UCB maps the raw joint point w = context ++ action features with its own QFF map.
        return spec.algorithm() == BanditSpec.Algorithm.GPUCB ? new JointFeatureMap(JointFeatureMap.Kind.CONCATENATION)
                : new JointFeatureMap(spec.linear().featureMap());
    }

    /** d: the dimension of the joint feature vectors. */
    public static int dimension(BanditSpec spec) {
        return featureMap(spec).dimension(spec.contextDimension(), spec.actions().get(0).features().length);
    }

    public static LinearModel<?> of(BanditSpec spec) {
        // Calibrated at the doubles that do not exceed the spec's (ε, δ), which the creation charge
        // records (PrivacyAmounts): the ledger never understates what the mechanisms spend.
        return of(spec, PrivacyAmounts.calibrationValue(spec.privacy().epsilon()),
                PrivacyAmounts.calibrationValue(spec.privacy().delta()));
    }

    private static LinearModel<?> of(BanditSpec spec, double epsilon, double delta) {
        int d = dimension(spec);
        if (spec.algorithm() == BanditSpec.Algorithm.GPUCB) {
            return gpUcb(spec, d, epsilon, delta);
        }
        BanditSpec.Linear linear = spec.linear();
        boolean paper = linear.mode() == LinUcbConfig.Mode.PAPER;
        return switch (spec.algorithm()) {
            case LINUCB -> {
                NodeNoiseKind noise = linear.noise();
                LinUcbConfig config;
                if (paper) {
                    config = LinUcbConfig.paper(spec.horizon(), d, epsilon, delta,
                            ALPHA, noise);
                } else {
                    LinUcbConfig base = LinUcbConfig.engineered(spec.horizon(), d, epsilon, delta, ALPHA);
                    // Wishart noise is calibrated the paper's way only (its k comes from Prop 9).
                    TreeCalibrationMethod calibration = noise == NodeNoiseKind.WISHART ? TreeCalibrationMethod.PAPER
                            : base.calibration();
                    config = new LinUcbConfig(base.horizon(), base.dimension(), base.epsilonDp(), base.deltaDp(),
                            base.alphaConf(), base.featureBound(), base.rewardBound(), base.thetaBound(),
                            base.rewardNoise(), noise, calibration, base.tuning(), base.ridge());
                }
                yield new LinUcbModel(new LinUcb(config));
            }
            case ONLINEUCB -> {
                // The paper's two separate releases compose to (2ε', 2δ') per user (spec P1), so paper
                // mode runs them at (ε/2, δ/2): the report is (ε, δ)-LDP, what the spec declares.
                OnlineUcbConfig config = paper
                        ? OnlineUcbConfig.paper(d, epsilon / 2, delta / 2, spec.horizon())
                        : OnlineUcbConfig.engineered(d, epsilon, delta, spec.horizon());
                if (linear.learner() != null) {
                    config = config.withLearner(linear.learner());
                }
                yield new OnlineUcbModel(new OnlineUcb(config));
            }
            default -> throw new IllegalArgumentException(spec.algorithm() + " is not a linear bandit");
        };
    }

    /** Paper 003's confidence failure probability ζ. */
    static final double ZETA = 0.1;
    /** ENGINEERED: the UCB bonus is this times the theoretical radius (utility only, spec P7). */
    static final double RADIUS_SCALE = 0.1;

    /**
     * GP-UCB on the joint point w ∈ R^d, features' error bound stated on [0, 1]^d. Rewards are
     * clipped to [−B, B] (Y = B: deterministic sensitivity, spec P2); ρ = B/2 (a reward in [−B, B]
     * is B-sub-Gaussian around its mean, B/2 for [0, B]: the experiments' Bernoulli scale), λ = ρ²,
     * ‖f‖_k ≤ B.
     */
    private static LinearModel<?> gpUcb(BanditSpec spec, int d, double epsilon, double delta) {
        BanditSpec.GpUcb g = spec.gpucb();
        double y = spec.rewardBound();
        double rho = y / 2;
        var domain = io.dpbandit.kernel.BoxDomain.unitCube(d);
        boolean local = "LDP".equals(spec.privacy().model());
        var privacy = local ? GpUcbConfig.Privacy.localJdp(epsilon, delta)
                : GpUcbConfig.Privacy.jdp(epsilon, delta);
        GpUcbConfig config = g.mode() == LinUcbConfig.Mode.PAPER
                ? GpUcbConfig.paper(g.nodesPerDimension(), spec.kernel().lengthScale(), domain, spec.horizon(), privacy,
                        rho * rho, rho, y, ZETA, y)
                : GpUcbConfig.engineered(g.nodesPerDimension(), spec.kernel().lengthScale(), domain, spec.horizon(),
                        privacy, rho * rho, rho, y, ZETA, y, 1.0, RADIUS_SCALE);
        return local ? new LocalGpUcbModel(new LocalGpUcb(config)) : new GpUcbModel(new GpUcb(config));
    }
}
