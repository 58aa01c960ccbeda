package io.dpbandit.release;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.Serving;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.runtime.ModelRelease;
import io.dpbandit.runtime.ReleaseContext;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.store.BanditRegistry;
import io.dpbandit.store.BanditRecord;
import org.springframework.stereotype.Service;

/**
 * Private releases, through the bandit's runtime: the latest model (CAPRI's paid for at its epoch's
 * close, the sequential models' at creation) and the best action for a context (post-processing,
 * free), or USCA's per-context decisions (charged ε once per context). Every release carries its
 * provenance.
 */
@Service
public class ReleaseService {

    private final Runtimes runtimes;
    private final ReleaseContext releases;
    private final BanditRegistry registry;
    private final io.dpbandit.registry.BudgetViews budgets;
    private final BanditMetrics metrics;
    private final BanditStateStore states;

    public ReleaseService(Runtimes runtimes, ReleaseContext releases, BanditRegistry registry, io.dpbandit.registry.BudgetViews budgets,
            BanditMetrics metrics, BanditStateStore states) {
        this.states = states;
        this.runtimes = runtimes;
        this.releases = releases;
        this.registry = registry;
        this.budgets = budgets;
        this.metrics = metrics;
    }

    /**
     * GET /release: the algorithm's release record (its fields inline), the budget and how the
     * release was made.
     */
    public record LatestRelease(String bandit, BanditSpec.Algorithm algorithm, @JsonUnwrapped ModelRelease release,
            Ledger.Budget budget, Provenance provenance) {
    }

    /**
     * How a release was made: the service and its version, the JVM and architecture it ran on, the
     * tuning it ran with and the state version it was read from.
     */
    public record Provenance(String service, String version, String java, String arch, BanditSpec.Tuning tuning,
            long stateVersion,
            @io.swagger.v3.oas.annotations.media.Schema(description = "LEARN or PAPER: what the spec's unset options "
                    + "defaulted to (absent for a bandit created before profiles)", allowableValues = {"LEARN", "PAPER"})
            io.dpbandit.spec.Profile profile,
            @io.swagger.v3.oas.annotations.media.Schema(description = "the options the service chose for the spec "
                    + "under its profile, and why") java.util.List<io.dpbandit.spec.DefaultChoice> choices) {
    }

    public LatestRelease latest(String banditId) {
        BanditRuntime rt = runtimes.get(banditId);
        BanditRecord row = registry.findById(banditId)
                .orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(banditId)));
        return new LatestRelease(banditId, rt.spec().algorithm(), rt.latestRelease(releases),
                budgets.of(row, rt.spec()), provenance(rt));
    }

    /** POST /release: a private decision for a context; 409 retired for a retired bandit. */
    public ContextRelease release(String banditId, double[] context) {
        var serving = states.serving(banditId).orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(banditId)));
        if (serving.serving() == Serving.RETIRED) {
            throw new ServiceErrors.Retired("bandit " + ServiceErrors.quote(banditId) + " is retired: it answers no POST /release any "
                    + "more; GET /release still shows what it released");
        }
        ContextRelease r;
        try {
            r = runtimes.get(banditId).release(context, releases);
        } catch (ServiceErrors.NotReady notReady) {
            // The cached runtime may predate the model by up to the check interval: ask again, from
            // the stored version (rebuilt only if it moved).
            r = runtimes.current(banditId).release(context, releases);
        }
        metrics.release(banditId, r.charged());
        return r;
    }

    private static Provenance provenance(BanditRuntime rt) {
        String version = ReleaseService.class.getPackage().getImplementationVersion();
        return new Provenance("dpbandit", version == null ? "dev" : version, System.getProperty("java.version"),
                System.getProperty("os.arch"), rt.spec().tuning(), rt.version().version(), rt.spec().profile(),
                rt.spec().choices() == null ? java.util.List.of() : rt.spec().choices());
    }
}
