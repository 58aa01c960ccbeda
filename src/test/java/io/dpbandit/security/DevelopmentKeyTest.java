package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.mock.env.MockEnvironment;

@ExtendWith(OutputCaptureExtension.class)
class DevelopmentKeyTest {

    static final Pattern DEV_KEY = Pattern.compile("(dpb_dev_[A-Za-z0-9_-]{32})");

    @Test
    void embeddedModeWithoutKeysPrintsAWorkingDevelopmentKey(CapturedOutput output) {
        ApiKeys keys = new ApiKeys(new SecurityProperties(List.of(), null, true), new MockEnvironment());
        Matcher m = DEV_KEY.matcher(output.getAll());
        assertThat(m.find()).as("a development key is printed").isTrue();
        var principal = keys.authenticate(m.group(1)).orElseThrow();
        assertThat(principal.roles()).containsExactlyInAnyOrder(Role.values());
        assertThat(keys.authenticate(m.group(1) + "x")).isEmpty();
    }

    @Test
    void anExternalDatabaseNeverGetsADevelopmentKey(CapturedOutput output) {
        var env = new MockEnvironment().withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/x");
        ApiKeys keys = new ApiKeys(new SecurityProperties(List.of(), null, true), env);
        assertThat(DEV_KEY.matcher(output.getAll()).find()).isFalse();
        assertThat(output.getAll()).contains("No API keys configured");
        assertThat(keys.authenticate("anything")).isEmpty();
    }

    @Test
    void configuredKeysReplaceTheDevelopmentKey(CapturedOutput output) {
        String hash = java.util.HexFormat.of().formatHex(ApiKeys.sha256("configured"));
        ApiKeys keys = new ApiKeys(new SecurityProperties(
                List.of(new SecurityProperties.Key("ops", hash, List.of("ops"), List.of())), null, true),
                new MockEnvironment());
        assertThat(DEV_KEY.matcher(output.getAll()).find()).isFalse();
        assertThat(keys.authenticate("configured").orElseThrow().roles()).containsExactly(Role.OPS);
    }
}
