package io.dpbandit.bandit;

import io.dpbandit.policy.capri.Capri;
import io.dpbandit.privacy.ContributionBounds;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * /decide and /feedback. A decision is committed before it is returned; a repeated requestId
 * returns the stored decision and stores nothing; feedback is idempotent per decision.
 */
@Service
public class DecisionService {

    private final BanditService bandits;
    private final BanditStore store;
    private final TransactionTemplate tx;
    private final BanditMetrics metrics;

    public DecisionService(BanditService bandits, BanditStore store, TransactionTemplate tx, BanditMetrics metrics) {
        this.bandits = bandits;
        this.store = store;
        this.tx = tx;
        this.metrics = metrics;
    }

    /** A decision as returned to the caller. */
    public record Decision(UUID decisionId, String action, double propensity, int epoch, String phase) {
    }

    public Decision decide(String banditId, double[] context, String requestId) {
        BanditStore.BanditRow row = bandits.row(banditId);
        BanditRuntime rt = bandits.runtime(row);
        rt.requireValidContext(context);
        if (requestId != null) {
            var previous = store.findDecisionByRequest(banditId, requestId);
            if (previous.isPresent()) {
                return replay(rt, previous.get(), context);
            }
        }
        String phase = row.phase();
        int action;
        double propensity;
        if (rt.isCapri()) {
            Capri.Decision d = rt.capri().decide(rt.activeSet(context), rt.epoch(), ThreadLocalRandom.current());
            action = d.action();
            propensity = d.propensity();
        } else {
            // USCA explores uniformly: its actions never depend on data.
            action = rt.usca().learningAction(ThreadLocalRandom.current());
            propensity = 1.0 / rt.spec().actions().size();
        }
        UUID id = UUID.randomUUID();
        try {
            store.insertDecision(id, banditId, requestId, rt.epoch(), context, action, propensity);
        } catch (DuplicateKeyException raced) {
            // Another request with the same requestId committed first: answer with its decision.
            return replay(rt, store.findDecisionByRequest(banditId, requestId).orElseThrow(), context);
        }
        metrics.decision(banditId, rt.isCapri() ? "CAPRI" : "USCA");
        return new Decision(id, rt.actionId(action), propensity, rt.epoch(), phase);
    }

    private Decision replay(BanditRuntime rt, BanditStore.DecisionRow previous, double[] context) {
        if (previous.context() != null && !Arrays.equals(previous.context(), context)) {
            throw new ServiceErrors.Conflict("requestId was already used with a different context");
        }
        return new Decision(previous.id(), rt.actionId(previous.action()), previous.propensity(), previous.epoch(),
                bandits.row(rt.spec().id()).phase());
    }

    /** The bandit a decision belongs to (404 for an unknown decision). */
    public String banditOf(UUID decisionId) {
        return store.banditOfDecision(decisionId)
                .orElseThrow(() -> new ServiceErrors.NotFound("no decision '" + decisionId + "'"));
    }

    /** How a feedback was taken. */
    public enum FeedbackStatus { ACCEPTED, DUPLICATE, LATE }

    public record FeedbackResult(FeedbackStatus status, boolean clipped) {
    }

    public FeedbackResult feedback(UUID decisionId, double reward) {
        if (!Double.isFinite(reward)) {
            throw InvalidRequestException.of("reward", "must be a finite number");
        }
        String[] bandit = new String[1];
        FeedbackResult result = tx.execute(s -> {
            var decision = store.findDecisionForUpdate(decisionId)
                    .orElseThrow(() -> new ServiceErrors.NotFound("no decision '" + decisionId + "'"));
            bandit[0] = decision.banditId();
            // Shared lock: feedback never interleaves with an epoch close of this bandit.
            store.lockBanditShared(decision.banditId());
            var row = bandits.row(decision.banditId());
            BanditRuntime rt = bandits.runtime(row);
            var clipped = ContributionBounds.clipReward(reward, rt.spec().rewardBound());
            if (!decision.feedback().equals("PENDING")) {
                return new FeedbackResult(decision.feedback().equals("ACCEPTED") ? FeedbackStatus.DUPLICATE
                        : decision.feedback().equals("LATE") ? FeedbackStatus.DUPLICATE : FeedbackStatus.LATE,
                        clipped.clipped());
            }
            boolean epochOver = decision.epoch() != row.epoch() || !row.phase().equals("EXPLORE");
            boolean waitedOut = decision.createdAt()
                    .plusSeconds(rt.spec().feedback().waitSeconds()).isBefore(Instant.now());
            if (epochOver || waitedOut) {
                store.recordFeedback(decisionId, "LATE", null);
                return new FeedbackResult(FeedbackStatus.LATE, clipped.clipped());
            }
            store.recordFeedback(decisionId, "ACCEPTED", clipped.value());
            return new FeedbackResult(FeedbackStatus.ACCEPTED, clipped.clipped());
        });
        metrics.feedback(bandit[0], result.status().name());
        return result;
    }
}
