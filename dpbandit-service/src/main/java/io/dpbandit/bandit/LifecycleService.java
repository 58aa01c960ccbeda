package io.dpbandit.bandit;

import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaEstimator;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.privacy.NoiseSource;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.privacy.PrivacyCost;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Epoch closes (CAPRI) and the one-off estimator build (USCA).
 *
 * <p>A close is computed outside any lock (reading the epoch's rounds, the Gaussian release, the
 * next epoch's plan: seconds of work), then committed in one transaction under the bandit's
 * advisory lock, with a compare-and-set on the epoch number, only if the rounds it used are still
 * exactly the epoch's first T_r resolved rounds. Losing the race discards the computed release,
 * which was never shown to anyone, so it costs no privacy. The ledger charge commits with the
 * release or not at all.
 */
@Service
public class LifecycleService {

    private static final Logger log = LoggerFactory.getLogger(LifecycleService.class);

    private final BanditService bandits;
    private final BanditStore store;
    private final StateCodec codec;
    private final TransactionTemplate tx;
    private final NoiseSource noise;
    private final BanditMetrics metrics;
    private final long closeCommitDelayMs;
    private final SecureRandom seeds = new SecureRandom();

    public LifecycleService(BanditService bandits, BanditStore store, StateCodec codec, TransactionTemplate tx,
            NoiseSource noise, BanditMetrics metrics, LifecycleProperties properties) {
        this.metrics = metrics;
        this.closeCommitDelayMs = properties.closeCommitDelayMs();
        this.bandits = bandits;
        this.store = store;
        this.codec = codec;
        this.tx = tx;
        this.noise = noise;
    }

    /** What a close attempt did. */
    public enum Outcome { NOT_READY, CLOSED, LOST_RACE, BUDGET_REFUSED }

    /** Closes the bandit's current epoch (CAPRI) or builds its estimator (USCA) if it is complete. */
    public Outcome advance(String banditId) {
        var row = bandits.row(banditId);
        long started = System.nanoTime();
        Outcome outcome = row.algorithm().equals("CAPRI") ? closeCapriEpoch(banditId) : buildUscaEstimator(banditId);
        if (outcome != Outcome.NOT_READY) {
            metrics.lifecycleStep(banditId, outcome.name(), System.nanoTime() - started);
        }
        return outcome;
    }

    Outcome closeCapriEpoch(String banditId) {
        BanditRuntime rt = bandits.runtime(banditId);
        if (!bandits.row(banditId).phase().equals("EXPLORE")) {
            return Outcome.NOT_READY;
        }
        EpochPlan plan = rt.plan();
        BanditSpec.Feedback fb = rt.spec().feedback();
        if (store.resolvedRounds(banditId, rt.epoch(), fb.waitSeconds()) < plan.length()) {
            return Outcome.NOT_READY;
        }
        tx.executeWithoutResult(s -> store.defaultExpired(banditId, rt.epoch(), fb.waitSeconds(), fb.defaultReward()));
        List<BanditStore.DecisionRow> rounds = store.resolvedRoundsInOrder(banditId, rt.epoch(), plan.length());
        if (rounds.size() < plan.length()) {
            return Outcome.NOT_READY;
        }
        long started = System.nanoTime();
        Capri capri = rt.capri();
        double[] sum = new double[plan.projectionSize()];
        for (BanditStore.DecisionRow r : rounds) {
            rt.contributions().addTo(sum, r.context(), r.action(), r.reward());
        }
        CapriState state = new CapriState(plan, sum, plan.length(), rt.spec().horizon() == null ? 0
                : bandits.row(banditId).rounds() + plan.length(), rt.models());
        Capri.Close close = capri.close(state, noise, new SplittableRandom(seeds.nextLong()));
        PrivacyCost cost = charge(capri.config(), close, rt.models().isEmpty());
        List<java.util.UUID> used = rounds.stream().map(BanditStore.DecisionRow::id).toList();
        long lastSeq = rounds.get(rounds.size() - 1).seq();
        boolean horizonReached = state.totalRounds() >= capri.config().horizon();
        // Encode before taking the lock: the next plan holds an m × m matrix (megabytes of JSON).
        String modelJson = codec.text(close.model());
        byte[] nextPlan = codec.bytes(close.next().plan());
        Outcome outcome = tx.execute(s -> {
            store.lockBandit(banditId);
            var now = bandits.row(banditId);
            if (now.epoch() != rt.epoch()) {
                return Outcome.LOST_RACE;
            }
            List<java.util.UUID> again = store.resolvedRoundsInOrder(banditId, rt.epoch(), plan.length()).stream()
                    .map(BanditStore.DecisionRow::id).toList();
            if (!again.equals(used)) {
                return Outcome.LOST_RACE;
            }
            PrivacyBudget budget = new PrivacyBudget(new PrivacyCost(now.epsilonTotal(), now.deltaTotal()),
                    bandits.spent(banditId));
            if (!budget.canAfford(cost)) {
                return Outcome.BUDGET_REFUSED;
            }
            if (!store.closeEpoch(banditId, rt.epoch(), modelJson)) {
                return Outcome.LOST_RACE;
            }
            store.charge(banditId, cost.epsilon(), cost.delta(), "CAPRI epoch release", rt.epoch(),
                    capri.config().composition().name());
            faultInjectionPause();
            store.markUnusedLate(banditId, rt.epoch(), lastSeq);
            store.insertEpoch(banditId, rt.epoch() + 1, close.next().plan().length(), nextPlan);
            if (!store.advanceEpoch(banditId, rt.epoch(), plan.length())) {
                throw new IllegalStateException("epoch moved under the advisory lock");
            }
            if (horizonReached) {
                store.setPhase(banditId, "EXPLOIT");
            }
            return Outcome.CLOSED;
        });
        if (outcome == Outcome.CLOSED) {
            bandits.installNextEpoch(rt, close.next());
            log.info("Closed epoch {} of bandit '{}' in {} ms (T_r = {}, |S| = {}, noise sigma {})", rt.epoch(),
                    banditId, (System.nanoTime() - started) / 1_000_000, plan.length(), plan.projectionSize(),
                    plan.noise().sigma());
        } else if (outcome == Outcome.BUDGET_REFUSED) {
            log.warn("Epoch {} of bandit '{}' not released: its charge would exceed the privacy budget", rt.epoch(),
                    banditId);
        }
        return outcome;
    }

    /** Crash tests widen the commit window here (dpbandit.lifecycle.close-commit-delay-ms). */
    private void faultInjectionPause() {
        if (closeCommitDelayMs > 0) {
            try {
                Thread.sleep(closeCommitDelayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted inside an epoch close", e);
            }
        }
    }

    /**
     * The ledger charge of one epoch release. SEQUENTIAL: the epoch's (ε/L, δ/L). PARALLEL: the
     * first release is charged the full (ε, δ) and later ones nothing, because each round enters
     * exactly one epoch (parallel composition; see CapriConfig.EpochComposition).
     */
    static PrivacyCost charge(CapriConfig config, Capri.Close close, boolean firstRelease) {
        if (!config.privacy().privacyEnabled()) {
            return PrivacyCost.ZERO;
        }
        if (config.composition() == CapriConfig.EpochComposition.PARALLEL) {
            return firstRelease ? new PrivacyCost(config.privacy().epsilon(), config.privacy().delta()) : PrivacyCost.ZERO;
        }
        return new PrivacyCost(close.noise().epsilon(), close.noise().delta());
    }

    Outcome buildUscaEstimator(String banditId) {
        var row = bandits.row(banditId);
        if (!row.phase().equals("EXPLORE")) {
            return Outcome.NOT_READY;
        }
        BanditRuntime rt = bandits.runtime(banditId);
        BanditSpec.Feedback fb = rt.spec().feedback();
        int horizon = rt.spec().horizon();
        if (store.resolvedRounds(banditId, 1, fb.waitSeconds()) < horizon) {
            return Outcome.NOT_READY;
        }
        tx.executeWithoutResult(s -> store.defaultExpired(banditId, 1, fb.waitSeconds(), fb.defaultReward()));
        List<BanditStore.DecisionRow> rounds = store.resolvedRoundsInOrder(banditId, 1, horizon);
        if (rounds.size() < horizon) {
            return Outcome.NOT_READY;
        }
        Usca usca = rt.usca();
        UscaState state = codec.read(store.policyState(banditId), UscaState.class);
        List<JointPoint> points = new ArrayList<>(rounds.size());
        double[] values = new double[rounds.size()];
        for (int t = 0; t < rounds.size(); t++) {
            var r = rounds.get(t);
            points.add(new JointPoint(r.context(), r.action()));
            values[t] = usca.contribution(state.plan(), r.context(), r.action(), r.reward()).value();
        }
        UscaEstimator estimator = usca.estimator(usca.fold(state, points, values));
        long lastSeq = rounds.get(rounds.size() - 1).seq();
        byte[] encoded = codec.bytes(estimator);
        Outcome outcome = tx.execute(s -> {
            store.lockBandit(banditId);
            if (!store.changePhase(banditId, "EXPLORE", "RELEASE", horizon, encoded)) {
                return Outcome.LOST_RACE;
            }
            store.markUnusedLate(banditId, 1, lastSeq);
            return Outcome.CLOSED;
        });
        if (outcome == Outcome.CLOSED) {
            log.info("Built the USCA estimator of bandit '{}' from {} rounds", banditId, horizon);
        }
        return outcome;
    }
}
