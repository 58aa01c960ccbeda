package io.dpbandit.sim;

import java.util.Map;

/**
 * Reads an option's value from a name → value map, for {@link WorldPlanner#simulation} (the command
 * line itself is parsed by picocli): a whole or a finite number, the fallback when absent, and a
 * message naming the option otherwise, which the commands turn into exit code 2.
 */
public final class OptionValues {

    private OptionValues() {
    }

    public static int integer(Map<String, String> o, String key, int fallback) {
        String v = o.get(key);
        try {
            return v == null ? fallback : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + key + " must be a whole number, was '" + v + "'");
        }
    }

    public static double number(Map<String, String> o, String key, double fallback) {
        String v = o.get(key);
        try {
            double d = v == null ? fallback : Double.parseDouble(v.trim());
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + key + " must be a finite number, was '" + v + "'");
        }
    }
}
