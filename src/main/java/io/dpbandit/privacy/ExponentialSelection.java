package io.dpbandit.privacy;

/** The candidate an exponential mechanism selected, with the distribution it was drawn from. */
public record ExponentialSelection(int index, ExponentialDistribution distribution) {

    public ExponentialSelection {
        if (distribution == null) {
            throw new IllegalArgumentException("distribution must not be null");
        }
        if (index < 0 || index >= distribution.size()) {
            throw new IllegalArgumentException("index " + index + " is not a candidate");
        }
    }

    /** log p of every candidate (a copy). */
    public double[] logProbabilities() {
        return distribution.logProbabilities();
    }

    /** p of every candidate (a copy; entries below ~5e-324 are 0 although their log is finite). */
    public double[] probabilities() {
        return distribution.probabilities();
    }
}
