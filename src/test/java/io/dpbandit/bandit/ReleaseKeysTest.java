package io.dpbandit.bandit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.env.MockEnvironment;

/** Where the secret of the context digests comes from, and that it is never the database's. */
class ReleaseKeysTest {

    static final double[] CONTEXT = {0.25, -0.0};

    @Test
    void anExternalDatabaseWithoutAConfiguredSecretRefusesToStart() {
        var env = new MockEnvironment().withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/x");
        assertThatThrownBy(() -> new ReleaseKeys(env)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("dpbandit.release.key-secret");
    }

    @Test
    void aConfiguredSecretIsUsedAsTextOrHexAndMustBeLongEnough() {
        String text = "x".repeat(32);
        var configured = new ReleaseKeys(new MockEnvironment().withProperty("dpbandit.release.key-secret", text));
        var hex = new ReleaseKeys(new MockEnvironment().withProperty("dpbandit.release.key-secret",
                "hex:" + "78".repeat(32)));
        assertThat(hex.keyOf(CONTEXT)).isEqualTo(configured.keyOf(CONTEXT)).hasSize(64);
        assertThatThrownBy(() -> new ReleaseKeys(new MockEnvironment().withProperty("dpbandit.release.key-secret",
                "short"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theQuickStartKeepsItsSecretInAFileBesideItsDataSoKeysSurviveARestart(@TempDir Path dir) throws Exception {
        String data = dir.resolve("embedded-postgres").toString();
        var env = new MockEnvironment().withProperty("dpbandit.embedded-postgres.data-directory", data);
        String first = new ReleaseKeys(env).keyOf(CONTEXT);
        Path file = Path.of(data + ".release-key");
        assertThat(file).exists();
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(new ReleaseKeys(env).keyOf(CONTEXT)).isEqualTo(first);
        // A temporary cluster gets a fresh secret each time.
        var temporary = new MockEnvironment().withProperty("dpbandit.embedded-postgres.data-directory", "");
        assertThat(new ReleaseKeys(temporary).keyOf(CONTEXT)).isNotEqualTo(new ReleaseKeys(temporary).keyOf(CONTEXT));
    }
}
