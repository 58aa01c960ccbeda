package io.dpbandit.sim.onlineucb;

import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.ldplinucb.LdpLinUcb;
import io.dpbandit.policy.ldplinucb.LdpLinUcbConfig;
import io.dpbandit.policy.ldplinucb.LdpLinUcbRandomiser;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.sim.LinearRun;
import io.dpbandit.sim.SequentialAgent;

/**
 * Builds the locally private linear agents of a run: OnlineUCB with the configuration the service uses
 * ({@code io.dpbandit.algorithms.onlineucb}) or its paper's, and the paper's LDP-LinUCB baseline. Every
 * report is (ε, δ)-LDP, made by the client randomiser a real user runs.
 */
public final class OnlineUcbAgents {

    private OnlineUcbAgents() {
    }

    static OnlineUcbConfig onlineEngineered(LinearRun r) {
        return OnlineUcbConfig.engineered(r.dimension(), r.epsilon(), r.delta(), r.horizon());
    }

    /**
     * Paper mode as the service runs it: the paper's two separate releases compose to (2ε', 2δ') per
     * report (joint calibration of the two LDP releases, docs/papers.md), so they run at (ε/2, δ/2)
     * and every report is (ε, δ)-LDP.
     */
    static OnlineUcbConfig onlinePaper(LinearRun r) {
        return OnlineUcbConfig.paper(r.dimension(), r.epsilon() / 2, r.delta() / 2, r.horizon());
    }

    /**
     * LDP: the user runs dpbandit-client's randomiser on (x, y) with the ticket of the snapshot its
     * decision came from (θ_t, Δ, round), exactly as a real client does (OnlineUCB paper, Algorithm 1,
     * lines 11–15).
     */
    static SequentialAgent<?, ?> onlineUcb(OnlineUcbConfig config, LinearRun r) {
        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(config.randomiser(), PrivacyFloor.NONE);
        return new SequentialAgent<>(policy, policy.start(),
                (state, x, y, noise) -> client.randomise(x, policy.ticket(state), y, noise), r.batch(), r.server(),
                r.users());
    }

    /** LDP: the user releases (upper triangle of xxᵀ, yx) through one Gaussian mechanism on its device. */
    static SequentialAgent<?, ?> ldpLinUcb(LinearRun r) {
        LdpLinUcbConfig config = LdpLinUcbConfig.of(r.dimension(), r.epsilon(), r.delta(), r.horizon());
        LdpLinUcb policy = new LdpLinUcb(config);
        LdpLinUcbRandomiser client = new LdpLinUcbRandomiser(config);
        return new SequentialAgent<>(policy, policy.start(), (state, x, y, noise) -> client.randomise(x, y, noise),
                r.batch(), r.server(), r.users());
    }
}
