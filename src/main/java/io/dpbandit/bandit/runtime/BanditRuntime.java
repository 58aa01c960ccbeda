package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.store.LifecycleStore;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * What one instance keeps in memory for a bandit, one type per algorithm: its spec and policy
 * (immutable), the public state its decisions are served from (CAPRI: the released models and the
 * active sets they give; USCA: nothing, it explores uniformly), and the {@link LifecycleStore.Version}
 * it was built from. Everything is derived from PostgreSQL and rebuilt whenever the stored version
 * moves on, so any number of instances can serve the same bandit.
 *
 * <p>Decisions never wait for background work: {@link #decide} reads this snapshot only. The
 * background work ({@link #advance}) runs on the lifecycle leader, one bounded step at a time.
 */
public sealed interface BanditRuntime permits CapriRuntime, UscaRuntime, LinearRuntime {

    BanditSpec spec();

    /** The bandit state this runtime was built from. */
    LifecycleStore.Version version();

    /** The action for a context, from this snapshot only. */
    Served decide(double[] context, RandomGenerator rng);

    /**
     * The action for a context among the named candidate actions (paper 001's decision set D_t);
     * null means the whole catalogue. Only the linear bandits take a decision set.
     */
    default Served decide(double[] context, java.util.List<String> candidates, RandomGenerator rng) {
        if (candidates != null) {
            throw InvalidRequestException.of("candidates", "only LINUCB, ONLINEUCB and GPUCB bandits take a decision set");
        }
        return decide(context, rng);
    }

    /**
     * A decision before it is stored: the action index, its propensity, and for a locally private
     * bandit the inputs of the client's randomiser (null otherwise).
     */
    record Served(int action, double propensity, Object randomiser) {
        public Served(int action, double propensity) {
            this(action, propensity, null);
        }
    }

    /** Whether rounds take client-randomised reports instead of rewards (a locally private bandit). */
    default boolean takesReports() {
        return false;
    }

    /**
     * Checks a client's randomised report for a learning round of epoch {@code epoch} against this
     * bandit's public parameters and returns it as stored (JSON text of the typed report, so only
     * its own fields reach the database); 400 if it does not match. Only locally private bandits
     * take reports.
     */
    default String checkReport(JsonNode report, int epoch, Lifecycle lifecycle) {
        throw InvalidRequestException.of("report", "only a locally private bandit (CAPRI with LDP, ONLINEUCB) "
                + "takes a report");
    }

    /**
     * The public inputs of the user's randomiser for a learning round of {@code action} under
     * {@code context} (locally private bandits; null otherwise).
     */
    default Object randomiserFor(double[] context, int action) {
        return null;
    }

    /**
     * What the public model recommends for a context (free post-processing) and how many actions
     * it still considers; null where a recommendation would cost privacy (USCA charges each one).
     */
    default Recommendation recommend(double[] context) {
        return null;
    }

    /** A recommendation: the action's id and the size of the active set it was chosen from. */
    record Recommendation(String action, int activeSetSize) {
    }

    /** |X_r(c)| after each released epoch, oldest first (CAPRI; empty for the others). */
    default int[] activeSetSizes(double[] context) {
        return new int[0];
    }

    /** Whether a decision served now may take a learning slot of the current epoch. */
    default boolean learning() {
        return version().phase() == Phase.EXPLORE;
    }

    /**
     * One bounded step of this bandit's background work on its current epoch (leader only). With
     * {@code mayPlan} false, an epoch that still needs its plan is left alone (returns
     * {@link Step#NEEDS_PLANNING}), so the worker can do every bandit's short work (defaults, folds,
     * seals, closes) before it spends a planning step on anyone.
     */
    Step advance(Lifecycle lifecycle, LifecycleStore.OpenEpoch epoch, boolean mayPlan);

    /**
     * What a step did. NONE: nothing to do until something changes (a reward, a wait).
     * NEEDS_PLANNING: nothing but planning, which was not allowed.
     */
    enum Step {
        NONE, NEEDS_PLANNING, DEFAULTED, PLANNING, PLANNED, FOLDED, SEALED, CLOSED;

        /** Whether the step did some work. */
        public boolean worked() {
            return this != NONE && this != NEEDS_PLANNING;
        }
    }

    /** GET /release: the latest public release (CAPRI's model, USCA's released decisions). */
    Map<String, Object> latestRelease(Releases releases);

    /** POST /release: a private decision for a context (CAPRI: post-processing; USCA: charged). */
    Releases.ContextRelease release(double[] context, Releases releases);

    /** A request's context must have the bandit's dimension and finite numbers only (400 otherwise). */
    default void requireValidContext(double[] context) {
        if (context == null || context.length != spec().contextDimension()) {
            throw InvalidRequestException.of("context", "must hold " + spec().contextDimension() + " numbers");
        }
        for (double v : context) {
            if (!Double.isFinite(v)) {
                throw InvalidRequestException.of("context", "must hold finite numbers only");
            }
        }
    }

    default String actionId(int index) {
        return spec().actions().get(index).id();
    }
}
