package io.dpbandit.sim;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.SplittableRandom;

/**
 * The independent random streams of one run, all derived from its seed: the same seed gives
 * every policy the same users, and a run replays bit for bit. {@code noise} is the server's
 * privacy noise, {@code userNoise} what the users' devices draw under LDP (separate, as in the
 * service: the server never sees the clients' noise). {@code who} draws which user of a
 * population comes (used only with one, so runs without a population replay as before).
 */
public record Streams(SplittableRandom users, SplittableRandom actions, SplittableRandom rewards,
        SplittableRandom publicDraws, NoiseSource noise, NoiseSource userNoise, SplittableRandom who) {

    /** Stream k of seed s is seeded with s · 1 000 003 + k (k = 1 users, ..., 7 who). */
    public Streams(long seed) {
        this(new SplittableRandom(seed * 1_000_003L + 1), new SplittableRandom(seed * 1_000_003L + 2),
                new SplittableRandom(seed * 1_000_003L + 3), new SplittableRandom(seed * 1_000_003L + 4),
                new SeededNoiseSource(seed * 1_000_003L + 5), new SeededNoiseSource(seed * 1_000_003L + 6),
                new SplittableRandom(seed * 1_000_003L + 7));
    }
}
