package io.dpbandit.policy.onlineucb;

/**
 * Configuration of {@link PrivateBanditsCombiner} (OnlineUCB paper, Algorithm 2 and Thm 4.1; docs/papers.md).
 *
 * @param base          the OnlineUCB configuration every base learner starts from; its λ_min, λ̄ and
 *                      anytime power are replaced per base (base 1: Algorithm 9 with λ_min = T^{−1/8},
 *                      k = 1/8; base i ≥ 2: λ_min = 2^{i−1}/T^{1/8}, λ̄ = T^{−1/8}, so Δ² = 0)
 * @param p             p, the universal constant of the confidence term [open] (default 1)
 * @param regretScale   P of Thm 4.1 (L_1, η_1) [open] (default 1)
 * @param regretScaleBase P′ of Thm 4.1 (L_i, η_i for i ≥ 2) [open] (default 1)
 */
public record CombinerConfig(OnlineUcbConfig base, double p, double regretScale, double regretScaleBase) {

    public CombinerConfig {
        if (base == null) {
            throw new IllegalArgumentException("the base OnlineUCB configuration is required");
        }
        if (!(p >= 0) || !(regretScale > 0) || !(regretScaleBase > 0) || Double.isInfinite(p)
                || Double.isInfinite(regretScale) || Double.isInfinite(regretScaleBase)) {
            throw new IllegalArgumentException("need p >= 0 and P, P' > 0, all finite");
        }
    }

    /** Constants p = P = P′ = 1 on the given base configuration. */
    public static CombinerConfig of(OnlineUcbConfig base) {
        return new CombinerConfig(base, 1.0, 1.0, 1.0);
    }

    /** M = ⌈(1/8) log₂ T⌉ + 1 base learners (Lemma F.3). */
    public int baseCount() {
        return (int) StrictMath.ceil(StrictMath.log(base.horizon()) / StrictMath.log(2.0) / 8.0 - 1e-12) + 1;
    }
}
