package io.dpbandit.privacy.accounting;

import java.util.List;
import java.util.Objects;

/**
 * zCDP accounting, kept for comparison with {@link ExactAccountant}: ρ = Σρᵢ (zCDP composes
 * additively, also adaptively; Bun &amp; Steinke 2016, Lemma 2.3), each ρᵢ from
 * {@link Mechanism#zcdpRho()}, then converted by a {@link ZcdpConversion}.
 */
public final class ZcdpAccountant implements PrivacyLossAccountant {

    private final ZcdpConversion conversion;

    public ZcdpAccountant(ZcdpConversion conversion) {
        this.conversion = Objects.requireNonNull(conversion, "conversion");
    }

    public ZcdpConversion conversion() {
        return conversion;
    }

    /** Σρᵢ, compensated and rounded up (relative margin (n + 4)u for the roundings of each ρᵢ). */
    public static double rho(List<? extends Mechanism> mechanisms) {
        double hi = 0.0;
        double lo = 0.0;
        for (Mechanism m : mechanisms) {
            double r = m.zcdpRho();
            double s = hi + r;
            lo += Math.abs(hi) >= Math.abs(r) ? (hi - s) + r : (r - s) + hi;
            hi = s;
        }
        double total = hi + lo;
        return total == 0.0 ? 0.0 : Fp.inflate(total, Fp.gamma(mechanisms.size() + 4.0));
    }

    @Override
    public double delta(List<? extends Mechanism> mechanisms, double epsilon) {
        return conversion.delta(rho(mechanisms), epsilon);
    }

    @Override
    public double epsilon(List<? extends Mechanism> mechanisms, double delta) {
        return conversion.epsilon(rho(mechanisms), delta);
    }
}
