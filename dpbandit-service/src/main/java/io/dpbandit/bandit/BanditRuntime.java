package io.dpbandit.bandit;

import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.capri.Elimination;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.ContextKey;
import java.util.List;
import java.util.Map;

/**
 * What one instance keeps in memory for a bandit: its spec and policy (immutable), and for CAPRI
 * the current epoch's plan with the active sets its released models give. Everything here is
 * derived from PostgreSQL and rebuilt whenever the stored epoch differs, so any number of
 * instances can serve the same bandit.
 */
record BanditRuntime(BanditSpec spec, Capri capri, Usca usca, int epoch, EpochPlan plan, List<ReleasedModel> models,
        Elimination activeSets, ContributionCalculator contributions, Map<ContextKey, int[]> activeSetCache) {

    /** Cached active sets per context hold at most this many entries per epoch. */
    static final int ACTIVE_SET_CACHE_LIMIT = 100_000;

    /**
     * X_r(c) for this epoch: chaining the released models costs O(m |X|) kernel evaluations per
     * epoch, so repeated contexts (a pool, popular segments) are served from a cache that dies with
     * the epoch's runtime.
     */
    int[] activeSet(double[] context) {
        ContextKey key = new ContextKey(context);
        int[] hit = activeSetCache.get(key);
        if (hit != null) {
            return hit;
        }
        int[] active = activeSets.activeSet(context);
        if (activeSetCache.size() < ACTIVE_SET_CACHE_LIMIT) {
            activeSetCache.put(key, active);
        }
        return active;
    }

    boolean isCapri() {
        return capri != null;
    }

    /** A request's context must have the bandit's dimension and finite numbers only (400 otherwise). */
    void requireValidContext(double[] context) {
        if (context == null || context.length != spec.contextDimension()) {
            throw InvalidRequestException.of("context", "must hold " + spec.contextDimension() + " numbers");
        }
        for (double v : context) {
            if (!Double.isFinite(v)) {
                throw InvalidRequestException.of("context", "must hold finite numbers only");
            }
        }
    }

    int actionIndex(String actionId) {
        for (int i = 0; i < spec.actions().size(); i++) {
            if (spec.actions().get(i).id().equals(actionId)) {
                return i;
            }
        }
        return -1;
    }

    String actionId(int index) {
        return spec.actions().get(index).id();
    }
}
