package io.dpbandit.policy;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The context generator κ of CAPRI and USCA: a way to draw i.i.d. contexts that is <em>not</em>
 * user data (CAPRI paper, §2.2: "a static, offline, public database of in-distribution contexts").
 * Everything drawn from it (projection set S, covariance set R, USCA's approximating set Z) is
 * public, so it may be drawn with any generator; nothing drawn here may come from /decide or
 * /feedback traffic.
 */
public interface ContextGenerator {

    /** Dimension of the contexts it produces (0 for a context-free bandit). */
    int dimension();

    /** One context drawn i.i.d. from κ. */
    double[] draw(RandomGenerator rng);

    /**
     * The finite support of κ when it has one (a public pool), used for the maxima C_r and
     * σ̃_max over "the support of the epoch's sampling measure". Empty for continuous generators,
     * where callers estimate maxima on a public sample instead.
     */
    default Optional<List<double[]>> finiteSupport() {
        return Optional.empty();
    }
}
