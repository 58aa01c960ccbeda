package io.dpbandit.policy.ldplinucb;

import java.util.Arrays;

/**
 * One user's LDP-LinUCB report: the upper triangle of x xᵀ (row by row, d(d+1)/2 entries) and y x
 * (d entries), each with N(0, σ²) noise on every entry, released as one Gaussian vector.
 *
 * @param gram   noisy upper triangle of x xᵀ, row-major (entries (0,0), (0,1), …, (0,d−1), (1,1), …)
 * @param target noisy y x
 */
public record LdpLinUcbReport(double[] gram, double[] target) {

    public LdpLinUcbReport {
        gram = gram.clone();
        target = target.clone();
        int d = target.length;
        if (d == 0 || gram.length != d * (d + 1) / 2) {
            throw new IllegalArgumentException("gram must hold d(d+1)/2 entries for d = target.length");
        }
        for (double v : gram) {
            requireFinite(v);
        }
        for (double v : target) {
            requireFinite(v);
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
        return o instanceof LdpLinUcbReport r && Arrays.equals(r.gram, gram) && Arrays.equals(r.target, target);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(gram) + Arrays.hashCode(target);
    }

    @Override
    public String toString() {
        return "LdpLinUcbReport[d=" + target.length + "]";
    }

    private static void requireFinite(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("report entries must be finite, got " + v);
        }
    }
}
