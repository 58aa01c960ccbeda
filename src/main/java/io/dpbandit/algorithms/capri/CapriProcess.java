package io.dpbandit.algorithms.capri;

import io.dpbandit.policy.capri.EpochCharge;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.ZcdpCost;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.capri.EpochPlanner;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Reports;
import io.dpbandit.runtime.Round;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.codec.BinaryCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What CAPRI's epoch does in the lifecycle (Pavlovic, Salgia &amp; Zhao, Algorithm 1, steps 2–9): the
 * plan (S, R, A = L⁻¹, C_r, σ, Δ_r; public) is computed in bounded steps as soon as the epoch opens;
 * settled rounds add their contribution y · A k_S(w), bounded to norm C_r, to the private
 * accumulator g (under LDP the device's noisy contribution as sent); the sealed epoch releases μ̂_r
 * with fresh noise, is charged, and opens the next epoch (or moves to EXPLOIT after the last epoch
 * that completes within T).
 */
final class CapriProcess implements EpochProcess<CapriProcess.Work> {

    /** Rounds folded per step. */
    static final int FOLD_BATCH = 2_000;

    /** An epoch's working memory on the leader. */
    static final class Work {
        /** The factorisation attempt that worked for the previous epoch: the next one starts there. */
        int choleskyHint;
        EpochPlanner.PlanningJob job;
        EpochPlan plan;
        ContributionCalculator contributions;
        /** LDP: the device's randomiser of the epoch, for the rounds whose report is missing. */
        volatile CapriRandomiser standIn;
    }

    private final BanditSpec spec;
    private final Capri capri;
    private final List<ReleasedModel> models;
    private final RuntimeServices services;
    private final boolean local;

    CapriProcess(BanditSpec spec, Capri capri, List<ReleasedModel> models, RuntimeServices services, boolean local) {
        this.spec = spec;
        this.capri = capri;
        this.models = models;
        this.services = services;
        this.local = local;
    }

    @Override
    public Class<Work> memoryType() {
        return Work.class;
    }

    @Override
    public Work memory(OpenEpoch epoch, Work previous) {
        Work work = new Work();
        work.choleskyHint = previous == null ? 0 : previous.choleskyHint;
        return work;
    }

    @Override
    public Optional<Planning<Work>> planning() {
        return Optional.of(this::plan);
    }

    private PlanStep plan(Work work, OpenEpoch epoch, long budgetNanos) {
        if (work.job == null) {
            work.job = capri.planning(epoch.number(), models, services.publicRng(epoch.banditId(), epoch.number()),
                    work.choleskyHint);
        }
        if (!work.job.step(budgetNanos)) {
            return PlanStep.progress(work.job.stage().toString(), work.job.progress());
        }
        EpochPlan plan = work.job.result();
        work.choleskyHint = plan.choleskyAttempt();
        work.job = null;
        return PlanStep.finished(services.binary().encode(plan), "T_r = " + plan.length() + ", |S| = "
                + plan.projectionSize() + ", noise sigma " + plan.noise().sigma());
    }

    private EpochPlan plan(Work work, OpenEpoch epoch) {
        if (work.plan == null) {
            work.plan = services.binary().decode(services.plan(spec.id(), epoch.number()).orElseThrow(),
                    EpochPlan.class);
        }
        return work.plan;
    }

    @Override
    public FoldOrder foldOrder() {
        return FoldOrder.SETTLED;
    }

    @Override
    public int foldBatch() {
        return FOLD_BATCH;
    }

    @Override
    public boolean accumulates() {
        return true;
    }

    /** g = Σ_t g^(t): each round's bounded contribution is added on its own (the calculator is thread-safe). */
    @Override
    public boolean foldIsSum() {
        return true;
    }

    /**
     * Each settled round's contribution y · A k_S(w), bounded to norm C_r (ContributionCalculator),
     * with the round's reward if it was accepted and the default reward otherwise. Under LDP, the
     * user's noisy contribution as sent; for a round without one (none came in time), a stand-in
     * the server randomises from a zero contribution with the device's own randomiser and its
     * secure noise source ({@link CapriRandomiser#absent}). The device's report is
     * clip_{C_r}(y · A k_S(w)) + N(0, σ²I) with σ = max(σ_plan, σ_analytic(2C_r, ε_r, δ_r)) (Balle
     * &amp; Wang 2018, Thm 8); the stand-in is 0 + N(0, σ²I) with the same σ, so g is distributed as
     * the same function of public facts whether or not a report came, up to the one user's data,
     * which the report's (ε_r, δ_r)-LDP covers. (Adding nothing, as before, left g one Gaussian
     * short when a report was missing: its spread told whether a user had answered.)
     */
    @Override
    public Folded fold(Work work, OpenEpoch epoch, Accumulator stored,
            List<Round> rounds) {
        EpochPlan plan = plan(work, epoch);
        if (work.contributions == null) {
            work.contributions = capri.contributions(plan);
        }
        double[] g = stored.sums(plan.projectionSize());
        if (local) {
            for (Round round : rounds) {
                double[] v = round.acceptedReport() != null
                        ? Reports.read(round.acceptedReport(), CapriReport.class).contribution()
                        : standIn(work, plan).absent(services.noise()).contribution();
                for (int i = 0; i < g.length; i++) {
                    g[i] += v[i];
                }
            }
        } else {
            // In the rounds' order, as one addTo per round would (bit for bit), projected four at a time.
            List<ContributionCalculator.Round> settled = new ArrayList<>(rounds.size());
            for (Round round : rounds) {
                if (round.context() != null) {
                    settled.add(new ContributionCalculator.Round(round.context(), round.action(),
                            round.rewardOr(spec.feedback().defaultReward())));
                }
            }
            work.contributions.addAll(g, settled);
        }
        return Folded.accumulator(BinaryCodec.doubles(g));
    }

    /** The device's randomiser of this epoch (what stands in for a missing report), built once per epoch. */
    private CapriRandomiser standIn(Work work, EpochPlan plan) {
        CapriRandomiser r = work.standIn;
        if (r == null) {
            r = capri.randomiser(plan);
            work.standIn = r;
        }
        return r;
    }

    /** Steps 7–9: μ̂_r released from g with fresh noise (JDP), its charge, and the next epoch or EXPLOIT. */
    @Override
    public EpochRelease release(Work work, OpenEpoch epoch, Accumulator sealed) {
        EpochPlan plan = plan(work, epoch);
        int r = epoch.number();
        CapriState state = capri.fold(capri.open(plan, models), sealed.sums(plan.projectionSize()), sealed.folded());
        Capri.Release release = capri.release(state, services.noise());
        Charge charge = charge(spec, capri.config(), release, models.size(), r);
        boolean next = capri.releases(r + 1);
        return new EpochRelease(charge, services.json().text(release.model()),
                null, next ? Phase.EXPLORE : Phase.EXPLOIT, next ? capri.schedule().plannedLength(r + 1) : null,
                "T_r = " + plan.length() + ", |S| = " + plan.projectionSize() + ", charged epsilon "
                        + charge.cost().epsilon() + (charge.rho() == null ? "" : ", rho " + charge.rho())
                        + (next ? "" : "; last epoch within the horizon, now exploiting"));
    }

    /** The ledger charge of one epoch release (EpochCharge: what it adds to the worst user's spend). */
    static Charge charge(BanditSpec spec, CapriConfig config, Capri.Release release, int priorReleases, int epoch) {
        EpochCharge charge = EpochCharge.of(config, release.noise(), priorReleases);
        return Charge.of(spec, charge.cost(), config.privacy().privacyEnabled() ? charge.rho() : 0.0,
                "CAPRI epoch release", epoch, config.composition().name());
    }
}
