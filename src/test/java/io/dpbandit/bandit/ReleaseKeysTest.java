package io.dpbandit.bandit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the secret of the context digests comes from, and that it is never the database's. */
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
}
