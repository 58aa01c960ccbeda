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
        byte[] bytes = new byte[16];
        RANDOM.get().nextBytes(bytes);
        bytes[6] = (byte) ((bytes[6] & 0x0f) | 0x40);
        bytes[8] = (byte) ((bytes[8] & 0x3f) | 0x80);
        long high = 0;
        long low = 0;
        for (int i = 0; i < 8; i++) {
            high = (high << 8) | (bytes[i] & 0xff);
            low = (low << 8) | (bytes[i + 8] & 0xff);
        }
        return new UUID(high, low);
    }

    /** The generator this thread draws from (for the test that it is a strong one). */
    static String algorithm() {
        return RANDOM.get().getAlgorithm();
    }
}
