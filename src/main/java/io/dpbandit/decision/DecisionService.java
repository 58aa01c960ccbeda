package io.dpbandit.decision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.Serving;
import io.dpbandit.bandit.UserDigests;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.LocalReports;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyUnit;
import io.dpbandit.store.DecisionLookups;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.EpochStore;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * /decide and /feedback. A decision is committed before it is returned, and whether it is a
 * learning round is fixed in the same transaction (the first T_r decisions of an epoch are its
 * rounds); decisions and feedbacks are written through {@link GroupCommit}, many per durable commit. A repeated requestId returns the stored decision and stores nothing; feedback is
 * idempotent per decision. Neither waits for background work.
 */
@Service
public class DecisionService {

    private final Runtimes runtimes;
    private final DecisionLookups decisions;
    private final GroupCommit writes;
    private final BanditMetrics metrics;
    private final ReleaseKeys keys;
    private final BanditStateStore states;
    private final io.dpbandit.evaluation.Evaluations rollouts;
    private final io.dpbandit.evaluation.RolloutCoin coin;
    private final RecentDecisions recent = new RecentDecisions();

    public DecisionService(Runtimes runtimes, DecisionLookups decisions, GroupCommit writes, BanditMetrics metrics,
            ReleaseKeys keys, BanditStateStore states, io.dpbandit.evaluation.Evaluations rollouts,
            io.dpbandit.evaluation.RolloutCoin coin) {
        this.states = states;
        this.coin = coin;
        this.rollouts = rollouts;
        this.runtimes = runtimes;
        this.decisions = decisions;
        this.writes = writes;
        this.metrics = metrics;
        this.keys = keys;
    }

    /**
     * A decision as returned to the caller.
     *
     * @param learning whether this is one of its epoch's learning rounds: its reward, if it comes in
     *                 time, is in the next release. False when the epoch already has all its rounds
     *                 (the reward is then answered NOT_USED), or the bandit no longer learns.
     * @param randomiser locally private bandits' learning decisions only: the public inputs of the
     *                 user's randomiser (their types are listed in the API document from the registry)
     * @param servedBy  a decision that named a baseline only: BANDIT or BASELINE, the arm of the
     *                 rollout's public coin that served it
     */
    public record Decision(UUID decisionId, String action,
            @Schema(description = "The probability that the served action was chosen, given the arm that served "
                    + "it: the bandit's policy's for servedBy BANDIT (or a decision without a baseline), 1 for "
                    + "servedBy BASELINE")
            double propensity, int epoch, Phase phase,
            boolean learning, @Schema(description = "Locally private bandits' learning decisions only: the public "
                    + "inputs of the user's randomiser (dpbandit-client)")
            @JsonInclude(JsonInclude.Include.NON_NULL) Object randomiser,
            @Schema(description = "Decisions that named a baseline only: which arm of the rollout's public coin "
                    + "served it. Its reward (send it as for any decision) enters the private evaluation; only "
                    + "BANDIT decisions may be learning rounds", allowableValues = {"BANDIT", "BASELINE"})
            @JsonInclude(JsonInclude.Include.NON_NULL) String servedBy,
            @Schema(description = "Whether this decision's feedback is used: true for a learning round and for a "
                    + "decision in a rollout's evaluation; false otherwise (the bandit learns nothing from it: a reward "
                    + "or report sent anyway is answered NOT_USED and nothing of it is stored). A locally private "
                    + "bandit's non-learning decisions carry no randomiser inputs, so there is nothing to report.")
            boolean feedbackExpected) {

        public Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
                Object randomiser, String servedBy) {
            this(decisionId, action, propensity, epoch, phase, learning, randomiser, servedBy,
                    learning || servedBy != null);
        }

        public Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
                Object randomiser) {
            this(decisionId, action, propensity, epoch, phase, learning, randomiser, null);
        }
    }

    public Decision decide(String banditId, double[] context, String requestId) {
        return decide(banditId, context, null, requestId, "", null);
    }

    /**
     * A decision among the named candidate actions (null: the whole catalogue). For a locally
     * private bandit, a learning decision carries the inputs of the client's randomiser. A repeated
     * requestId returns the stored decision to the key that made it ({@code caller}); another key
     * sending it is refused with 409 whatever its context (so the answer tests no guessed context)
     * and nothing is stored.
     */
    public Decision decide(String banditId, double[] context, List<String> candidates, String requestId,
            String caller, String user) {
        return decide(banditId, context, candidates, requestId, caller, user, null);
    }

    /**
     * As above, with the action the product would show without the bandit ({@code baseline}, null:
     * none). For a bandit with a rollout, a public coin of bias share (independent of the context and
     * of every reward) decides whether the bandit or the baseline serves it.
     */
    public Decision decide(String banditId, double[] context, List<String> candidates, String requestId,
            String caller, String user, String baseline) {
        BanditRuntime rt = runtimes.get(banditId);
        if (context == null && rt.spec().contextDimension() != null && rt.spec().contextDimension() == 0) {
            context = new double[0]; // a context-free bandit's context may be left out
        }
        rt.requireValidContext(context);
        BanditSpec.Privacy privacy = rt.spec().privacy();
        boolean perUser = privacy.unit() == PrivacyUnit.USER;
        if (perUser && user == null) {
            throw InvalidRequestException.of("user", "is required: bandit " + ServiceErrors.quote(banditId) + " protects users "
                    + "(privacy.unit USER), so every decision names its user");
        }
        if (!perUser && user != null) {
            throw InvalidRequestException.of("user", "applies to privacy.unit USER bandits only; bandit " + ServiceErrors.quote(banditId)
                    + " protects each round on its own");
        }
        int[] decisionSet = null;
        if (candidates != null) {
            if (!Algorithms.of(rt.spec().algorithm()).sections().contains(SpecSection.DECISION_SETS)) {
                throw InvalidRequestException.of("candidates", "only " + Algorithms.owners(SpecSection.DECISION_SETS)
                        + " bandits take a decision set");
            }
            decisionSet = rt.actionIndices(candidates);
        }
        int baselineAction = -1;
        if (baseline != null) {
            if (rt.spec().rollout() == null) {
                throw InvalidRequestException.of("baseline", "applies to bandits with a rollout section; bandit "
                        + ServiceErrors.quote(banditId) + " serves every decision itself (create a bandit with "
                        + "\"rollout\": {\"share\": 0.5} to launch it next to your current logic)");
            }
            baselineAction = indexOf(rt, baseline);
            if (decisionSet != null && !contains(decisionSet, baselineAction)) {
                throw InvalidRequestException.of("baseline", "must be one of the candidates");
            }
        }
        // The replay check compares keyed digests, kept only with a requestId: a decision without one
        // keeps no trace of its context (a learning round keeps the context itself until it is folded).
        String digest = requestId == null ? null : keys.keyOf(context);
        if (requestId != null) {
            var previous = decisions.findByRequest(banditId, requestId);
            if (previous.isPresent()) {
                return replay(rt, previous.get(), digest, context, caller);
            }
        }
        // The rollout's public coin: drawn before and apart from anything about the user.
        String arm = baseline == null ? null
                : coin.banditServes(banditId, rollouts.share(banditId)) ? "BANDIT" : "BASELINE";
        boolean byBaseline = "BASELINE".equals(arm);
        BanditRuntime.Served served = byBaseline ? null : rt.decide(context, decisionSet, ThreadLocalRandom.current());
        int action = byBaseline ? baselineAction : served.action();
        double propensity = byBaseline ? 1.0 : served.propensity();
        UUID id = DecisionIds.next();
        int epoch = rt.version().epoch();
        DecisionStore.Inserted inserted;
        try {
            // A locally private bandit's rounds are randomised on the device: the server keeps no context.
            double[] kept = rt.local().isPresent() ? null : context;
            int shard = ThreadLocalRandom.current().nextInt(EpochStore.SLOT_SHARDS);
            // A decision served to exploit a released model (served.mayLearn() false) never takes a slot.
            boolean learnable = !byBaseline && rt.learning() && served.mayLearn();
            // privacy.unit USER: a learning slot only while the user has one of its k rounds left,
            // counted under keyed digests of the id's NFC form (GroupCommit takes it with the slot).
            UserDigests who = perUser ? keys.userDigests(user) : null;
            inserted = writes.decide(new DecisionStore.NewDecision(id, banditId, caller, requestId,
                    epoch, learnable, kept, digest, action, propensity,
                    rt.spec().feedback().waitSeconds(), shard, who, perUser ? privacy.groupSize() : 0, arm)).orElse(null);
        } catch (DuplicateKeyException raced) {
            // Another request with the same requestId committed first: answer with its decision.
            return replay(rt, decisions.findByRequest(banditId, requestId).orElseThrow(), digest, context, caller);
        }
        if (inserted == null) {
            throw notServing(banditId);
        }
        boolean learning = inserted.slot() != null;
        if (rt.local().isEmpty()) {
            recent.remember(id, rt.spec().id(), epoch, learning);
        }
        metrics.decision(banditId, rt.spec().algorithm().name(), learning);
        return new Decision(id, rt.actionId(action), propensity, epoch,
                rt.version().phase(), learning, learning ? served.randomiser() : null, arm);
    }

    private static boolean contains(int[] actions, int action) {
        for (int a : actions) {
            if (a == action) {
                return true;
            }
        }
        return false;
    }

    /** The index of a baseline action id (400 naming the field for an id the bandit does not have). */
    private static int indexOf(BanditRuntime rt, String id) {
        List<io.dpbandit.spec.BanditSpec.Action> actions = rt.spec().actions();
        for (int i = 0; i < actions.size(); i++) {
            if (actions.get(i).id().equals(id)) {
                return i;
            }
        }
        throw InvalidRequestException.of("baseline", "is not an action of bandit " + ServiceErrors.quote(rt.spec().id())
                + ": send one of its action ids");
    }

    /** Why a bandit made no decision: it is paused or retired (its insert found it so). */
    private RuntimeException notServing(String banditId) {
        Serving serving = states.serving(banditId).map(BanditStateStore.ServingState::serving)
                .orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(banditId)));
        return switch (serving) {
            case PAUSED -> new ServiceErrors.Paused("bandit " + ServiceErrors.quote(banditId) + " is paused: it makes no decision until an "
                    + "admin resumes it (POST /bandits/" + banditId + "/resume); feedback for its earlier decisions "
                    + "is still taken");
            case RETIRED -> retired(banditId);
            // Resumed between the insert and this read: the caller may simply send it again.
            case ACTIVE -> new ServiceErrors.Paused("bandit " + ServiceErrors.quote(banditId) + " was paused while this decision was "
                    + "made and has been resumed since; send the request again");
        };
    }

    static ServiceErrors.Retired retired(String banditId) {
        return new ServiceErrors.Retired("bandit " + ServiceErrors.quote(banditId) + " is retired: it serves no decision, feedback or "
                + "release any more; its status, ledger, epochs and releases stay readable");
    }

    private Decision replay(BanditRuntime rt, DecisionLookups.DecisionRow previous, String digest, double[] context,
            String caller) {
        if (!caller.equals(previous.requestKey())) {
            // Checked before the context: the answer is the same whatever context another key guesses.
            throw new ServiceErrors.Conflict("requestId was already used by another API key; use your own");
        }
        // The stored digest may be under a previous secret (a retry across a rotation of the secret).
        if (previous.contextDigest() != null && !previous.contextDigest().equals(digest)
                && !keys.isKeyOf(previous.contextDigest(), context)) {
            throw new ServiceErrors.Conflict("requestId was already used with a different context");
        }
        // A locally private round's randomiser inputs are public: a replay sends the current ones.
        Object randomiser = previous.learning()
                ? rt.local().map(l -> l.randomiserFor(context, previous.action())).orElse(null) : null;
        return new Decision(previous.id(), rt.actionId(previous.action()), previous.propensity(), previous.epoch(),
                rt.version().phase(), previous.learning(), randomiser, previous.arm());
    }

    /** An epoch's public randomiser plan (400 for a bandit that publishes none). */
    public Object randomiserPlan(String banditId, int epoch) {
        return runtimes.get(banditId).local().flatMap(l -> l.epochPlan(epoch)).map(Object.class::cast).orElseThrow(() ->
                InvalidRequestException.of("bandit", "only a " + Algorithms.names(AlgorithmDescriptor::publishesEpochPlans)
                        + " bandit with LDP has epoch randomiser plans"));
    }

    /**
     * A decision's owner (404 for an unknown decision), for the caller's access check and then for
     * {@link #feedback(DecisionLookups.Owner, UUID, Double, JsonNode)}: remembered, for a decision this
     * instance made lately (its serving state is then read by the write, {@link RecentDecisions}), else
     * read with its bandit's serving state.
     */
    public DecisionLookups.Owner owner(UUID decisionId) {
        return recent.owner(decisionId).orElseGet(() -> storedOwner(decisionId));
    }

    private DecisionLookups.Owner storedOwner(UUID decisionId) {
        return decisions.owner(decisionId)
                .orElseThrow(() -> new ServiceErrors.NotFound("no decision " + ServiceErrors.quote(decisionId.toString())));
    }

    /**
     * How a feedback was taken. ACCEPTED: the reward is in the next release (a learning round's, or,
     * for a decision that named a baseline, the rollout's next evaluation release). LATE: it came after the
     * decision's wait (or after the round was settled with the default reward); the round counts
     * with the default reward, as if none had come. NOT_USED: the decision was not a learning round
     * (its /decide answer said so). DUPLICATE: feedback for this decision was already received;
     * nothing changed.
     */
    public enum FeedbackStatus { ACCEPTED, LATE, NOT_USED, DUPLICATE }

    public record FeedbackResult(FeedbackStatus status, boolean clipped) {
    }

    public FeedbackResult feedback(UUID decisionId, double reward) {
        return feedback(decisionId, Double.valueOf(reward), (JsonNode) null);
    }

    /**
     * A round's outcome: a reward (JDP bandits; clipped to the spec's bound before it is stored) or,
     * for a locally private bandit, the client's randomised report, checked against the bandit's
     * public parameters. A locally private bandit refuses a raw reward: the server must never hold
     * one.
     */
    public FeedbackResult feedback(UUID decisionId, Double reward, JsonNode report) {
        return feedback(owner(decisionId), decisionId, reward, report);
    }

    /** As {@link #feedback(UUID, Double, JsonNode)}, for a decision whose owner the caller has read already. */
    public FeedbackResult feedback(DecisionLookups.Owner owner, UUID decisionId, Double reward, JsonNode report) {
        if (reward != null && !Double.isFinite(reward)) {
            throw InvalidRequestException.of("reward", "must be a finite number");
        }
        String banditId = owner.banditId();
        if (owner.serving() == Serving.RETIRED) {
            // Nothing is stored: the round counts with the default reward once its window passes, as
            // a round whose feedback never came (what a release holds never follows this refusal).
            throw retired(banditId);
        }
        BanditRuntime rt = runtimes.get(banditId);
        boolean local = rt.local().isPresent();
        if (local && owner.isRemembered()) {
            // Never remembered (a report is checked only for a round still pending, which only the
            // row says); read it, should one come from elsewhere.
            return feedback(storedOwner(decisionId), decisionId, reward, report);
        }
        if (local && !owner.learning()) {
            // A locally private bandit's non-learning decision expects no feedback (its answer said
            // feedbackExpected false and carried no randomiser inputs): whatever came is dropped
            // unread and unstored, so no raw reward ever rests on the server.
            metrics.feedback(banditId, FeedbackStatus.NOT_USED.name());
            return new FeedbackResult(FeedbackStatus.NOT_USED, false);
        }
        if (local && reward != null) {
            throw InvalidRequestException.of("reward", "this bandit is locally private: send the report made by "
                    + "dpbandit-client's randomiser, never the raw reward");
        }
        if (local && report == null) {
            throw InvalidRequestException.of("report", "is required: this bandit is locally private");
        }
        if (!local && report != null) {
            throw InvalidRequestException.of("report", "only a locally private bandit (" + Algorithms.local()
                    + ") takes a report");
        }
        if (!local && reward == null) {
            throw InvalidRequestException.of("reward", "is required");
        }
        boolean wasClipped = false;
        Double stored = null;
        String storedReport = null;
        if (local) {
            if (owner.pending()) {
                // Checked against the stored model (not a cache that may predate the report's ticket). A
                // report for a round that is not waiting (not learning, settled, a retry) is not stored,
                // so it is not checked either: the answer says what happened to the round.
                LocalReports checks = runtimes.current(banditId).local().orElseThrow();
                storedReport = checks.check(report, owner.epoch());
            }
        } else {
            // Clipped to [b0 - B, b0 + B]: b0 is CAPRI's public reward offset (0 unless the spec sets
            // tuning.rewardOffset), and the fold clips y - b0 to [-B, B] again, so this is only the
            // bound the stored value and the answer's `clipped` show.
            double offset = rt.spec().tuning() == null || rt.spec().tuning().rewardOffset() == null ? 0.0
                    : rt.spec().tuning().rewardOffset();
            var clipped = ContributionBounds.clipReward(reward - offset, rt.spec().rewardBound());
            stored = clipped.value() + offset;
            wasClipped = clipped.clipped();
        }
        Double value = stored;
        String text = storedReport;
        DecisionStore.FeedbackOutcome outcome = writes.feedback(new DecisionStore.NewFeedback(decisionId, value, text))
                .orElseThrow(() -> new ServiceErrors.NotFound("no decision " + ServiceErrors.quote(decisionId.toString())));
        if (outcome.retired()) {
            throw retired(banditId); // retired since the owner was read, or a remembered owner's bandit
        }
        FeedbackStatus status = !outcome.first() ? FeedbackStatus.DUPLICATE : switch (outcome.after()) {
            case ACCEPTED -> FeedbackStatus.ACCEPTED;
            case LATE, DEFAULTED, FORGOTTEN -> FeedbackStatus.LATE;
            case NOT_USED -> FeedbackStatus.NOT_USED;
            case PENDING -> throw new IllegalStateException("feedback left a round pending");
        };
        if (outcome.first() && outcome.evaluated() != null && outcome.after() == io.dpbandit.bandit.FeedbackState.NOT_USED) {
            // Not a learning round, but in its rollout's evaluation: in time, its reward is in the next release.
            status = outcome.evaluated() ? FeedbackStatus.ACCEPTED : FeedbackStatus.LATE;
        }
        metrics.feedback(banditId, status.name());
        return new FeedbackResult(status, wasClipped);
    }
}
