package io.dpbandit.client;

/**
 * Checks the numbers of a wire record (a report or ticket read from JSON) as it is constructed, so a
 * record that exists is one the server or device can use: arrays present and finite, and copied so
 * the record stays immutable.
 */
public final class WireValues {

    private WireValues() {
    }

    /**
     * A copy of {@code values}, refusing null and any NaN or infinite entry.
     *
     * @throws IllegalArgumentException naming the field
     */
    public static double[] finiteCopy(double[] values, String name) {
        if (values == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(name + " must be finite, got " + v);
            }
        }
        return values.clone();
    }
}
