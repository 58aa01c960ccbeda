package io.dpbandit.sdk;

/** Where a bandit is in its run. */
public enum Phase {
    EXPLORE,
    EXPLOIT,
    RELEASE
}
