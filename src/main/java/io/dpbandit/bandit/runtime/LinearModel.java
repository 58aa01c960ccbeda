package io.dpbandit.bandit.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A sequential policy as {@link LinearRuntime} drives it: its state type, how rounds become the
 * policy's observations (a clipped reward under JDP, the client's randomised report under LDP),
 * what of the state is public, and what a locally private decision sends to the client's
 * randomiser. One implementation per algorithm.
 *
 * @param <S> the policy's state (private parts and the public snapshot decisions read)
 */
public interface LinearModel<S> {

    Class<S> stateType();

    /** The state before any round (draws whatever noise the policy fixes up front). */
    S start(NoiseSource noise);

    SequentialPolicy.Choice decide(S state, double[][] candidates, RandomGenerator rng);

    /**
     * Folds settled rounds, in decision order. {@code features[i]} is round i's joint feature
     * vector; a round without a reward or report counts with {@code defaultReward}.
     */
    S fold(S state, List<DecisionStore.Round> rounds, double[][] features, double defaultReward, NoiseSource noise);

    /** The public model: what GET /release shows (post-processing of private releases only). */
    Map<String, Object> publicModel(S state);

    /** For a locally private bandit: the randomiser's inputs sent with a decision; null otherwise. */
    Object randomiserInput(S state, double[] features);

    /**
     * Checks a client's report (LDP) against the public parameters and the current state and
     * returns it as stored; a 400 problem if it does not match. Only locally private models take
     * reports.
     */
    default String check(S state, JsonNode report) {
        throw io.dpbandit.bandit.InvalidRequestException.of("report", "this bandit takes rewards, not reports");
    }

    /** The one ledger charge at creation covering the whole horizon (empty: nothing private). */
    Optional<PrivacyCost> cost();

    /** How the ledger names that charge. */
    String costReason();

    /** Whether rounds carry client-randomised reports (LDP) rather than rewards. */
    boolean local();
}
