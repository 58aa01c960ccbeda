package io.dpbandit.policy;

import io.dpbandit.client.privacy.NoiseSource;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A policy whose private model changes with every reward, unlike the epoch policies CAPRI and USCA:
 * private LinUCB with the tree mechanism, private GP-UCB with quadrature Fourier features, OnlineUCB.
 * Rewards fold into the model in decision order, in batches; a decision reads the latest private
 * snapshot and never waits for a fold.
 *
 * <p>Both functions are pure: they read the state they are given and never change it, so the
 * service can serve decisions from one snapshot while the next is being folded, and the simulator
 * and the service run the same code.
 *
 * @param <S> the policy's immutable, JSON-serialisable state (public parts and the private
 *            model snapshot, e.g. the tree mechanism's fixed node noise)
 * @param <O> one observation as the server receives it: a clipped (features, reward) pair under
 *            JDP, or a client-randomised report under LDP
 */
public interface SequentialPolicy<S, O> {

    /**
     * The action for a round: an index into {@code candidates}, the joint feature vectors of the
     * round's candidate actions (Shariff &amp; Sheffet 2018's decision set D_t). Post-processing of the private
     * snapshot in {@code state}; {@code rng} only breaks ties.
     */
    Choice decide(S state, double[][] candidates, RandomGenerator rng);

    /**
     * The state after folding {@code batch}, in decision order. {@code noise} draws whatever
     * privacy noise the fold releases (e.g. the tree nodes that the batch completes). The given
     * state is left unchanged.
     */
    S fold(S state, List<O> batch, NoiseSource noise);

    /**
     * A choice among the candidates.
     *
     * @param index      the chosen candidate
     * @param score      its optimistic index (UCB), for provenance and tests
     * @param propensity the probability that this candidate was chosen, given the state and the round: 1 for a
     *                   unique argmax, 1/m for one of m exact ties broken uniformly (e.g. every candidate before
     *                   a model holds a round). The decision's propensity, what an off-policy estimate weighs by.
     */
    record Choice(int index, double score, double propensity) {

        /** A choice made with certainty (a unique argmax). */
        public Choice(int index, double score) {
            this(index, score, 1.0);
        }

        /**
         * The candidate with the largest score among {@code count}, exact ties broken uniformly with
         * {@code rng} (drawn from only on a tie): the UCB argmax every sequential policy ends with.
         * Scores are computed once each, in order.
         *
         * @throws IllegalArgumentException for no candidates or no rng
         * @throws ArithmeticException      if no candidate has a score above −∞ (e.g. all NaN)
         */
        public static Choice argmax(int count, java.util.function.IntToDoubleFunction score, RandomGenerator rng) {
            if (count <= 0) {
                throw new IllegalArgumentException("need at least one candidate");
            }
            if (rng == null) {
                throw new IllegalArgumentException("rng is required (it breaks ties)");
            }
            double best = Double.NEGATIVE_INFINITY;
            int[] ties = new int[count];
            int tieCount = 0;
            for (int i = 0; i < count; i++) {
                double value = score.applyAsDouble(i);
                if (value > best) {
                    best = value;
                    tieCount = 0;
                    ties[tieCount++] = i;
                } else if (value == best) {
                    ties[tieCount++] = i;
                }
            }
            if (tieCount == 0) {
                throw new ArithmeticException("no candidate has a finite score");
            }
            return tieCount == 1 ? new Choice(ties[0], best, 1.0)
                    : new Choice(ties[rng.nextInt(tieCount)], best, 1.0 / tieCount);
        }
    }
}
