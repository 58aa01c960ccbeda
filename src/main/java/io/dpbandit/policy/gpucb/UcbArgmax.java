package io.dpbandit.policy.gpucb;

import io.dpbandit.policy.SequentialPolicy.Choice;
import java.util.random.RandomGenerator;

/**
 * Alg. 1 step 5 (Eq. 8): x_t = argmax over the round's candidates of μ̃_t(x) + radius·‖Φ(x)‖_{V_t⁻¹},
 * ties broken uniformly by {@code rng}. Post-processing of a snapshot and of the round's own candidates
 * only, which is why the action shown to user t is JDP with respect to everyone else.
 */
final class UcbArgmax {

    private UcbArgmax() {
    }

    static Choice choose(GpUcbSnapshot snapshot, ClippedFeatures features, double[][] points, RandomGenerator rng) {
        if (points == null) {
            throw new IllegalArgumentException("need at least one candidate");
        }
        return Choice.argmax(points.length, i -> snapshot.score(features.of(points[i], "candidate " + i)), rng);
    }
}
