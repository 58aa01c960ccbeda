package io.dpbandit.policy.linucb;

/**
 * One round's data as the server receives it under JDP: the feature vector x_t of the action that
 * was played (the chosen candidate of {@code decide}) and the reward y_t. Raw and private; the
 * policy clips both before they reach the tree.
 *
 * @param features x_t, of the policy's dimension d
 * @param reward   y_t
 */
public record LinUcbObservation(double[] features, double reward) {

    public LinUcbObservation {
        if (features == null) {
            throw new IllegalArgumentException("features must not be null");
        }
        features = features.clone();
    }

    @Override
    public double[] features() {
        return features.clone();
    }
}
