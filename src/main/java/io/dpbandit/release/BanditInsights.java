package io.dpbandit.release;

import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Slice;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.PublicModel;
import io.dpbandit.store.EpochStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.stereotype.Service;

/**
 * What the analyst page charts, from what an analyst may already read: the epochs' timeline and
 * releases (public), the ledger, and the public model's recommendations over a sample of the
 * public context pool. Nothing here touches a user's context or reward, and nothing is charged:
 * every figure is post-processing of releases (USCA's per-context releases are charged, so none is
 * made here).
 */
@Service
public class BanditInsights {

    /** Pool contexts the recommendation map and the active-set sizes are computed on, at most. */
    static final int SAMPLE = 400;

    private final Runtimes runtimes;
    private final EpochStore epochs;
    private final Ledger ledger;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    public BanditInsights(Runtimes runtimes, EpochStore epochs, Ledger ledger) {
        this.runtimes = runtimes;
        this.epochs = epochs;
        this.ledger = ledger;
    }

    /**
     * One epoch as the timeline shows it. Its dates (but openedAt of the first epoch, the bandit's
     * creation) are instants of the lifecycle's public grid: plannedAt, sealedAt and closedAt those of
     * the steps that planned, sealed and closed it (an ABANDONED epoch's closedAt: when it was abandoned),
     * openedAt that of the close that opened it.
     *
     * @param width             CAPRI: the released model's confidence width Δ_r (noise included)
     * @param projectionSize    CAPRI: |S_r| of the released model
     * @param meanActiveSetSize CAPRI: the mean |X_{r+1}(c)| over the pool sample after this release
     * @param epsilon           the privacy charged for this epoch's release (0 if none)
     */
    public record EpochSummary(int number, EpochStatus status, int length, int assigned, int folded,
            Instant openedAt, @Schema(nullable = true) Instant plannedAt, @Schema(nullable = true) Instant sealedAt,
            @Schema(nullable = true) Instant closedAt, @Schema(nullable = true) String work, Double progress,
            Double width, Integer projectionSize, Double meanActiveSetSize, double epsilon, double delta) {
    }

    /** At most {@code limit} of the bandit's epochs after epoch {@code after} (0 for the first), oldest first. */
    public Slice<EpochSummary> epochs(String banditId, int after, int limit) {
        BanditRuntime rt = runtimes.get(banditId);
        Slice<EpochStore.EpochRow> rows = Slice.of(epochs.epochs(banditId, after, limit + 1), limit);
        return new Slice<>(summaries(rt, rows.items()), rows.more());
    }

    public List<EpochSummary> epochs(String banditId) {
        return summaries(runtimes.get(banditId), epochs.epochs(banditId));
    }

    private List<EpochSummary> summaries(BanditRuntime rt, List<EpochStore.EpochRow> rows) {
        String banditId = rt.spec().id();
        Map<Integer, List<Ledger.Entry>> charges = ledger.entries(banditId).stream()
                .filter(e -> e.epoch() != null).collect(Collectors.groupingBy(Ledger.Entry::epoch));
        double[] meanSizes = cached(rt).meanActiveSetSizes();
        Optional<PublicModel> model = rt.publicModel();
        List<EpochSummary> out = new ArrayList<>();
        for (EpochStore.EpochRow e : rows) {
            var figures = model.flatMap(m -> m.figures(e.number()));
            int released = figures.map(PublicModel.ReleaseFigures::index).orElse(-1);
            List<Ledger.Entry> charged = charges.getOrDefault(e.number(), List.of());
            out.add(new EpochSummary(e.number(), e.status(), e.length(), e.assigned(), e.folded(), e.openedAt(),
                    e.plannedAt(), e.sealedAt(), e.closedAt(), e.workStage(), e.workProgress(),
                    figures.map(PublicModel.ReleaseFigures::width).orElse(null),
                    figures.map(PublicModel.ReleaseFigures::projectionSize).orElse(null),
                    released >= 0 && released < meanSizes.length ? meanSizes[released] : null,
                    charged.stream().mapToDouble(Ledger.Entry::epsilon).sum(),
                    charged.stream().mapToDouble(Ledger.Entry::delta).sum()));
        }
        return out;
    }

    /** Where the contexts recommendations are made for come from: all public, none a user's. */
    public enum ContextSample {
        /** the public pool, every context */
        POOL,
        /** an evenly spaced sample of the public pool */
        POOL_SAMPLE,
        /**
         * no pool: the spec carries no public contexts, so nothing is recommended (the service does not
         * know where contexts lie; a box such as [0, 1]^d would show actions for contexts no user has)
         */
        NO_SAMPLE,
        /** none: the bandit's recommendations are charged (USCA) */
        NONE
    }

    /**
     * The public model's recommendation for each context of a public sample: the pool (evenly spaced,
     * at most {@value #SAMPLE}); empty for a bandit without a pool (LINUCB, ONLINEUCB and GPUCB may leave
     * it out: then nothing says where contexts lie), where recommendations cost privacy (USCA), and while
     * a sequential model holds no round yet (it would recommend by its prior alone).
     */
    public record Recommendations(String bandit, int epoch, int poolSize,
            @Schema(description = "where the contexts come from: POOL, POOL_SAMPLE (evenly spaced), NO_SAMPLE (the spec "
                    + "has no contextPool, so nothing is recommended: the service does not know where contexts lie) "
                    + "or NONE where recommendations are charged ({{charged-releases}})") ContextSample sample,
            List<double[]> contexts, List<String> actions, List<Integer> activeSetSizes,
            @Schema(description = "per context: whether the release separates the recommended action from every other "
                    + "by more than its noise (the widths the planner uses: elimination for {{epoch-models}}; a score "
                    + "margin above twice the planner's score error at the model's rounds for {{sequential}}). An "
                    + "unresolved recommendation is the model's best guess, not a finding") List<Boolean> resolved,
            @Schema(description = "the learning rounds after which the planner expects the median unresolved margin to "
                    + "be resolved (null: every recommendation is resolved, the model keeps no margins, or not within "
                    + "the horizon)") Long roundsToResolve) {
    }

    public Recommendations recommendations(String banditId) {
        BanditRuntime rt = runtimes.get(banditId);
        Cached c = cached(rt);
        return new Recommendations(banditId, rt.version().epoch(), pool(rt).size(), c.sample(), c.contexts(),
                c.actions(), c.sizes(), c.resolved(), c.roundsToResolve());
    }

    private record Cached(Object version, ContextSample sample, List<double[]> contexts, List<String> actions,
            List<Integer> sizes, double[] meanActiveSetSizes, List<Boolean> resolved, Long roundsToResolve) {
    }

    /** Computed once per runtime (that is, per released epoch), shared by both views. */
    private Cached cached(BanditRuntime rt) {
        Cached hit = cache.get(rt.spec().id());
        if (hit != null && hit.version() == rt) {
            return hit;
        }
        Optional<PublicModel> model = rt.publicModel();
        List<double[]> pool = pool(rt);
        ContextSample kind = model.isEmpty() ? ContextSample.NONE
                : pool.isEmpty() ? ContextSample.NO_SAMPLE
                : pool.size() <= SAMPLE ? ContextSample.POOL : ContextSample.POOL_SAMPLE;
        List<double[]> sample = switch (kind) {
            case POOL, POOL_SAMPLE -> sample(pool);
            case NO_SAMPLE, NONE -> List.of();
        };
        List<double[]> contexts = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<Boolean> resolved = new ArrayList<>();
        List<Double> unresolvedMargins = new ArrayList<>();
        double[] sums = null;
        for (double[] c : sample) {
            if (model.isEmpty() || !model.get().recommends()) {
                break;
            }
            PublicModel.Recommendation r = model.get().recommend(c);
            contexts.add(c);
            actions.add(r.action());
            sizes.add(r.activeSetSize());
            resolved.add(r.resolved());
            if (!r.resolved() && r.margin() != null && r.margin() > 0) {
                unresolvedMargins.add(r.margin());
            }
            int[] perEpoch = model.get().activeSetSizes(c);
            if (sums == null) {
                sums = new double[perEpoch.length];
            }
            for (int i = 0; i < perEpoch.length && i < sums.length; i++) {
                sums[i] += perEpoch[i];
            }
        }
        double[] means = sums == null ? new double[0] : sums;
        for (int i = 0; i < means.length; i++) {
            means[i] /= sample.size();
        }
        Long rounds = null;
        if (!unresolvedMargins.isEmpty() && model.isPresent()) {
            java.util.Collections.sort(unresolvedMargins);
            rounds = model.get().roundsToResolve(unresolvedMargins.get(unresolvedMargins.size() / 2)).orElse(null);
        }
        Cached fresh = new Cached(rt, kind, List.copyOf(contexts), List.copyOf(actions), List.copyOf(sizes), means,
                List.copyOf(resolved), rounds);
        cache.put(rt.spec().id(), fresh);
        return fresh;
    }

    private static List<double[]> pool(BanditRuntime rt) {
        return rt.spec().contextPool() == null ? List.of() : rt.spec().contextPool();
    }

    /** At most SAMPLE contexts, evenly spaced through the pool (deterministic, public). */
    static List<double[]> sample(List<double[]> pool) {
        if (pool.size() <= SAMPLE) {
            return pool;
        }
        List<double[]> out = new ArrayList<>(SAMPLE);
        for (int i = 0; i < SAMPLE; i++) {
            out.add(pool.get((int) ((long) i * pool.size() / SAMPLE)));
        }
        return out;
    }
}
