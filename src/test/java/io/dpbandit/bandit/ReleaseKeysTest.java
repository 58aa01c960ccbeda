package io.dpbandit.bandit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the secret of the digests comes from, and that it is never the database's; key ids, previous
 * secrets, and user ids in NFC.
 */
class ReleaseKeysTest {

    static final double[] CONTEXT = {0.25, -0.0};
    static final ReleaseProperties UNSET = new ReleaseProperties(null);

    @Test
    void anExternalDatabaseWithoutAConfiguredSecretRefusesToStart() {
        assertThatThrownBy(() -> new ReleaseKeys(UNSET, DatabaseMode.external()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("dpbandit.release.key-secret");
    }

    @Test
    void aConfiguredSecretIsUsedAsTextOrHexAndMustBeLongEnough() {
        String text = "x".repeat(32);
        var configured = new ReleaseKeys(new ReleaseProperties(text), DatabaseMode.external());
        var hex = new ReleaseKeys(new ReleaseProperties("hex:" + "78".repeat(32)), DatabaseMode.external());
        assertThat(hex.keyOf(CONTEXT)).isEqualTo(configured.keyOf(CONTEXT)).hasSize(64);
        assertThatThrownBy(() -> new ReleaseKeys(new ReleaseProperties("short"), DatabaseMode.external()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theQuickStartKeepsItsSecretInAFileBesideItsDataSoKeysSurviveARestart(@TempDir Path dir) throws Exception {
        String data = dir.resolve("embedded-postgres").toString();
        String first = new ReleaseKeys(UNSET, DatabaseMode.embedded(data)).keyOf(CONTEXT);
        Path file = Path.of(data + ".release-key");
        assertThat(file).exists();
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(new ReleaseKeys(UNSET, DatabaseMode.embedded(data)).keyOf(CONTEXT)).isEqualTo(first);
        // Another data directory, another secret.
        String other = dir.resolve("other").toString();
        assertThat(new ReleaseKeys(UNSET, DatabaseMode.embedded(other)).keyOf(CONTEXT)).isNotEqualTo(first);
        // A temporary cluster gets a fresh secret each time.
        var temporary = DatabaseMode.embedded("");
        assertThat(new ReleaseKeys(UNSET, temporary).keyOf(CONTEXT))
                .isNotEqualTo(new ReleaseKeys(UNSET, temporary).keyOf(CONTEXT));
    }

    static final String OLD = "o".repeat(32);
    static final String NEW = "n".repeat(32);

    @Test
    void aKeyIdIsAPublicFingerprintOfItsSecretWhateverItsForm() throws Exception {
        var text = new ReleaseKeys(new ReleaseProperties(OLD), DatabaseMode.external());
        var hex = new ReleaseKeys(new ReleaseProperties("hex:" + "6f".repeat(32)), DatabaseMode.external());
        assertThat(text.currentKeyId()).matches("[0-9a-f]{16}").isEqualTo(hex.currentKeyId())
                .isEqualTo(hmac(OLD, "dpbandit-key-id").substring(0, 16))
                .isNotEqualTo(new ReleaseKeys(new ReleaseProperties(NEW), DatabaseMode.external()).currentKeyId());
    }

    @Test
    void previousSecretsAreLookedUpButNewDigestsAreMadeUnderTheCurrentOneOnly() throws Exception {
        var before = new ReleaseKeys(new ReleaseProperties(OLD), DatabaseMode.external());
        // The current secret listed again, and a repeat, change nothing.
        var after = new ReleaseKeys(new ReleaseProperties(NEW, List.of(OLD, NEW, OLD)), DatabaseMode.external());
        assertThat(after.previousKeyIds()).containsExactly(before.currentKeyId());
        UserDigests alice = after.userDigests("alice");
        assertThat(alice.keyId()).isEqualTo(after.currentKeyId());
        assertThat(alice.digest()).isEqualTo(hmac(NEW, "dpbandit-user:alice"));
        assertThat(alice.others()).containsExactly(before.userDigests("alice").digest());
        assertThat(after.keyOf(CONTEXT)).isNotEqualTo(before.keyOf(CONTEXT));
        assertThat(after.keysOf(CONTEXT)).containsExactly(after.keyOf(CONTEXT), before.keyOf(CONTEXT));
        assertThat(after.isKeyOf(before.keyOf(CONTEXT), CONTEXT)).isTrue();
        assertThat(after.isKeyOf(before.keyOf(new double[] {0.5, 0.5}), CONTEXT)).isFalse();
    }

    @Test
    void aUserIsDigestedInNfcAndANonNfcIdAlsoAsSentAsVersionsBeforeV15Did() throws Exception {
        var keys = new ReleaseKeys(new ReleaseProperties(OLD), DatabaseMode.external());
        String nfc = "Zo\u00eb";
        String nfd = "Zoe\u0308";
        // An NFC id has the digest earlier versions gave it: nothing to look up besides.
        assertThat(keys.userDigests(nfc).digest()).isEqualTo(hmac(OLD, "dpbandit-user:" + nfc));
        assertThat(keys.userDigests(nfc).others()).isEmpty();
        assertThat(keys.userDigests(nfd).digest()).isEqualTo(keys.userDigests(nfc).digest());
        assertThat(keys.userDigests(nfd).others()).containsExactly(hmac(OLD, "dpbandit-user:" + nfd));
        assertThat(keys.userDigests("Alice").digest()).isNotEqualTo(keys.userDigests("alice").digest())
                .isNotEqualTo(keys.userDigests("Alice ").digest());
        assertThatThrownBy(() -> keys.userDigests("a\ud800")).isInstanceOf(IllegalArgumentException.class);
    }

    static String hmac(String secret, String message) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "HmacSHA256"));
        return java.util.HexFormat.of().formatHex(mac.doFinal(message.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
