package io.dpbandit.bandit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One digest secret ({@code dpbandit.release.key-secret} or one of
 * {@code dpbandit.release.previous-key-secrets}) and its public key id. The key id is the first
 * 8 bytes, in hex, of HMAC-SHA256 of the label {@value #KEY_ID_LABEL} under the secret: it names
 * the secret in the rows keyed under it (user_contribution and context_release carry it since V15)
 * and in log lines, and says nothing about the secret or any other digest, because HMAC is a
 * pseudorandom function of its key (Bellare 2006, "New Proofs for NMAC and HMAC: Security without
 * Collision-Resistance", CRYPTO 2006: HMAC is a PRF whenever its compression function is one). The
 * label is its own domain: user digests are prefixed {@code dpbandit-user:} and context digests
 * start with the context's length as 4 bytes, so neither can equal it. The secret is never printed.
 */
public final class DigestKey {

    static final String KEY_ID_LABEL = "dpbandit-key-id";

    private final byte[] secret;
    private final String keyId;

    DigestKey(byte[] secret) {
        this.secret = secret.clone();
        String full = hmac(KEY_ID_LABEL.getBytes(StandardCharsets.US_ASCII));
        this.keyId = full.substring(0, 16);
    }

    /** The public name of this secret: 16 hex digits. */
    public String keyId() {
        return keyId;
    }

    /** HMAC-SHA256 under this secret of the parts, one after the other, in hex. */
    String hmac(byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return HexFormat.of().formatHex(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "DigestKey[" + keyId + "]"; // never the secret
    }
}
