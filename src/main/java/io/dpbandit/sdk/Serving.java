package io.dpbandit.sdk;

/** Whether a bandit serves: set by an admin with pause, resume and retire. */
public enum Serving {
    ACTIVE,
    PAUSED,
    RETIRED
}
