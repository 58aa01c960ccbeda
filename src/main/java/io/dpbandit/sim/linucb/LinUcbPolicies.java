package io.dpbandit.sim.linucb;

import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.sim.LinearPolicy;
import io.dpbandit.sim.SimulatedPolicy;
import java.util.List;

/**
 * LINUCB's simulated policies (linear environments; φ(c, a) of the environment's feature map):
 * <ul>
 *   <li>{@code linucb}: non-private LinUCB (Shariff &amp; Sheffet 2018's NonPrivate baseline, ridge ρ = 1);
 *       runs once per seed whatever the ε list, like {@code uniform};</li>
 *   <li>{@code linucb-jdp-gauss}: JDP-LinUCB, tree mechanism with Gaussian node noise (Shariff &amp; Sheffet
 *       2018, §4.2), the service's engineered configuration: joint analytic calibration, sharper accuracy
 *       bounds, the paper's shift and Prop 4's radius;</li>
 *   <li>{@code linucb-jdp-gauss-floor}: the same with {@code linear.regulariser: FLOOR} (the noisy Gram
 *       matrix's eigenvalues raised to Υ instead of shifted by 2Υ);</li>
 *   <li>{@code linucb-jdp-gauss-paper}: the same as Shariff &amp; Sheffet 2018 analyse it (classical
 *       calibration, printed bounds);</li>
 *   <li>{@code linucb-jdp-wishart}: JDP-LinUCB with Wishart node noise (Shariff &amp; Sheffet 2018, §4.1),
 *       the paper's calibration (the only one Wishart has) with the engineered bounds;</li>
 *   <li>{@code linucb-jdp-wishart-paper}: the same with the printed bounds;</li>
 *   <li>{@code linucb-epochs-served}: the served {@code linear.release: EPOCHS} itself
 *       ({@link io.dpbandit.policy.linucb.EpochLinUcb}, round-level, k = 1) on the feature vectors of
 *       {@code --feature-map PER_ACTION}, one fold (leaf) per {@code --batch} rounds as the service folds one
 *       leaf of B rounds; it needs a finite ε.</li>
 * </ul>
 */
public final class LinUcbPolicies {

    private LinUcbPolicies() {
    }

    public static List<SimulatedPolicy> all() {
        return List.of(
                LinearPolicy.nonPrivate("linucb", r -> LinUcbAgents.linUcb(LinUcbAgents.nonPrivate(r), r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-jdp-gauss",
                        r -> LinUcbAgents.linUcb(LinUcbAgents.engineered(r, NodeNoiseKind.GAUSSIAN), r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-jdp-gauss-floor",
                        r -> LinUcbAgents.linUcb(LinUcbAgents.floor(LinUcbAgents.engineered(r, NodeNoiseKind.GAUSSIAN)),
                                r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-jdp-gauss-paper",
                        r -> LinUcbAgents.linUcb(LinUcbAgents.paper(r, NodeNoiseKind.GAUSSIAN), r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-jdp-wishart",
                        r -> LinUcbAgents.linUcb(LinUcbAgents.engineered(r, NodeNoiseKind.WISHART), r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-jdp-wishart-paper",
                        r -> LinUcbAgents.linUcb(LinUcbAgents.paper(r, NodeNoiseKind.WISHART), r)),
                LinearPolicy.jointlyOrLocallyPrivate("linucb-epochs-served", LinUcbAgents::epochLinUcb));
    }
}
