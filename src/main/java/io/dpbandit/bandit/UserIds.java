package io.dpbandit.bandit;

import java.text.Normalizer;
import java.util.Optional;

/**
 * A caller's user id (privacy.unit USER) as the service counts it. Two ids are the same user
 * exactly when their NFC forms are equal, char for char: canonically equivalent spellings (a
 * precomposed "é" and "e" with a combining acute, combining marks in either order, Hangul syllables
 * and their jamo) are the same text by the Unicode Standard's definition (Unicode Standard Annex
 * #15, "Unicode Normalization Forms", section 1.1: canonical equivalence; NFC is its composed
 * normal form, which {@link Normalizer} implements), so a product that sends either never splits a
 * person into two users. Nothing else is folded: case and white space are significant ("alice",
 * "Alice" and "Alice " are three users, who may be three people), and so are compatibility
 * variants that NFC keeps apart (full-width letters, ligatures). The decider must send one stable
 * id per person (docs/algorithms.md, "User-level privacy").
 *
 * <p>An id with an unpaired surrogate is not Unicode text: it is refused rather than encoded,
 * since UTF-8 encoding would replace the surrogate by "?" and make it another id's digest.
 */
public final class UserIds {

    private UserIds() {
    }

    /** The id every digest is computed from: its NFC form. The id must be well formed (see {@link #malformed}). */
    public static String canonical(String user) {
        if (malformed(user).isPresent()) {
            throw new IllegalArgumentException("user id is not well-formed Unicode");
        }
        return Normalizer.normalize(user, Normalizer.Form.NFC);
    }

    /** Why an id cannot name a user, if it cannot: an unpaired surrogate (the caller hears where). */
    public static Optional<String> malformed(String user) {
        for (int i = 0; i < user.length(); i++) {
            char c = user.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < user.length() && Character.isLowSurrogate(user.charAt(i + 1))) {
                i++; // a pair: one supplementary character
            } else if (Character.isSurrogate(c)) {
                return Optional.of("must be Unicode text: it holds an unpaired surrogate (\\u"
                        + String.format("%04x", (int) c) + "), which is no character");
            }
        }
        return Optional.empty();
    }
}
