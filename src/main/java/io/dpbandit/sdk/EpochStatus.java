package io.dpbandit.sdk;

/** An epoch's state: taking rounds, sealed (its rounds all assigned and waited out), or closed. */
public enum EpochStatus {
    OPEN,
    SEALED,
    CLOSED
}
