package io.dpbandit.bandit;

import io.dpbandit.bandit.runtime.BanditRuntime;
import io.dpbandit.bandit.runtime.Releases;
import io.dpbandit.bandit.runtime.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * Private releases, through the bandit's runtime: CAPRI's latest model (paid for at its epoch's
 * close) and its best action for a context (post-processing, free); USCA's per-context decisions
 * (charged ε once per context). Every release carries its provenance.
 */
@Service
public class ReleaseService {

    private final Runtimes runtimes;
    private final Releases releases;
    private final BanditService bandits;
    private final BanditMetrics metrics;

    public ReleaseService(Runtimes runtimes, Releases releases, BanditService bandits, BanditMetrics metrics) {
        this.runtimes = runtimes;
        this.releases = releases;
        this.bandits = bandits;
        this.metrics = metrics;
    }

    /** GET /release: the latest release with the budget and its provenance. */
    public Map<String, Object> latest(String banditId) {
        BanditRuntime rt = runtimes.get(banditId);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("bandit", banditId);
        out.put("algorithm", rt.spec().algorithm());
        out.putAll(rt.latestRelease(releases));
        out.put("budget", bandits.budget(bandits.row(banditId)));
        out.put("provenance", provenance(rt));
        return out;
    }

    /** POST /release: a private decision for a context. */
    public Releases.ContextRelease release(String banditId, double[] context) {
        Releases.ContextRelease r;
        try {
            r = runtimes.get(banditId).release(context, releases);
        } catch (ServiceErrors.NotReady notReady) {
            // The cached runtime may predate the estimator by up to the check interval: ask again.
            r = runtimes.fresh(banditId).release(context, releases);
        }
        metrics.release(banditId, r.charged());
        return r;
    }

    private static Map<String, Object> provenance(BanditRuntime rt) {
        String version = ReleaseService.class.getPackage().getImplementationVersion();
        return Map.of("service", "dpbandit", "version", version == null ? "dev" : version,
                "java", System.getProperty("java.version"), "arch", System.getProperty("os.arch"),
                "tuning", rt.spec().tuning(), "stateVersion", rt.version().version());
    }
}
