package io.dpbandit.runtime;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Everything the service needs to know about one algorithm, in one place: its spec sections and
 * their rules and defaults, the privacy models it serves, how a bandit of it is created (first
 * epoch, budget, initial state, charge at creation), its runtime (and through it its epoch
 * process), its wire types, its forecaster (if the planner covers it), and the analyst page's panels for it.
 * The registry ({@code io.dpbandit.algorithms.Algorithms}) lists one descriptor per
 * {@link BanditSpec.Algorithm}; messages, the OpenAPI oneOf lists and the analyst page's panel list
 * are built from it. Adding an algorithm is one package implementing this and one registration.
 */
public interface AlgorithmDescriptor {

    BanditSpec.Algorithm algorithm();

    /**
     * The mechanisms a bandit of this spec (normalised) runs, for its privacy report
     * (GET /bandits/{id}/privacy): what each releases, its sensitivity for the spec's unit of
     * privacy, its calibration and the equation it implements.
     */
    List<MechanismDescription> mechanisms(BanditSpec spec);

    /** The privacy models it serves; the first is the default. */
    List<PrivacyModel> privacyModels();

    /** Whether its locally private bandits publish each epoch's randomiser plan ({@link LocalReports#epochPlan}). */
    default boolean publishesEpochPlans() {
        return !epochPlans().isEmpty();
    }

    /**
     * The wire types of the epoch randomiser plans its locally private bandits publish (GET
     * /bandits/{id}/epochs/{epoch}/randomiser), for the API document; none by default.
     */
    default List<Class<?>> epochPlans() {
        return List.of();
    }

    /** Pure ε-DP (no δ): the spec's δ must be absent or 0. */
    default boolean pureDp() {
        return false;
    }

    /**
     * Whether every release of a bandit of this (normalised) spec is a Gaussian mechanism, so that
     * its charges compose in zCDP with an exact Gaussian conversion (the ZCDP accountant).
     */
    default boolean gaussianReleases(BanditSpec spec) {
        return true;
    }

    /**
     * What its releases are where they are not all Gaussian ({@link #gaussianReleases} false), for
     * the accountant's messages: "exponential mechanism", "Wishart noise".
     */
    default String nonGaussianReleases(BanditSpec spec) {
        return pureDp() ? "exponential mechanism" : "non-Gaussian noise";
    }

    /** How a spec of it makes every release Gaussian, where an option can ("choose GAUSSIAN noise"), or null. */
    default String gaussianChoice() {
        return null;
    }

    /** The optional spec sections it reads (and requires, for KERNEL and CONTEXT_POOL). */
    Set<SpecSection> sections();

    /** Its own sections of the spec ({@code linear}, {@code gpucb}), declared in its package. */
    default List<OptionsSection<?>> options() {
        return List.of();
    }

    /**
     * The fields of its options sections it reads, written {@code key.component}: every field of each
     * by default; an algorithm that shares a section reads some of it (ONLINEUCB reads
     * {@code linear.learner}, not LINUCB's {@code linear.noise}). A field set in a spec that its
     * algorithm does not read is refused, naming the algorithms that do.
     */
    default Set<String> optionFields() {
        Set<String> fields = new java.util.LinkedHashSet<>();
        options().forEach(o -> fields.addAll(o.fields()));
        return fields;
    }

    /** Whether this spec's actions may come without features (the model fills in its own). */
    default boolean actionsMayOmitFeatures(BanditSpec spec) {
        return false;
    }

    /**
     * Whether {@link #normalise} fills in a kernel this spec leaves out (from its public pool, under
     * its profile), so that the kernel is not required of it.
     */
    default boolean choosesKernel(BanditSpec spec) {
        return false;
    }

    /**
     * Its own rules (beyond the common ones and the sections' ownership), adding every problem to
     * {@code problems}; then the spec with its sections' defaults filled in. Must run on a spec that
     * failed other checks (anything may be null), so that one answer lists every problem.
     */
    BanditSpec normalise(BanditSpec spec, SpecLimits limits, List<InvalidRequestException.FieldProblem> problems);

    /**
     * How a bandit of a valid, normalised spec starts. Builds the policy once, so a spec the policy
     * cannot run fails now (IllegalArgumentException or IllegalStateException, answered 400) rather
     * than in the background later. {@code noise} draws whatever the policy fixes up front.
     */
    Creation create(BanditSpec spec, NoiseSource noise);

    /**
     * @param firstEpochLength T_1 (CAPRI: ⌈√T⌉; the others: T)
     * @param budget           the (ε, δ) the ledger checks charges against
     * @param initialState     the policy state a bandit starts with (a sequential model's), or null
     * @param charge           the ledger charge made at creation (a whole horizon's continual
     *                         observation), or null
     * @param commitment       the most the bandit may ever spend for one protected unit (its worst
     *                         case: what a shared budget's filter reserves for it)
     */
    record Creation(int firstEpochLength, PrivacyCost budget, byte[] initialState, EpochProcess.Charge charge,
            io.dpbandit.privacy.Commitment commitment) {
    }

    /** The runtime serving a bandit at a stored version. */
    BanditRuntime runtime(BanditSpec spec, BanditVersion version, RuntimeServices services);

    /** The planner's forecaster for bandits of this algorithm, where it forecasts them from their spec alone. */
    default Optional<Forecaster> forecaster() {
        return Optional.empty();
    }

    /** Whether its epochs are planned before they release (the analyst page's timeline shows planning). */
    boolean plansEpochs();

    /** The wire types a learning decision sends to devices (LDP), for the API document. */
    default List<Class<?>> randomiserInputs() {
        return List.of();
    }

    /**
     * The record whose fields GET /release shows for its bandits (inline, between {@code algorithm}
     * and {@code budget}), for the API document's schema of its releases.
     */
    Class<? extends ModelRelease> releaseType();

    /**
     * The public model records its release's {@code model} holds where {@link #releaseType} leaves
     * the type open (one per variant of the algorithm), for the API document; none by default.
     */
    default List<Class<?>> releasedModels() {
        return List.of();
    }

    /** The wire types of devices' reports (LDP), for the API document. */
    default List<Class<?>> reports() {
        return List.of();
    }

    /** The API document's prose for its wire records that carry no annotations (the device library's). */
    default List<WireDoc> wireDocs() {
        return List.of();
    }

    /** The analyst page's panels for its bandits, by panel id, in page order. */
    List<String> panels();

    /**
     * How many learning rounds the model an analyst reads holds, from public counts only:
     * {@code closed}, the rounds of the bandit's closed epochs, and {@code folded}, the rounds of its
     * open epoch already folded (each once its feedback window has passed, whether or not feedback
     * came). An epoch algorithm releases a model only when an epoch closes, so its model holds the
     * closed epochs' rounds (the default); a sequential model folds continuously.
     *
     * @param spec the bandit's spec, read only where the count needs it
     */
    default long modelRounds(Supplier<BanditSpec> spec, long closed, long folded) {
        return closed;
    }

    /**
     * How a bandit of this algorithm spends its budget, given public progress only (decisions and
     * folded rounds, functions of the decisions' times and the feedback windows): by default each
     * release is charged when it is made, so what is charged is what is spent.
     */
    default Spending spending(BanditSpec spec, Spending.Progress progress) {
        return new Spending(Spending.Charging.PER_RELEASE, 1.0, "Each release is charged to the ledger in the "
                + "transaction that makes it, so spent is what the ledger has charged; committed is what the plan "
                + "for the whole horizon spends once every planned release is made.");
    }
}
