package io.dpbandit.bandit;

import java.text.Normalizer;

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
 * <p>An id with an unpaired surrogate is not Unicode text, and UTF-8 encoding would replace the
 * surrogate by "?", making it another id's digest: a request body holding one is refused as it is
 * read (io.dpbandit.validation.StorableStringDeserializer, a 400), and {@link #canonical} refuses
 * one from any other caller.
 */
public final class UserIds {

    private UserIds() {
    }

    /** The id every digest is computed from: its NFC form. */
    public static String canonical(String user) {
        for (int i = 0; i < user.length(); i++) {
            char c = user.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < user.length() && Character.isLowSurrogate(user.charAt(i + 1))) {
                i++; // a pair: one supplementary character
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("a user id holds an unpaired surrogate: it is not Unicode text");
            }
        }
        return Normalizer.normalize(user, Normalizer.Form.NFC);
    }
}
