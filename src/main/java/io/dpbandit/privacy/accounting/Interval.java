package io.dpbandit.privacy.accounting;

/**
 * A certified enclosure [lower, upper] of an exact privacy quantity (δ at an ε, or ε at a δ): the
 * optimistic and pessimistic estimates of the same computation ({@link BoundSide}; the lower and
 * upper bounds of Meiser &amp; Mohammadi 2018, "Tight on budget? Tight bounds for r-fold approximate
 * differential privacy").
 */
public record Interval(double lower, double upper) {

    public Interval {
        if (!(lower <= upper)) {
            throw new IllegalArgumentException("lower " + lower + " must not exceed upper " + upper);
        }
    }

    /** Whether the interval contains x. */
    public boolean contains(double x) {
        return lower <= x && x <= upper;
    }

    /** (upper − lower)/upper, the relative width (0 for [0, 0]). */
    public double relativeWidth() {
        return upper == 0.0 ? 0.0 : (upper - lower) / upper;
    }
}
