package io.dpbandit.algorithms.capri;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.runtime.LocalReports;
import io.dpbandit.runtime.Reports;
import java.util.Optional;

/**
 * CAPRI with local DP (Pavlovic, Salgia &amp; Zhao, the LDP variant): a learning decision points the
 * device at its epoch's public plan; the device sends its randomised contribution, checked here
 * against the plan before it is stored.
 */
final class CapriLocalReports implements LocalReports {

    private final CapriRuntime runtime;

    CapriLocalReports(CapriRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public Object randomiserFor(double[] context, int action) {
        int r = runtime.version().epoch();
        return new CapriLocalInput(r, "/bandits/" + runtime.spec().id() + "/epochs/" + r + "/randomiser",
                runtime.spec().actions().get(action).features());
    }

    /**
     * The public plan a CAPRI-LDP user's device randomises epoch r's rounds with: 404 for an epoch
     * that does not exist, 409 not-ready while it is being planned.
     */
    @Override
    public Optional<CapriRandomiserPlan> epochPlan(int r) {
        if (r < 1 || r > runtime.version().epoch()) {
            throw new ServiceErrors.NotFound("bandit " + ServiceErrors.quote(runtime.spec().id()) + " has no epoch " + r);
        }
        EpochPlan plan = runtime.storedPlan(r).orElseThrow(() -> new ServiceErrors.NotReady(
                "epoch " + r + " is still being planned; try again shortly"));
        return Optional.of(runtime.capri().randomiserPlan(runtime.spec().id(), plan));
    }

    /**
     * Checks a CAPRI-LDP report against its epoch's public plan: the decision's epoch, m numbers,
     * the plan's (ε_r, δ_r) and at least its σ. A report's norm must also be one the plan's noise can
     * produce: ‖g + z‖ ≤ C_r + σ_plan(√m + 10), since the norm of z ~ N(0, σ²I_m) exceeds σ(√m + t) with
     * probability ≤ exp(−t²/2) (Gaussian concentration of a 1-Lipschitz function), about 2e-22 for
     * t = 10. This protects the model from a forged huge vector; it is not what privacy rests on
     * (that is the user's own noise).
     */
    @Override
    public String check(JsonNode json, int epoch) {
        CapriReport report = Reports.parse(json, CapriReport.class, "a CAPRI report");
        if (report.epoch() != epoch) {
            throw InvalidRequestException.of("report.epoch", "must be the decision's epoch, " + epoch);
        }
        EpochPlan plan = runtime.storedPlan(epoch).orElseThrow(() -> InvalidRequestException.of("report",
                "epoch " + epoch + " has no plan yet, so no report can have been made for it"));
        int m = plan.projectionSize();
        double[] v = report.contribution();
        if (v.length != m) {
            throw InvalidRequestException.of("report.contribution", "must hold " + m + " numbers (epoch " + epoch
                    + "'s projection set)");
        }
        EpochPlan.EpochNoise noise = plan.noise();
        if (!same(report.epsilon(), noise.epsilon()) || !same(report.delta(), noise.delta())) {
            throw InvalidRequestException.of("report", "claims (" + report.epsilon() + ", " + report.delta()
                    + ")-LDP; epoch " + epoch + "'s reports are (" + noise.epsilon() + ", " + noise.delta() + ")");
        }
        if (report.sigma() < noise.sigma() * (1 - 1e-9)) {
            throw InvalidRequestException.of("report.sigma", "is below the plan's " + noise.sigma());
        }
        // The plan's σ, never the report's: a report declaring a huge σ cannot widen the bound.
        double norm = ContributionBounds.l2Norm(v);
        if (norm > plan.contributionBound() + noise.sigma() * (1 + 1e-9) * (Math.sqrt(m) + 10)) {
            throw InvalidRequestException.of("report.contribution", "is larger than a randomised contribution "
                    + "can be; it was not made by the randomiser with this plan");
        }
        return Reports.text(report);
    }

    private static boolean same(double a, double b) {
        return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
    }
}
