package io.dpbandit.runtime;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.spec.BanditSpec;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * What one instance keeps in memory for a bandit, built by its algorithm's descriptor: its spec
 * and policy (immutable), the public state decisions are served from, and the
 * {@link BanditVersion} it was built from. Everything is derived from PostgreSQL and
 * rebuilt when the stored version moves on, so any number of instances can serve the same bandit.
 *
 * <p>Decisions never wait for background work: {@link #decide} reads this snapshot only. The
 * background work is the lifecycle engine's; the runtime supplies only what its algorithm does
 * differently ({@link #process()}). Capabilities that only some algorithms have are optional
 * views: {@link #local()} (locally private reports) and {@link #publicModel()} (free
 * post-processing of a released model).
 */
public interface BanditRuntime {

    BanditSpec spec();

    /** The bandit state this runtime was built from. */
    BanditVersion version();

    /**
     * The action for a context, from this snapshot only, among {@code candidates} (action indices
     * the request named, Shariff &amp; Sheffet 2018's decision set D_t) or every action when null.
     * Only algorithms whose descriptor takes decision sets are ever given candidates.
     */
    Served decide(double[] context, int[] candidates, RandomGenerator rng);

    /**
     * A decision before it is stored: the action index, its propensity, the randomiser inputs (LDP) or
     * null, and whether it may take a learning slot: false for a decision whose action was chosen to
     * exploit a released model rather than to learn (CAPRI's {@code tuning.exploit ARGMAX}), whose
     * reward must then enter no release.
     */
    record Served(int action, double propensity, Object randomiser, boolean mayLearn) {
        public Served(int action, double propensity, Object randomiser) {
            this(action, propensity, randomiser, true);
        }

        public Served(int action, double propensity) {
            this(action, propensity, null);
        }
    }

    /** Whether a decision served now may take a learning slot of the current epoch. */
    default boolean learning() {
        return version().phase() == Phase.EXPLORE;
    }

    /** What this algorithm supplies to the lifecycle engine for the current epoch. */
    EpochProcess<?> process();

    /** GET /release: the latest public release. */
    ModelRelease latestRelease(ReleaseContext releases);

    /** POST /release: a private decision for a context (post-processing, or charged for USCA). */
    ContextRelease release(double[] context, ReleaseContext releases);

    /** Locally private bandits: how reports are checked and what a device is sent. Empty under JDP. */
    default Optional<LocalReports> local() {
        return Optional.empty();
    }

    /** A released model whose recommendations are free post-processing; empty where they are charged. */
    default Optional<PublicModel> publicModel() {
        return Optional.empty();
    }

    /** A request's context must have the bandit's dimension and finite numbers only (400 otherwise). */
    default void requireValidContext(double[] context) {
        if (context == null) {
            throw InvalidRequestException.of("context", "is required: an array of " + spec().contextDimension()
                    + " numbers");
        }
        if (context.length != spec().contextDimension()) {
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

    /** The indices of the named actions; 400 naming the first that is not an action of this bandit. */
    default int[] actionIndices(List<String> ids) {
        int[] out = new int[ids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = -1;
            for (int a = 0; a < spec().actions().size(); a++) {
                if (spec().actions().get(a).id().equals(ids.get(i))) {
                    out[i] = a;
                    break;
                }
            }
            if (out[i] < 0) {
                throw InvalidRequestException.of("candidates[" + i + "]", "is not an action of this bandit");
            }
        }
        return out;
    }
}
