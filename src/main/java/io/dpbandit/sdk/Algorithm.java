package io.dpbandit.sdk;

/** The service's algorithms (a bandit spec's {@code algorithm}). */
public enum Algorithm {
    /** Epoch elimination with a private projected kernel regression; JDP or LDP. */
    CAPRI,
    /** Uniform exploration, then exponential-mechanism releases per context; pure ε-DP. */
    USCA,
    /** Private LinUCB with the tree mechanism; JDP. */
    LINUCB,
    /** OnlineUCB with local DP: every user randomises their own round. */
    ONLINEUCB,
    /** Private GP-UCB with quadrature Fourier features; JDP or local JDP. */
    GPUCB
}
