package io.dpbandit.release;

import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Slice;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.PublicModel;
import io.dpbandit.store.EpochStore;
import io.dpbandit.store.LedgerEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
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
     * One epoch as the timeline shows it.
     *
     * @param width             CAPRI: the released model's confidence width Δ_r (noise included)
     * @param projectionSize    CAPRI: |S_r| of the released model
     * @param meanActiveSetSize CAPRI: the mean |X_{r+1}(c)| over the pool sample after this release
     * @param epsilon           the privacy charged for this epoch's release (0 if none)
     */
    public record EpochSummary(int number, EpochStatus status, int length, int assigned, int folded,
            Instant openedAt, Instant plannedAt, Instant sealedAt, Instant closedAt, String work, Double progress,
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
        Map<Integer, List<LedgerEntry>> charges = ledger.entries(banditId).stream()
                .filter(e -> e.getEpoch() != null).collect(Collectors.groupingBy(LedgerEntry::getEpoch));
        double[] meanSizes = cached(rt).meanActiveSetSizes();
        Optional<PublicModel> model = rt.publicModel();
        List<EpochSummary> out = new ArrayList<>();
        for (EpochStore.EpochRow e : rows) {
            var figures = model.flatMap(m -> m.figures(e.number()));
            int released = figures.map(PublicModel.ReleaseFigures::index).orElse(-1);
            List<LedgerEntry> charged = charges.getOrDefault(e.number(), List.of());
            out.add(new EpochSummary(e.number(), e.status(), e.length(), e.assigned(), e.folded(), e.openedAt(),
                    e.plannedAt(), e.sealedAt(), e.closedAt(), e.workStage(), e.workProgress(),
                    figures.map(PublicModel.ReleaseFigures::width).orElse(null),
                    figures.map(PublicModel.ReleaseFigures::projectionSize).orElse(null),
                    released >= 0 && released < meanSizes.length ? meanSizes[released] : null,
                    charged.stream().mapToDouble(LedgerEntry::getEpsilon).sum(),
                    charged.stream().mapToDouble(LedgerEntry::getDelta).sum()));
        }
        return out;
    }

    /**
     * The public model's recommendation for each context of a sample of the pool (evenly spaced,
     * at most {@value #SAMPLE}); empty when the bandit has no pool or its recommendations cost
     * privacy.
     */
    public record Recommendations(String bandit, int epoch, int poolSize, List<double[]> contexts,
            List<String> actions, List<Integer> activeSetSizes) {
    }

    public Recommendations recommendations(String banditId) {
        BanditRuntime rt = runtimes.get(banditId);
        Cached c = cached(rt);
        return new Recommendations(banditId, rt.version().epoch(), pool(rt).size(), c.contexts(), c.actions(),
                c.sizes());
    }

    private record Cached(Object version, List<double[]> contexts, List<String> actions, List<Integer> sizes,
            double[] meanActiveSetSizes) {
    }

    /** Computed once per runtime (that is, per released epoch), shared by both views. */
    private Cached cached(BanditRuntime rt) {
        Cached hit = cache.get(rt.spec().id());
        if (hit != null && hit.version() == rt) {
            return hit;
        }
        List<double[]> sample = sample(pool(rt));
        List<double[]> contexts = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        double[] sums = null;
        Optional<PublicModel> model = rt.publicModel();
        for (double[] c : sample) {
            if (model.isEmpty()) {
                break;
            }
            PublicModel.Recommendation r = model.get().recommend(c);
            contexts.add(c);
            actions.add(r.action());
            sizes.add(r.activeSetSize());
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
        Cached fresh = new Cached(rt, List.copyOf(contexts), List.copyOf(actions), List.copyOf(sizes), means);
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
