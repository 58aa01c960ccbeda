package io.dpbandit.sim;

import io.dpbandit.privacy.NodeNoiseKind;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A policy to simulate, by name.
 *
 * <p>Kernel policies (any environment):
 * <ul>
 *   <li>{@code uniform}: uniform random actions (the baseline every ratio is taken against);</li>
 *   <li>{@code capri-paper}: CAPRI-JDP exactly as the paper states it (σ_0 of eq. 5, ε split over
 *       ln T epochs, theory widths, support-max clipping);</li>
 *   <li>{@code capri}: CAPRI-JDP with the engineered options (analytic noise on the clipped
 *       sensitivity, parallel composition over epochs, exact noise width, tuned statistical
 *       scale and clipping quantile);</li>
 *   <li>{@code capri-ldp}: CAPRI-LDP with the same engineered options;</li>
 *   <li>{@code usca}: USCA learning uniformly, then releasing per context;</li>
 *   <li>{@code gpucb}: NQFF-GP-UCB-JDP (Dubey 2021, Alg. 1 + 2): GP-UCB on quadrature Fourier features
 *       of the joint (context, action) point, with the tree privatiser on [Φ; y][Φ; y]ᵀ (ε is the
 *       paper's α, δ its β); the options {@code --qff-*} and {@code --gpucb-*} set m̄, ℓ, λ, ρ, B, ζ,
 *       the calibration, the PSD shift and the radius scale ({@link GpUcbSimulation});</li>
 *   <li>{@code gpucb-local}: NQFF-GP-UCB-LJDP (Alg. 3): every round randomised on the "device" by the
 *       client library's GpUcbRandomiser, the server folding only the reports;</li>
 *   <li>{@code gpucb-nonprivate}: the same GP-UCB without noise or shift, whatever ε.</li>
 * </ul>
 * ε = ∞ runs the non-private version of each.
 *
 * <p>Linear policies (linear environments only; they play on the environment's feature vectors
 * φ(c, a), see {@link LinearAgents} for every constant). Each private one is (ε, δ)-private for
 * the whole run at the ε and δ given, so they need a finite ε:
 * <ul>
 *   <li>{@code linucb}: non-private LinUCB (Shariff &amp; Sheffet 2018's NonPrivate baseline, ridge ρ = 1);
 *       runs once per seed whatever the ε list, like {@code uniform};</li>
 *   <li>{@code linucb-jdp-gauss}: JDP-LinUCB, tree mechanism with Gaussian node noise (Shariff &amp; Sheffet
 *       2018, §4.2), the service's engineered configuration: joint analytic calibration, sharper accuracy
 *       bounds, the paper's shift and Prop 4's radius;</li>
 *   <li>{@code linucb-jdp-gauss-floor}: the same with {@code linear.regulariser: FLOOR} (the noisy Gram
 *       matrix's eigenvalues raised to Υ instead of shifted by 2Υ);</li>
 *   <li>{@code linucb-jdp-gauss-paper}: the same as Shariff &amp; Sheffet 2018 analyse it (classical
 *       calibration, printed bounds);</li>
 *   <li>{@code linucb-jdp-wishart}: JDP-LinUCB with Wishart node noise (Shariff &amp; Sheffet 2018, §4.1),
 *       the paper's calibration (the only one Wishart has) with the engineered bounds;</li>
 *   <li>{@code linucb-jdp-wishart-paper}: the same with the printed bounds;</li>
 *   <li>{@code onlineucb}: OnlineUCB (the OnlineUCB paper), engineered: joint (ε, δ) release, OGD,
 *       scaled radius;</li>
 *   <li>{@code onlineucb-paper}: OnlineUCB's Algorithm 1 as printed (separate releases at (ε/2, δ/2),
 *       so each report is (ε, δ)-LDP; Maler, theory radius and G);</li>
 *   <li>{@code ldp-linucb}: the LDP-LinUCB baseline of the OnlineUCB paper's experiments.</li>
 * </ul>
 * {@code linucb-disjoint}: non-private disjoint LinUCB (Li et al. 2010; one ridge model per action over
 * the raw context, α = 1, λ = 1, {@link DisjointLinUcb}), any environment; runs once per seed.
 * {@code linucb-epochs}: a doubling-epoch private disjoint linear policy on the raw context (simulator
 * only, not served; {@link EpochLinearUcb}, options {@code --epoch-*}): one release per epoch at the full
 * (ε, δ), epochs composing in parallel; ε = ∞ runs it without noise.
 * {@code linucb-epochs-served}: the served {@code linear.release: EPOCHS} itself
 * ({@link io.dpbandit.policy.linucb.EpochLinUcb}, round-level, k = 1) on the feature vectors of
 * {@code --feature-map PER_ACTION}, one fold (leaf) per {@code --batch} rounds as the service folds one
 * leaf of B rounds; it needs a finite ε.
 * Under LDP every round's report is made by the client randomiser a real user runs.
 */
public enum PolicySpec {
    UNIFORM(Family.UNIFORM_PLAY, Kind.BASELINE, null),
    CAPRI_PAPER(Family.KERNEL_ELIMINATION, Kind.KERNEL, null),
    CAPRI(Family.KERNEL_ELIMINATION, Kind.KERNEL, null),
    CAPRI_LDP(Family.KERNEL_ELIMINATION, Kind.KERNEL, null),
    USCA(Family.UNIFORM_EXPLORATION, Kind.KERNEL, null),
    LINUCB(Family.LINEAR, Kind.LINEAR_NON_PRIVATE, r -> LinearAgents.linUcb(LinearAgents.nonPrivate(r), r)),
    LINUCB_JDP_GAUSS(Family.LINEAR, Kind.LINEAR_PRIVATE,
            r -> LinearAgents.linUcb(LinearAgents.engineered(r, NodeNoiseKind.GAUSSIAN), r)),
    LINUCB_JDP_GAUSS_FLOOR(Family.LINEAR, Kind.LINEAR_PRIVATE,
            r -> LinearAgents.linUcb(LinearAgents.floor(LinearAgents.engineered(r, NodeNoiseKind.GAUSSIAN)), r)),
    LINUCB_JDP_GAUSS_PAPER(Family.LINEAR, Kind.LINEAR_PRIVATE,
            r -> LinearAgents.linUcb(LinearAgents.paper(r, NodeNoiseKind.GAUSSIAN), r)),
    LINUCB_JDP_WISHART(Family.LINEAR, Kind.LINEAR_PRIVATE,
            r -> LinearAgents.linUcb(LinearAgents.engineered(r, NodeNoiseKind.WISHART), r)),
    LINUCB_JDP_WISHART_PAPER(Family.LINEAR, Kind.LINEAR_PRIVATE,
            r -> LinearAgents.linUcb(LinearAgents.paper(r, NodeNoiseKind.WISHART), r)),
    ONLINEUCB(Family.LINEAR, Kind.LINEAR_PRIVATE, r -> LinearAgents.onlineUcb(LinearAgents.onlineEngineered(r), r)),
    ONLINEUCB_PAPER(Family.LINEAR, Kind.LINEAR_PRIVATE, r -> LinearAgents.onlineUcb(LinearAgents.onlinePaper(r), r)),
    LDP_LINUCB(Family.LINEAR, Kind.LINEAR_PRIVATE, LinearAgents::ldpLinUcb),
    GPUCB(Family.GAUSSIAN_PROCESS, Kind.KERNEL, null),
    GPUCB_LOCAL(Family.GAUSSIAN_PROCESS, Kind.KERNEL, null),
    GPUCB_NONPRIVATE(Family.GAUSSIAN_PROCESS, Kind.NON_PRIVATE, null),
    LINUCB_DISJOINT(Family.DISJOINT_LINEAR, Kind.NON_PRIVATE, null),
    LINUCB_EPOCHS(Family.EPOCH_LINEAR, Kind.KERNEL, null),
    LINUCB_EPOCHS_SERVED(Family.LINEAR, Kind.LINEAR_PRIVATE, LinearAgents::epochLinUcb);

    /** How a policy is run: each family has one runner in {@link Simulation}. */
    public enum Family { UNIFORM_PLAY, KERNEL_ELIMINATION, UNIFORM_EXPLORATION, GAUSSIAN_PROCESS, LINEAR, DISJOINT_LINEAR, EPOCH_LINEAR }

    /**
     * NON_PRIVATE: a non-linear policy without noise, run once per seed like uniform. KERNEL: any policy on
     * the raw joint point or context with a private version at every finite ε and a non-private one at ∞.
     */
    private enum Kind { BASELINE, KERNEL, NON_PRIVATE, LINEAR_NON_PRIVATE, LINEAR_PRIVATE }

    private final Family family;
    private final Kind kind;
    private final LinearAgents.Recipe recipe;

    PolicySpec(Family family, Kind kind, LinearAgents.Recipe recipe) {
        this.family = family;
        this.kind = kind;
        this.recipe = recipe;
    }

    public Family family() {
        return family;
    }

    /** How a linear policy's agent is built (null for the others). */
    LinearAgents.Recipe recipe() {
        return recipe;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether it plays on a linear environment's feature vectors (and needs one). */
    public boolean linear() {
        return kind == Kind.LINEAR_NON_PRIVATE || kind == Kind.LINEAR_PRIVATE;
    }

    /** Whether ε changes anything: uniform play and non-private LinUCB run once per seed, at ε = ∞. */
    public boolean usesEpsilon() {
        return kind == Kind.KERNEL || kind == Kind.LINEAR_PRIVATE;
    }

    /** Whether it needs a finite ε (it has no non-private version under this name). */
    public boolean needsFiniteEpsilon() {
        return kind == Kind.LINEAR_PRIVATE;
    }

    /** Every name, comma-separated, for messages. */
    public static String names() {
        return Arrays.stream(values()).map(PolicySpec::label).collect(Collectors.joining(", "));
    }

    public static PolicySpec parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown policy '" + s.trim() + "' (known: " + names() + ")");
        }
    }
}
