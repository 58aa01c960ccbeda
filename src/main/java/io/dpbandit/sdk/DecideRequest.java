package io.dpbandit.sdk;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * POST /decide's body.
 *
 * @param bandit     the bandit's id
 * @param context    the user's context (contextDimension numbers)
 * @param requestId  the idempotency key: the same requestId from the same key returns the same
 *                   decision. Null: the client makes one per call (see
 *                   {@link DpbanditClient.Builder#generateRequestIds(boolean)}) and reuses it on retries
 * @param candidates LINUCB, ONLINEUCB and GPUCB only: the action ids available this round (null: all)
 * @param user       privacy.unit USER bandits only, and required there: the caller's opaque id of the user,
 *                   one stable id per person; ids equal after Unicode NFC normalisation are one user, while
 *                   case and white space count ("alice" and "Alice " are two users)
 * @param baseline   bandits with a rollout only: the action id the product would show without the bandit;
 *                   the rollout's public coin decides which serves (the answer's servedBy)
 */
public record DecideRequest(String bandit, double[] context, String requestId, List<String> candidates,
        String user, String baseline) {

    public DecideRequest {
        Objects.requireNonNull(bandit, "bandit");
        Objects.requireNonNull(context, "context");
        context = context.clone();
        candidates = candidates == null ? null : List.copyOf(candidates);
    }

    /** A request without a baseline. */
    public DecideRequest(String bandit, double[] context, String requestId, List<String> candidates, String user) {
        this(bandit, context, requestId, candidates, user, null);
    }

    public static DecideRequest of(String bandit, double... context) {
        return new DecideRequest(bandit, context, null, null, null, null);
    }

    public DecideRequest withRequestId(String id) {
        return new DecideRequest(bandit, context, id, candidates, user, baseline);
    }

    public DecideRequest withCandidates(List<String> actionIds) {
        return new DecideRequest(bandit, context, requestId, actionIds, user, baseline);
    }

    public DecideRequest withUser(String userId) {
        return new DecideRequest(bandit, context, requestId, candidates, userId, baseline);
    }

    /** The action the product would show without the bandit (a bandit with a rollout). */
    public DecideRequest withBaseline(String actionId) {
        return new DecideRequest(bandit, context, requestId, candidates, user, actionId);
    }

    @Override
    public double[] context() {
        return context.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DecideRequest r && r.bandit.equals(bandit) && Arrays.equals(r.context, context)
                && Objects.equals(r.requestId, requestId) && Objects.equals(r.candidates, candidates)
                && Objects.equals(r.user, user) && Objects.equals(r.baseline, baseline);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bandit, Arrays.hashCode(context), requestId, candidates, user, baseline);
    }

    /** Without the context or the user (private). */
    @Override
    public String toString() {
        return "DecideRequest[bandit=" + bandit + ", requestId=" + requestId + "]";
    }
}
