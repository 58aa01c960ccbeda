package io.dpbandit.sim.capri;

import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;

/** The CAPRI configuration a simulated run of a CAPRI policy builds, for the tests that check it. */
public final class CapriPolicyTestSupport {

    private CapriPolicyTestSupport() {
    }

    public static CapriConfig config(Simulation run) {
        return ((CapriPolicy) run.policy()).config(run);
    }

    /** CAPRI's accountant for a run of {@code policy} under {@code settings}: the one set, else the service's default. */
    public static Accountant accountant(SimulationSettings settings, SimulatedPolicy policy) {
        return CapriSettings.of(settings).accountant(((CapriPolicy) policy).mode());
    }
}
