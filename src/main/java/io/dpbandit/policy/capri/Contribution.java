package io.dpbandit.policy.capri;

/**
 * One round's contribution g^(t) = y_t · A k_S(c_t, x_t) to the epoch accumulator (CAPRI step 6, docs/papers.md),
 * after reward clipping to [-B, B] and vector clipping to norm C_r.
 *
 * @param vector        the (clipped) contribution, length |S|
 * @param rewardClipped the reward lay outside [-B, B]
 * @param vectorClipped the contribution's norm exceeded C_r and was scaled down
 */
public record Contribution(double[] vector, boolean rewardClipped, boolean vectorClipped) {

    public Contribution {
        vector = vector.clone();
    }
}
