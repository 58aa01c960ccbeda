package io.dpbandit.policy.linucb;

/**
 * The state of {@link EpochLinUcb}: immutable in intent (arrays are not modified once built).
 *
 * @param observations learning rounds folded so far
 * @param releases     epochs released so far
 * @param exact        the current epoch's exact sums Σ[x; y][x; y]ᵀ per action (packed upper
 *                     triangles); dropped at each release and at the horizon
 * @param released     the sums of all releases per action (noisy, public)
 * @param theta        the model decisions read: θ per action block (post-processing of the releases)
 */
public record EpochLinUcbState(long observations, int releases, double[][] exact, double[][] released,
        double[] theta) {
}
