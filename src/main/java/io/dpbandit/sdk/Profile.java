package io.dpbandit.sdk;

/**
 * What a spec's unset options default to: LEARN (the default: what the service's planners and
 * real-data benchmark show learns best for the spec, each choice listed with its reason) or PAPER
 * (each paper's algorithm as written). An option the spec sets wins over either.
 */
public enum Profile {
    LEARN,
    PAPER
}
