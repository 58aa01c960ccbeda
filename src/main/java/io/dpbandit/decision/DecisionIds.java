package io.dpbandit.decision;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.UUID;

/**
 * Decision ids: random (version 4) UUIDs from a cryptographically strong generator of the request's
 * own thread. A decision id is a capability (whoever holds it and a key for its bandit may send the
 * decision's feedback), so it must be unguessable, as {@link UUID#randomUUID()}'s are; but that one
 * draws from one {@code SecureRandom} shared by the process (on Linux NativePRNG, behind one lock),
 * which every request thread queued on. One DRBG per thread (NIST SP 800-90A, seeded by the JDK from
 * the operating system's entropy) gives ids of the same strength without the shared lock.
 */
final class DecisionIds {

    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(DecisionIds::strong);

    private DecisionIds() {
    }

    private static SecureRandom strong() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }

    /** A new id: 122 random bits, version 4 and the IETF variant, as {@link UUID#randomUUID()} makes. */
    static UUID next() {
        SecureRandom random = RANDOM.get();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low);
    }

    /** The generator this thread draws from (for the test that it is a strong one). */
    static String algorithm() {
        return RANDOM.get().getAlgorithm();
    }
}
