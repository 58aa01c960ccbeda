package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.bandit.DatabaseMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class DevelopmentKeyTest {

    static final Pattern DEV_KEY = Pattern.compile("(dpb_dev_[A-Za-z0-9_-]{32})");
    /** The startup line as QuickStartProcess and the bench scripts read it. */
    static final Pattern LOGGED = Pattern.compile("Development API key [^:]*: (dpb_dev_\\S+)");
    static final SecurityProperties NO_KEYS = new SecurityProperties(List.of(), null, true);

    @Test
    void embeddedModeWithoutKeysPrintsAWorkingDevelopmentKey(CapturedOutput output) {
        ApiKeys keys = new ApiKeys(NO_KEYS, DatabaseMode.embedded(""));
        Matcher m = LOGGED.matcher(output.getAll());
        assertThat(m.find()).as("a development key is printed").isTrue();
        assertThat(DEV_KEY.matcher(m.group(1)).matches()).isTrue();
        var principal = keys.authenticate(m.group(1)).orElseThrow();
        assertThat(principal.roles()).containsExactlyInAnyOrder(Role.values());
        assertThat(keys.authenticate(m.group(1) + "x")).isEmpty();
    }

    @Test
    void theDevelopmentKeyStaysTheSameAcrossRestartsOnTheSameDataDirectory(@TempDir Path work, CapturedOutput output)
            throws Exception {
        String data = work.resolve("embedded-postgres").toString();
        String first = loggedKey(new ApiKeys(NO_KEYS, DatabaseMode.embedded(data)), output, 1);
        Path file = Path.of(data + ".dev-key");
        assertThat(Files.readString(file).trim()).isEqualTo(first);
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(output.getAll()).contains("new, kept in " + file + " across restarts");

        // A restart on the same directory: the same key, and it works.
        ApiKeys restarted = new ApiKeys(NO_KEYS, DatabaseMode.embedded(data));
        assertThat(loggedKey(restarted, output, 2)).isEqualTo(first);
        assertThat(restarted.authenticate(first)).isPresent();

        // Another directory: another key, and the first does not work there.
        ApiKeys elsewhere = new ApiKeys(NO_KEYS, DatabaseMode.embedded(work.resolve("other").toString()));
        String other = loggedKey(elsewhere, output, 3);
        assertThat(other).isNotEqualTo(first);
        assertThat(elsewhere.authenticate(first)).isEmpty();
        // A temporary cluster keeps nothing: a new key each time.
        String temporary = loggedKey(new ApiKeys(NO_KEYS, DatabaseMode.embedded("")), output, 4);
        assertThat(loggedKey(new ApiKeys(NO_KEYS, DatabaseMode.embedded("")), output, 5)).isNotEqualTo(temporary);
    }

    @Test
    void anEmptyKeyFileIsRefusedRatherThanAcceptingAnEmptyKey(@TempDir Path work) throws Exception {
        Path data = work.resolve("embedded-postgres");
        Files.writeString(Path.of(data + ".dev-key"), "\n");
        assertThatThrownBy(() -> new ApiKeys(NO_KEYS, DatabaseMode.embedded(data.toString())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is empty; delete it");
    }

    @Test
    void anExternalDatabaseNeverGetsADevelopmentKey(@TempDir Path work, CapturedOutput output) {
        ApiKeys keys = new ApiKeys(NO_KEYS, DatabaseMode.external());
        assertThat(DEV_KEY.matcher(output.getAll()).find()).isFalse();
        assertThat(output.getAll()).contains("No API keys configured");
        assertThat(keys.authenticate("anything")).isEmpty();
        assertThat(new ApiKeys(NO_KEYS, DatabaseMode.none()).authenticate("anything")).isEmpty();
        assertThat(work.toFile().list()).isEmpty();
    }

    @Test
    void configuredKeysReplaceTheDevelopmentKey(@TempDir Path work, CapturedOutput output) {
        String hash = java.util.HexFormat.of().formatHex(ApiKeys.sha256("configured"));
        String data = work.resolve("embedded-postgres").toString();
        ApiKeys keys = new ApiKeys(new SecurityProperties(
                List.of(new SecurityProperties.Key("ops", hash, List.of("ops"), List.of())), null, true),
                DatabaseMode.embedded(data));
        assertThat(DEV_KEY.matcher(output.getAll()).find()).isFalse();
        assertThat(Path.of(data + ".dev-key")).doesNotExist();
        assertThat(keys.authenticate("configured").orElseThrow().roles()).containsExactly(Role.OPS);
    }

    /** The key of the {@code n}-th development-key line in the output so far. */
    private static String loggedKey(ApiKeys keys, CapturedOutput output, int n) {
        Matcher m = LOGGED.matcher(output.getAll());
        String key = null;
        for (int i = 0; i < n; i++) {
            assertThat(m.find()).as("development key line %d", i + 1).isTrue();
            key = m.group(1);
        }
        assertThat(keys.authenticate(key)).isPresent();
        return key;
    }
}
