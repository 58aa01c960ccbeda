package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.algorithms.RuntimeCacheProperties;
import io.dpbandit.api.ApiProperties;
import io.dpbandit.bandit.ReleaseProperties;
import io.dpbandit.lifecycle.LifecycleProperties;
import io.dpbandit.registry.PlannerProperties;
import io.dpbandit.security.SecurityProperties;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.testing.RepositoryPaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * Every setting is bound to a validated record: unset, each takes its documented default; a value
 * that makes no sense stops the start, and Spring Boot's failure report names the setting and what
 * is wrong with it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ConfigurationValidationTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({LifecycleProperties.class, ApiProperties.class, SpecLimits.class,
        EmbeddedPostgresProperties.class, SecurityProperties.class, ReleaseProperties.class, PlannerProperties.class,
        RuntimeCacheProperties.class})
    static class Settings {
    }

    final ApplicationContextRunner settings = new ApplicationContextRunner().withUserConfiguration(Settings.class);

    @Test
    void unsetSettingsTakeTheirDefaults() {
        settings.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(SpecLimits.class)).isEqualTo(SpecLimits.defaults());
            assertThat(ctx.getBean(LifecycleProperties.class)).isEqualTo(
                    new LifecycleProperties(1000, 0, 200, 2000, true, 0, 86_400, 8, 0));
            assertThat(ctx.getBean(ApiProperties.class)).isEqualTo(new ApiProperties(10_485_760, 1_048_576L,
                    268_435_456, Duration.ofSeconds(5), 1000, true));
            assertThat(ctx.getBean(EmbeddedPostgresProperties.class)).isEqualTo(
                    new EmbeddedPostgresProperties(true, "./data/embedded-postgres", 0, true, false, java.util.Map.of()));
            SecurityProperties security = ctx.getBean(SecurityProperties.class);
            assertThat(security.keys()).isEmpty();
            assertThat(security.rateLimit()).isEqualTo(new SecurityProperties.RateLimit(5000, 10_000));
            assertThat(security.devKey()).isTrue();
            assertThat(ctx.getBean(ReleaseProperties.class).keySecret()).isEmpty();
            assertThat(ctx.getBean(PlannerProperties.class).maxSeconds()).isEqualTo(60.0);
            assertThat(ctx.getBean(RuntimeCacheProperties.class).checkMs()).isEqualTo(200);
        });
    }

    @Test
    void aBlankDataDirectoryMeansATemporaryClusterNotTheDefaultDirectory() {
        settings.withPropertyValues("dpbandit.embedded-postgres.data-directory=").run(ctx ->
                assertThat(ctx.getBean(EmbeddedPostgresProperties.class).persistent()).isFalse());
    }

    @Test
    void theDecideBodyLimitFollowsASmallerBodyLimit() {
        settings.withPropertyValues("dpbandit.api.max-body-bytes=4096").run(ctx ->
                assertThat(ctx.getBean(ApiProperties.class).maxDecideBodyBytes()).isEqualTo(4096));
    }

    @Test
    void keysAreBoundWithTheirRolesInAnyCase() {
        settings.withPropertyValues("dpbandit.security.keys[0].name=ops", "dpbandit.security.keys[0].sha256="
                + "a".repeat(64), "dpbandit.security.keys[0].roles=Ops, ANALYST").run(ctx -> {
                    var key = ctx.getBean(SecurityProperties.class).keys().get(0);
                    assertThat(key.roleSet()).containsExactlyInAnyOrder(io.dpbandit.security.Role.OPS,
                            io.dpbandit.security.Role.ANALYST);
                    assertThat(key.bandits()).isEmpty();
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "dpbandit.lifecycle.check-interval-ms=5; Origin: \"dpbandit.lifecycle.check-interval-ms\"; "
                + "must be greater than or equal to 10",
        "dpbandit.lifecycle.retention-seconds=-1; Origin: \"dpbandit.lifecycle.retention-seconds\"; "
                + "must be greater than or equal to 0",
        "dpbandit.api.body-timeout=0s; Origin: \"dpbandit.api.body-timeout\"; must be longer than or equal to",
        "dpbandit.api.max-decide-body-bytes=20000000; dpbandit.api.max-decide-body-bytes (20000000) must not exceed "
                + "dpbandit.api.max-body-bytes (10485760); Failed to bind properties under 'dpbandit.api'",
        "dpbandit.api.max-pending-body-bytes=1024; must be at least dpbandit.api.max-body-bytes; "
                + "Failed to bind properties under 'dpbandit.api'",
        "dpbandit.limits.max-context-dimension=20000; Origin: \"dpbandit.limits.max-context-dimension\"; "
                + "must be less than or equal to 10000",
        "dpbandit.limits.max-actions=1; Origin: \"dpbandit.limits.max-actions\"; must be greater than or equal to 2",
        "dpbandit.embedded-postgres.port=70000; Origin: \"dpbandit.embedded-postgres.port\"; "
                + "must be less than or equal to 65535",
        "dpbandit.release.key-secret=too-short; Origin: \"dpbandit.release.key-secret\"; must be at least 32 characters",
        "dpbandit.release.previous-key-secrets[0]=too-short; Property: dpbandit.release.previousKeySecrets[0]; "
                + "must be at least 32 characters",
        "dpbandit.planner.max-seconds=0; Origin: \"dpbandit.planner.max-seconds\"; must be greater than 0",
        "dpbandit.runtime.check-ms=0; Origin: \"dpbandit.runtime.check-ms\"; must be greater than or equal to 1",
        "dpbandit.security.rate-limit.burst=0; Property: dpbandit.security.rateLimit.burst; "
                + "must be greater than or equal to 1",
        "dpbandit.security.keys[0].sha256=not-hex; Property: dpbandit.security.keys[0].sha256; must be 64 hex digits",
        "dpbandit.security.keys[0].roles=decider,superuser; Property: dpbandit.security.keys[0].roles[1]; "
                + "must be one of decider, analyst, admin, ops",
    })
    void aSettingThatMakesNoSenseStopsTheStartNamingIt(String setting, String names, String reason,
            CapturedOutput output) {
        assertThatThrownBy(() -> start(key(setting), setting)).isNotNull();
        assertThat(output.getAll()).contains("APPLICATION FAILED TO START", names, reason)
                .doesNotContain("\tat org.springframework");
    }

    /** docs/operations.md's example of a refused setting is what the service prints. */
    @Test
    void theDocumentedExampleOfARefusedSettingIsWhatTheServicePrints(CapturedOutput output) throws Exception {
        String readme = Files.readString(RepositoryPaths.root().resolve("docs/operations.md"), StandardCharsets.UTF_8);
        int intro = readme.indexOf("stops the start with the setting named:");
        assertThat(intro).isPositive();
        int open = readme.indexOf("```\n", intro) + 4;
        String example = readme.substring(open, readme.indexOf("```", open));
        assertThatThrownBy(() -> start("dpbandit.lifecycle.check-interval-ms=5")).isNotNull();
        for (String line : example.split("\n")) {
            if (!line.isBlank()) {
                assertThat(output.getAll()).contains(line);
            }
        }
    }

    /** A valid key around a setting of dpbandit.security.keys[0], so that only that setting is wrong. */
    private static String[] key(String setting) {
        if (!setting.startsWith("dpbandit.security.keys[0]")) {
            return new String[0];
        }
        String name = "dpbandit.security.keys[0].name=k";
        String hash = "dpbandit.security.keys[0].sha256=" + "a".repeat(64);
        return setting.contains(".sha256=") ? new String[] {name} : new String[] {name, hash};
    }

    private static void start(String... settings) {
        start(new String[0], settings);
    }

    /**
     * Starts an application of the settings alone, the way the service starts (Spring Boot's failure
     * analysis reports what went wrong), without re-initialising this JVM's logging.
     */
    private static void start(String[] more, String... settings) {
        SpringApplication app = new SpringApplication(Settings.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setBannerMode(Banner.Mode.OFF);
        app.setListeners(List.of());
        app.setLogStartupInfo(false);
        List<String> args = new java.util.ArrayList<>();
        for (String s : more) {
            args.add("--" + s);
        }
        for (String s : settings) {
            args.add("--" + s);
        }
        app.run(args.toArray(String[]::new)).close();
    }
}
