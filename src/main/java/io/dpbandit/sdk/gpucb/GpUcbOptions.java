package io.dpbandit.sdk.gpucb;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.dpbandit.sdk.BanditSpec;
import io.dpbandit.sdk.SpecOptions;

/**
 * Private GP-UCB's options ({@code gpucb} in a spec); null fields take the defaults.
 *
 * @param nodesPerDimension m̄, the quadrature nodes per dimension (M = 2 m̄^d features)
 * @param mode              PAPER or ENGINEERED
 * @param regulariser       how the noisy Gram matrix is made positive definite
 * @param radiusScale       multiplies the confidence radius
 */
@JsonTypeName("gpucb")
public record GpUcbOptions(Integer nodesPerDimension, BanditSpec.Mode mode, Regulariser regulariser,
        Double radiusScale) implements SpecOptions {

    /** m̄ quadrature nodes per dimension, every other option at its default. */
    public static GpUcbOptions nodesPerDimension(int nodes) {
        return new GpUcbOptions(nodes, null, null, null);
    }

    public enum Regulariser { SHIFT, FLOOR }
}
