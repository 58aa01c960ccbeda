package io.dpbandit.sim.onlineucb;

import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbForecast;
import io.dpbandit.sim.LinearPolicy;
import io.dpbandit.sim.LinearRun;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.env.LinearEnvironment;
import java.util.List;
import java.util.function.Function;

/**
 * ONLINEUCB's simulated policies (linear environments; each report (ε, δ)-LDP, so they need a finite ε):
 * <ul>
 *   <li>{@code onlineucb}: OnlineUCB (the OnlineUCB paper), engineered: joint (ε, δ) release, OGD,
 *       scaled radius;</li>
 *   <li>{@code onlineucb-paper}: OnlineUCB's Algorithm 1 as printed (separate releases at (ε/2, δ/2),
 *       so each report is (ε, δ)-LDP; Maler, theory radius and G);</li>
 *   <li>{@code ldp-linucb}: the LDP-LinUCB baseline of the OnlineUCB paper's experiments.</li>
 * </ul>
 * The first two are forecast by {@link OnlineUcbForecast} for {@code plan --env}.
 */
public final class OnlineUcbPolicies {

    private OnlineUcbPolicies() {
    }

    public static List<SimulatedPolicy> all() {
        return List.of(
                LinearPolicy.jointlyOrLocallyPrivate("onlineucb",
                        r -> OnlineUcbAgents.onlineUcb(OnlineUcbAgents.onlineEngineered(r), r))
                        .withForecast((run, options) -> OnlineUcbForecast.plan(
                                new OnlineUcb(config(run, OnlineUcbAgents::onlineEngineered)), 1, options.gap())),
                LinearPolicy.jointlyOrLocallyPrivate("onlineucb-paper",
                        r -> OnlineUcbAgents.onlineUcb(OnlineUcbAgents.onlinePaper(r), r))
                        .withForecast((run, options) -> OnlineUcbForecast.plan(
                                new OnlineUcb(config(run, OnlineUcbAgents::onlinePaper)), 1, options.gap())),
                LinearPolicy.jointlyOrLocallyPrivate("ldp-linucb", OnlineUcbAgents::ldpLinUcb));
    }

    /** The configuration of an {@code onlineucb} or {@code onlineucb-paper} run, as the run builds it. */
    static OnlineUcbConfig config(Simulation run, Function<LinearRun, OnlineUcbConfig> mode) {
        if (!(run.environment() instanceof LinearEnvironment linear)) {
            throw new IllegalArgumentException("the planner forecasts linear worlds for onlineucb and onlineucb-paper"
                    + ", not " + run.policy().label() + " on '" + run.environment().name() + "'");
        }
        if (!Double.isFinite(run.epsilon())) {
            throw new IllegalArgumentException(run.policy().label() + " needs a finite epsilon");
        }
        return mode.apply(new LinearRun(linear.featureDimension(), run.epsilon(), run.settings().delta(),
                run.horizon(), run.settings().batch(), null, null, 1));
    }
}
