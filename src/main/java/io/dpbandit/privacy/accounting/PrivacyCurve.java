package io.dpbandit.privacy.accounting;

import java.util.function.DoubleUnaryOperator;
import java.util.function.Supplier;

/**
 * The (ε, δ) curve (privacy profile; Balle, Barthe &amp; Gaboardi 2018, "Privacy amplification by
 * subsampling: tight analyses via couplings and divergences") of one fixed list of mechanisms,
 * prepared once by
 * {@link ExactAccountant#curve} and queried many times: the discretisation and convolutions are done
 * when the curve is made (pessimistic side) or first needed (optimistic side). Immutable and
 * thread-safe.
 */
public final class PrivacyCurve {

    /** One side of the curve: δ(ε) and ε(δ) bounds in the direction of a {@link BoundSide}. */
    record Side(DoubleUnaryOperator delta, DoubleUnaryOperator epsilon) {
    }

    private final ExactAccountant.Route route;
    private final Side pessimistic;
    private final Supplier<Side> optimisticSupplier;
    private volatile Side optimistic;

    PrivacyCurve(ExactAccountant.Route route, Side pessimistic, Supplier<Side> optimistic) {
        this.route = route;
        this.pessimistic = pessimistic;
        this.optimisticSupplier = optimistic;
    }

    /** How the list is accounted. */
    public ExactAccountant.Route route() {
        return route;
    }

    /** An upper bound on δ at ε ≥ 0, including every rounding error. */
    public double delta(double epsilon) {
        checkEpsilon(epsilon);
        return pessimistic.delta().applyAsDouble(epsilon);
    }

    /** An upper bound on the smallest ε ≥ 0 with δ(ε) ≤ δ (+∞ if there is none). */
    public double epsilon(double delta) {
        GaussianDp.checkDelta(delta);
        return pessimistic.epsilon().applyAsDouble(delta);
    }

    /** [optimistic, pessimistic] bounds on δ at ε: the exact value lies inside. */
    public Interval deltaBounds(double epsilon) {
        checkEpsilon(epsilon);
        return new Interval(optimistic().delta().applyAsDouble(epsilon), pessimistic.delta().applyAsDouble(epsilon));
    }

    /** [optimistic, pessimistic] bounds on ε at δ: the exact value lies inside. */
    public Interval epsilonBounds(double delta) {
        GaussianDp.checkDelta(delta);
        return new Interval(optimistic().epsilon().applyAsDouble(delta), pessimistic.epsilon().applyAsDouble(delta));
    }

    private Side optimistic() {
        Side side = optimistic;
        if (side == null) {
            synchronized (this) {
                side = optimistic;
                if (side == null) {
                    side = optimisticSupplier.get();
                    optimistic = side;
                }
            }
        }
        return side;
    }

    private static void checkEpsilon(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be non-negative and finite, got " + epsilon);
        }
    }
}
