package io.dpbandit.policy.ldplinucb;

import java.util.Arrays;

/**
 * LDP-LinUCB's state: the sums of the reports. Public (a function of LDP reports only).
 *
 * @param round   n, reports folded
 * @param gram    Σ of the reports' noisy x xᵀ, symmetric, row-major d×d
 * @param target  Σ of the reports' noisy y x
 */
public record LdpLinUcbState(long round, double[] gram, double[] target) {

    public LdpLinUcbState {
        gram = gram.clone();
        target = target.clone();
        if (gram.length != target.length * target.length) {
            throw new IllegalArgumentException("gram must be d x d for d = target.length");
        }
    }

    @Override
    public double[] gram() {
        return gram.clone();
    }

    @Override
    public double[] target() {
        return target.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LdpLinUcbState s && s.round == round && Arrays.equals(s.gram, gram)
                && Arrays.equals(s.target, target);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(round) + Arrays.hashCode(target);
    }

    @Override
    public String toString() {
        return "LdpLinUcbState[round=" + round + ", d=" + target.length + "]";
    }
}
