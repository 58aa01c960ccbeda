package io.dpbandit.spec;

/**
 * PAPER: the algorithm as its paper states it (calibration, bounds, widths). ENGINEERED (the
 * default): tighter calibration and bounds with the same privacy guarantee, and tuned widths.
 */
public enum TuningMode {
    ENGINEERED, PAPER
}
