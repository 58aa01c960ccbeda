package io.dpbandit.bandit;

import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.usca.UscaEstimator;
import io.dpbandit.privacy.NoiseSource;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.privacy.PrivacyCost;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Private releases. CAPRI: the latest epoch's model (already paid for at its close) and its best
 * action for a context (post-processing, free). USCA: one exponential-mechanism decision per
 * context, charged ε once; the same context is served again from the stored release for free.
 */
@Service
public class ReleaseService {

    private final BanditService bandits;
    private final BanditStore store;
    private final StateCodec codec;
    private final TransactionTemplate tx;
    private final NoiseSource noise;
    private final BanditMetrics metrics;
    private final ReleaseKeys keys;

    public ReleaseService(BanditService bandits, BanditStore store, StateCodec codec, TransactionTemplate tx,
            NoiseSource noise, BanditMetrics metrics, ReleaseKeys keys) {
        this.metrics = metrics;
        this.keys = keys;
        this.bandits = bandits;
        this.store = store;
        this.codec = codec;
        this.tx = tx;
        this.noise = noise;
    }

    /** The latest CAPRI model, or null before the first epoch closes. */
    public record ModelRelease(String bandit, int epoch, ReleasedModel model, BanditSpec spec,
            BanditService.Budget budget) {
    }

    public ModelRelease latestModel(String banditId) {
        BanditRuntime rt = bandits.runtime(banditId);
        if (!rt.isCapri()) {
            throw new ServiceErrors.NotReady("bandit '" + banditId + "' is USCA: it releases per context");
        }
        ReleasedModel model = rt.models().isEmpty() ? null : rt.models().get(rt.models().size() - 1);
        return new ModelRelease(banditId, model == null ? 0 : model.epoch(), model, rt.spec(),
                bandits.budget(bandits.row(banditId)));
    }

    /**
     * One USCA release as listed to analysts: the action and the ledger entry that paid for it. The
     * context is not shown, not even as its key; an analyst asks for a context's release with
     * POST /release, which serves a released context again for free.
     */
    public record UscaRelease(String action, long ledgerId, java.time.Instant releasedAt) {
    }

    public List<UscaRelease> uscaReleases(String banditId) {
        BanditRuntime rt = bandits.runtime(banditId);
        return store.releases(banditId).stream().map(r -> new UscaRelease(
                rt.actionId(((Number) r.get("action_index")).intValue()), ((Number) r.get("ledger_id")).longValue(),
                ((java.sql.Timestamp) r.get("created_at")).toInstant())).toList();
    }

    /** A private decision for a context. */
    public record ContextRelease(String bandit, String action, boolean charged, double epsilon) {
    }

    public ContextRelease release(String banditId, double[] context) {
        ContextRelease r = releaseOnce(banditId, context);
        metrics.release(banditId, r.charged());
        return r;
    }

    private ContextRelease releaseOnce(String banditId, double[] context) {
        BanditRuntime rt = bandits.runtime(banditId);
        rt.requireValidContext(context);
        if (rt.isCapri()) {
            // The model's best active action: post-processing of released models, no charge.
            int[] active = rt.activeSet(context);
            int best = active[0];
            if (!rt.models().isEmpty()) {
                double[] mu = rt.activeSets().means(rt.models().size() - 1, context);
                for (int a : active) {
                    if (mu[a] > mu[best]) {
                        best = a;
                    }
                }
            }
            return new ContextRelease(banditId, rt.actionId(best), false, 0);
        }
        if (!bandits.row(banditId).phase().equals("RELEASE")) {
            throw new ServiceErrors.NotReady("bandit '" + banditId + "' is still learning (USCA releases after "
                    + rt.spec().horizon() + " rounds)");
        }
        String key = keys.keyOf(context);
        var known = releasedAction(banditId, key, context);
        if (known.isPresent()) {
            return new ContextRelease(banditId, rt.actionId(known.get()), false, 0);
        }
        UscaEstimator estimator = codec.read(store.policyState(banditId), UscaEstimator.class);
        double eps = rt.spec().privacy().epsilon();
        return tx.execute(s -> {
            store.lockBandit(banditId);
            var again = releasedAction(banditId, key, context);
            if (again.isPresent()) {
                return new ContextRelease(banditId, rt.actionId(again.get()), false, 0);
            }
            var row = bandits.row(banditId);
            PrivacyBudget budget = new PrivacyBudget(new PrivacyCost(row.epsilonTotal(), 0), bandits.spent(banditId));
            PrivacyCost cost = PrivacyCost.pure(eps);
            if (!budget.canAfford(cost)) {
                throw new ServiceErrors.BudgetExhausted("bandit '" + banditId + "' has spent its privacy budget ("
                        + row.epsilonTotal() + "); nothing was released");
            }
            int action = rt.usca().release(estimator, context, noise).action();
            long ledgerId = store.charge(banditId, eps, 0, "USCA context release", null, "SEQUENTIAL");
            store.insertRelease(banditId, key, action, ledgerId);
            return new ContextRelease(banditId, rt.actionId(action), true, eps);
        });
    }

    /**
     * The action released for this context, if any. A release stored before HMAC keys (under the
     * unsalted SHA-256 key) is found too, and re-keyed on the spot.
     */
    private java.util.Optional<Integer> releasedAction(String banditId, String key, double[] context) {
        var found = store.releasedAction(banditId, key);
        if (found.isPresent()) {
            return found;
        }
        String legacy = ReleaseKeys.legacyKeyOf(context);
        var old = store.releasedAction(banditId, legacy);
        old.ifPresent(a -> store.rekeyRelease(banditId, legacy, key));
        return old;
    }
}
