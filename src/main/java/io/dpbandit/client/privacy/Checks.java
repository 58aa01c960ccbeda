package io.dpbandit.client.privacy;

/** Argument checks with messages that tell the caller what to change. */
public final class Checks {

    private Checks() {
    }

    public static void positiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }

    public static void nonNegativeFinite(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
    }

    public static void openUnitInterval(double value, String name) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1), got " + value);
        }
    }

    public static void finite(double[] values, String name) {
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
