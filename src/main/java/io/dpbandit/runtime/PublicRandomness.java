package io.dpbandit.runtime;

import java.util.SplittableRandom;

/**
 * Where public draws come from: CAPRI's projection and evaluation sets (S_r, R_r) and USCA's
 * approximating set Z. They need independence from user data, not secrecy (they are published
 * with the plan). Injected like the noise: production seeds every generator from a secure source;
 * a test may make two bandits draw alike so that they differ only where their data differ.
 */
@FunctionalInterface
public interface PublicRandomness {

    /** A fresh generator for one plan of a bandit's public sets. */
    SplittableRandom forPlan(String banditId, int epoch);
}
