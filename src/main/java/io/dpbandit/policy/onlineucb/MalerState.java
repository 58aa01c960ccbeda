package io.dpbandit.policy.onlineucb;

import java.util.Arrays;

/**
 * The state of {@link Maler}: its prediction θ_t, the experts' points, the ONS matrices and the experts'
 * log weights. Immutable (arrays are copied in and out) and JSON-serialisable.
 *
 * @param step             t, the number of the next round (1 before any gradient)
 * @param point            θ_t, the tilted average of the experts (Algorithm 5, line 4), ‖θ_t‖ ≤ D
 * @param convexExpert     θ^c_t (Algorithm 6)
 * @param strongExperts    θ^{η_i,s}_t, one per grid rate η_i (Algorithm 8)
 * @param expConcaveExperts θ^{η_i,ℓ}_t, one per grid rate (Algorithm 7)
 * @param onsMatrices      A^{η_i}_t, row-major d×d, one per grid rate
 * @param onsInverses      (A^{η_i}_t)⁻¹, kept by Sherman–Morrison
 * @param logWeights       log π of the experts in the order convex, strong_1..k, exp-concave_1..k,
 *                         normalised so that Σ π = 1
 */
public record MalerState(long step, double[] point, double[] convexExpert, double[][] strongExperts,
        double[][] expConcaveExperts, double[][] onsMatrices, double[][] onsInverses, double[] logWeights) {

    public MalerState {
        point = point.clone();
        convexExpert = convexExpert.clone();
        strongExperts = Vectors.deepCopy(strongExperts);
        expConcaveExperts = Vectors.deepCopy(expConcaveExperts);
        onsMatrices = Vectors.deepCopy(onsMatrices);
        onsInverses = Vectors.deepCopy(onsInverses);
        logWeights = logWeights.clone();
        int k = strongExperts.length;
        if (expConcaveExperts.length != k || onsMatrices.length != k || onsInverses.length != k
                || logWeights.length != 1 + 2 * k) {
            throw new IllegalArgumentException("Maler state needs one strong, one exp-concave expert and one ONS "
                    + "matrix per grid rate, and 1 + 2k weights");
        }
    }

    @Override
    public double[] point() {
        return point.clone();
    }

    @Override
    public double[] convexExpert() {
        return convexExpert.clone();
    }

    @Override
    public double[][] strongExperts() {
        return Vectors.deepCopy(strongExperts);
    }

    @Override
    public double[][] expConcaveExperts() {
        return Vectors.deepCopy(expConcaveExperts);
    }

    @Override
    public double[][] onsMatrices() {
        return Vectors.deepCopy(onsMatrices);
    }

    @Override
    public double[][] onsInverses() {
        return Vectors.deepCopy(onsInverses);
    }

    @Override
    public double[] logWeights() {
        return logWeights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MalerState s && s.step == step && Arrays.equals(s.point, point)
                && Arrays.equals(s.convexExpert, convexExpert) && Arrays.deepEquals(s.strongExperts, strongExperts)
                && Arrays.deepEquals(s.expConcaveExperts, expConcaveExperts)
                && Arrays.deepEquals(s.onsMatrices, onsMatrices) && Arrays.deepEquals(s.onsInverses, onsInverses)
                && Arrays.equals(s.logWeights, logWeights);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(step) + Arrays.hashCode(point);
    }

    @Override
    public String toString() {
        return "MalerState[step=" + step + ", point=" + Arrays.toString(point) + ", experts=" + logWeights.length
                + "]";
    }
}
