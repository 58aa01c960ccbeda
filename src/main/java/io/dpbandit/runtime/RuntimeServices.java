package io.dpbandit.runtime;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.codec.StateCodec;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * What a runtime may read while it is built and while it serves: the stored public artefacts of its
 * bandit (released models, policy state, epoch plans), the codecs, the production noise and public
 * randomness. Read-only: a runtime never writes; the lifecycle engine does.
 */
public interface RuntimeServices {

    /** Released models of a bandit, oldest first (JSON). */
    List<String> releasedModels(String banditId);

    Optional<byte[]> policyState(String banditId);

    /** An epoch's stored plan; empty while it is being planned. */
    Optional<byte[]> plan(String banditId, int epoch);

    BinaryCodec binary();

    StateCodec json();

    /** Production noise (cryptographically secure). */
    NoiseSource noise();

    /**
     * Public randomness for drawing one plan's public sets (S, R, Z): it needs independence from
     * user data, not secrecy ({@link PublicRandomness}).
     */
    SplittableRandom publicRng(String banditId, int epoch);
}
