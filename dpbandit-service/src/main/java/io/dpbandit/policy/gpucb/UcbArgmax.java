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
        if (points == null || points.length == 0) {
            throw new IllegalArgumentException("need at least one candidate");
        }
        if (rng == null) {
            throw new IllegalArgumentException("rng is required (it breaks ties)");
        }
        double best = Double.NEGATIVE_INFINITY;
        int[] ties = new int[points.length];
        int tieCount = 0;
        for (int i = 0; i < points.length; i++) {
            double score = snapshot.score(features.of(points[i], "candidate " + i));
            if (score > best) {
                best = score;
                tieCount = 0;
                ties[tieCount++] = i;
            } else if (score == best) {
                ties[tieCount++] = i;
            }
        }
        if (tieCount == 0) {
            throw new ArithmeticException("no candidate has a finite score");
        }
        int chosen = tieCount == 1 ? ties[0] : ties[rng.nextInt(tieCount)];
        return new Choice(chosen, best);
    }
}
