package io.dpbandit.bandit;

import java.util.List;

/**
 * A user's keyed digests (privacy.unit USER), from {@link ReleaseKeys#userDigests}: the digest of
 * the id's NFC form under the current secret, which a new round is counted under, with that
 * secret's key id, and the other digests the user's earlier rounds are still counted under (under
 * the secrets of {@code dpbandit.release.previous-key-secrets} after a rotation, and of the id as
 * sent where versions before V15 digested a non-NFC id as it was sent).
 *
 * @param keyId  the current secret's key id ({@link DigestKey#keyId})
 * @param digest the user's digest under the current secret
 * @param others the user's other digests (empty for an NFC id without a rotation), none equal to {@code digest}
 */
public record UserDigests(String keyId, String digest, List<String> others) {

    public UserDigests {
        others = List.copyOf(others);
    }

    /** Every digest of the user: the current one first. */
    public List<String> all() {
        return others.isEmpty() ? List.of(digest)
                : java.util.stream.Stream.concat(java.util.stream.Stream.of(digest), others.stream()).toList();
    }
}
