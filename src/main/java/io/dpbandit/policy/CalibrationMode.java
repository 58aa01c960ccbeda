package io.dpbandit.policy;

/**
 * How a sequential model (LINUCB, ONLINEUCB, GPUCB) is calibrated and bounded: PAPER as its paper
 * states it (classical calibration, the printed accuracy bounds, shift and radius), or ENGINEERED
 * (analytic calibration and sharper bounds with the same privacy). The spec's {@code linear.mode}
 * and {@code gpucb.mode}.
 */
public enum CalibrationMode { PAPER, ENGINEERED }
