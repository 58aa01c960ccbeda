package io.dpbandit.sim;

import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A {@link SequentialPolicy} driven the way the service drives it, one simulated user per round:
 * the server decides on its current snapshot, the user turns its (x, y) into the message it sends
 * ({@link UserStep}), and the server folds the messages in decision order, {@code batch} at a time.
 * Decisions between two folds all read the same snapshot, as /decide does while a batch fills.
 *
 * @param <S> the policy's state
 * @param <O> what one user sends
 */
public final class SequentialAgent<S, O> {

    /**
     * What one user sends for the action it was shown: the raw (x, y) under JDP (the server clips it),
     * a client-randomised report under LDP. Runs with the user's own noise, never the server's.
     */
    @FunctionalInterface
    public interface UserStep<S, O> {
        /**
         * @param servedFrom the snapshot the user's decision was served from (its ticket, for OnlineUCB)
         * @param features   φ(c, a) of the played action
         * @param reward     the user's reward
         * @param userNoise  the noise the user's device draws
         */
        O message(S servedFrom, double[] features, double reward, NoiseSource userNoise);
    }

    private final SequentialPolicy<S, O> policy;
    private final UserStep<S, O> user;
    private final int batch;
    private final NoiseSource serverNoise;
    private final NoiseSource userNoise;
    private final List<O> pending = new ArrayList<>();
    private S state;

    /**
     * @param start       the policy's state before any feedback
     * @param batch       messages per fold (1: every round is folded before the next decision)
     * @param serverNoise the noise the server's fold releases (JDP-LinUCB's tree nodes)
     * @param userNoise   the noise the users' randomisers draw
     */
    public SequentialAgent(SequentialPolicy<S, O> policy, S start, UserStep<S, O> user, int batch, NoiseSource serverNoise,
            NoiseSource userNoise) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1, got " + batch);
        }
        this.policy = policy;
        this.state = start;
        this.user = user;
        this.batch = batch;
        this.serverNoise = serverNoise;
        this.userNoise = userNoise;
    }

    /** The index of the candidate played; {@code ties} only breaks exact ties. */
    public int decide(double[][] candidates, RandomGenerator ties) {
        return policy.decide(state, candidates, ties).index();
    }

    /**
     * The user's message for the action just decided; folds once {@code batch} messages are pending.
     * Call it after each {@link #decide}, before the next one, as a user answering at once would.
     */
    public void feedback(double[] features, double reward) {
        pending.add(user.message(state, features, reward, userNoise));
        if (pending.size() == batch) {
            state = policy.fold(state, List.copyOf(pending), serverNoise);
            pending.clear();
        }
    }

    /** The current snapshot (for tests and diagnostics). */
    public S state() {
        return state;
    }
}
