package io.dpbandit.runtime;

import java.util.List;
import java.util.Optional;

/**
 * What an instance reads to build and check its runtimes: a bandit's stored spec and version and
 * its public artefacts (released models, policy state, epoch plans). Declared here, by the runtimes
 * that need it, and implemented by the stores, so that neither the SPI nor the algorithms know the
 * tables. Read-only.
 */
public interface StoredBandits {

    /** The bandit's spec as stored at creation (JSON, normalised); empty for an unknown bandit. */
    Optional<String> spec(String banditId);

    /** The bandit's (epoch, phase, version); empty for an unknown bandit. */
    Optional<BanditVersion> version(String banditId);

    /** Released models of a bandit, oldest first (JSON). */
    List<String> releasedModels(String banditId);

    Optional<byte[]> policyState(String banditId);

    /** An epoch's stored plan; empty while it is being planned. */
    Optional<byte[]> plan(String banditId, int epoch);
}
