package io.dpbandit.spec;

/**
 * What a spec's unset options default to.
 *
 * <p>LEARN (the default): the configuration the service's planners and its real-data benchmark
 * (docs/benchmarks-real.md) show to learn best for this spec, chosen from public facts only (the
 * horizon, (ε, δ), the privacy unit, the dimension, the actions and the public pool), never from
 * users' data; each choice and its reason is listed in the spec's {@code choices}. PAPER: each
 * paper's algorithm exactly as written (its calibration, composition, decisions and accounting).
 * A field the spec sets wins over either profile.
 */
public enum Profile {
    LEARN, PAPER,
    /**
     * Internal, never accepted in a request: how a spec was normalised before profiles existed (no
     * choices, the then defaults), so that a bandit stored then still recognises its own spec sent
     * again (a safe retry after an upgrade).
     */
    LEGACY
}
