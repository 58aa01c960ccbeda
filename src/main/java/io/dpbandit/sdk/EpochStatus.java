package io.dpbandit.sdk;

/**
 * An epoch's state: taking rounds, sealed (its rounds all assigned and waited out), closed
 * (released), or abandoned (its bandit was retired before it filled: it never releases).
 */
public enum EpochStatus {
    OPEN,
    SEALED,
    CLOSED,
    ABANDONED
}
