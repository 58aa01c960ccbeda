package io.dpbandit.policy.gpucb;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.kernel.QuadratureFourierFeatures;

/**
 * How many quadrature nodes per dimension (m̄) to use for a horizon T. The paper leaves this open
 * in practice (explicit m̄, docs/papers.md): the experiments do not state m̄, and "6 log T" has no
 * stated base.
 */
public final class QffOrderChoice {

    /** The base of the paper's "log" in m̄ = 6 log T ([open]). */
    public enum LogBase { NATURAL, BINARY }

    private QffOrderChoice() {
    }

    /**
     * Cor. 1 and 2: m̄ = ⌈6 log T⌉ (feature dimension 2 m̄^d; Cor. 3 and 4 drop the 2), giving
     * ε_qff = O(T⁻⁶) on [0,1]^d. At T = 1024 this is 42 (natural log) or 60 (base 2), i.e. 3528 or 7200
     * features for d = 2, far beyond Remark 6's m = o(√T) and costly per round (feature dimension cost,
     * docs/papers.md). At least 1.
     */
    public static int corollary1(int horizon, LogBase base) {
        JdpTreeCalibration.requirePositiveHorizon(horizon);
        double log = base == LogBase.BINARY ? StrictMath.log(horizon) / StrictMath.log(2.0) : StrictMath.log(horizon);
        return Math.max(1, (int) StrictMath.ceil(6.0 * log - 1e-12));
    }

    /**
     * The practical m̄ of docs/papers.md: the smallest m̄ whose Thm 2 bound on the actual domain is ≤ 1/T²
     * (the per-round approximation regret 2Bε_qff then sums to ≤ 2B/T).
     */
    public static int errorBelowInverseSquareHorizon(int horizon, BoxDomain domain, double lengthScale) {
        JdpTreeCalibration.requirePositiveHorizon(horizon);
        double t = horizon;
        return QuadratureFourierFeatures.smallestOrderMeeting(1.0 / (t * t), domain, lengthScale);
    }
}
