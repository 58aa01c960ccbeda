package io.dpbandit.privacy;

/** Argument checks with messages that tell the caller what to change. */
final class Checks {

    private Checks() {
    }

    static void positiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }

    static void nonNegativeFinite(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
    }

    static void openUnitInterval(double value, String name) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1), got " + value);
        }
    }

    static void finite(double[] values, String name) {
        if (values == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(
                        name + "[" + i + "] is " + values[i] + "; only finite values are accepted");
            }
        }
    }
}
