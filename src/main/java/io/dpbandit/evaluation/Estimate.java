package io.dpbandit.evaluation;

/** A released estimate with its interval; null fields where the arm has served no decision yet. */
public record Estimate(Double value, Double low, Double high) {

    static final Estimate NONE = new Estimate(null, null, null);

    /** Half the interval's width (null: no estimate). */
    public Double halfWidth() {
        return value == null ? null : (high - low) / 2;
    }
}
