package io.dpbandit.policy.gpucb;

/**
 * One round's data as the trusted privatiser receives it under JDP (Dubey 2021, Alg. 1 step 6): the
 * joint point x_t that was played (in the service, the context's features followed by the chosen
 * action's features; the chosen row of {@code decide}'s candidates) and the reward y_t. Raw and
 * private: the policy maps x_t through its quadrature features, clips Φ and y and folds them into the
 * tree; nothing of it is ever released except through the tree's noise.
 *
 * @param point  x_t, of the feature map's input dimension d
 * @param reward y_t
 */
public record GpUcbObservation(double[] point, double reward) {

    public GpUcbObservation {
        if (point == null) {
            throw new IllegalArgumentException("point must not be null");
        }
        point = point.clone();
    }

    @Override
    public double[] point() {
        return point.clone();
    }
}
