package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.DpbanditApplication;
import io.dpbandit.testing.RepositoryPaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * The three places that name the service's settings cannot drift apart: the configuration metadata
 * that the build generates from the {@code @ConfigurationProperties} records (names, defaults,
 * descriptions), {@code application.yml}, and the Configuration table of docs/operations.md. Every {@code dpbandit.*}
 * setting is in the table with the default the metadata states; every one application.yml sets is a
 * real setting, listed in the table, and set to its default.
 */
class ConfigurationDocsTest {

    static final String PREFIX = "dpbandit.";
    /** Where the settings are documented. */
    static final String DOCUMENT = "docs/operations.md";

    /** name → default ("" where the metadata states none), of every dpbandit.* property in the metadata. */
    static Map<String, String> metadata;
    /** name → default cell (first code span, or the cell's text), of every dpbandit.* row of docs/operations.md's table. */
    static Map<String, String> documented;
    /** name → value of every dpbandit.* key application.yml sets. */
    static Map<String, String> applicationYml;

    @BeforeAll
    static void read() throws Exception {
        Path classes = Path.of(DpbanditApplication.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        JsonNode json = new ObjectMapper().readTree(classes.resolve("META-INF/spring-configuration-metadata.json")
                .toFile());
        metadata = new TreeMap<>();
        for (JsonNode p : json.path("properties")) {
            String name = p.path("name").asText();
            if (name.startsWith(PREFIX)) {
                assertThat(p.path("description").asText()).as("description of %s", name).isNotBlank();
                metadata.put(name, p.has("defaultValue") ? p.path("defaultValue").asText() : "");
            }
        }
        documented = configurationTable(Files.readString(RepositoryPaths.root().resolve(DOCUMENT),
                StandardCharsets.UTF_8));
        applicationYml = new TreeMap<>();
        for (var source : new YamlPropertySourceLoader().load("application", new ClassPathResource("application.yml"))) {
            EnumerablePropertySource<?> e = (EnumerablePropertySource<?>) source;
            for (String name : e.getPropertyNames()) {
                if (name.startsWith(PREFIX)) {
                    applicationYml.put(name, String.valueOf(e.getProperty(name)));
                }
            }
        }
    }

    /** The rows of the table under "## Configuration": a name cell's code spans → the default cell. */
    static Map<String, String> configurationTable(String document) {
        int start = document.indexOf("\n## Configuration\n");
        assertThat(start).as("%s has a Configuration section", DOCUMENT).isPositive();
        int end = document.indexOf("\n## ", start + 1);
        Map<String, String> rows = new LinkedHashMap<>();
        Pattern code = Pattern.compile("`([^`]*)`");
        for (String line : document.substring(start, end < 0 ? document.length() : end).split("\n")) {
            String[] cells = line.split("\\|");
            if (!line.startsWith("|") || cells.length < 4 || line.startsWith("|---")) {
                continue;
            }
            Matcher d = code.matcher(cells[2]);
            String value = d.find() ? d.group(1) : cells[2].trim();
            Matcher n = code.matcher(cells[1]);
            while (n.find()) {
                rows.put(n.group(1), value);
            }
        }
        return rows;
    }

    @Test
    void theMetadataIsGeneratedAndCoversEverySettingOfTheRecords() {
        assertThat(metadata).containsKeys("dpbandit.lifecycle.check-interval-ms", "dpbandit.planner.max-seconds",
                "dpbandit.runtime.check-ms", "dpbandit.embedded-postgres.allow-sharing", "dpbandit.release.key-secret",
                "dpbandit.limits.max-pool", "dpbandit.security.rate-limit.burst");
        assertThat(metadata.get("dpbandit.lifecycle.check-interval-ms")).isEqualTo("1000");
        assertThat(metadata.get("dpbandit.api.max-decide-body-bytes")).isEqualTo("1048576");
    }

    @Test
    void everySettingIsInTheDocumentedTableWithItsDefault() {
        Map<String, String> settings = new TreeMap<>();
        documented.forEach((name, value) -> {
            if (name.startsWith(PREFIX)) {
                settings.put(name, value);
            }
        });
        assertThat(settings.keySet()).as("%s's Configuration table lists exactly the dpbandit.* settings", DOCUMENT)
                .containsExactlyElementsOf(metadata.keySet());
        metadata.forEach((name, defaultValue) -> {
            if (!defaultValue.isEmpty()) {
                assertThat(settings.get(name)).as("the documented default of %s", name).isEqualTo(defaultValue);
            } else {
                assertThat(settings.get(name)).as("the documented default of %s (none in the code)", name)
                        .isEqualTo("unset");
            }
        });
    }

    @Test
    void everySettingOfApplicationYmlIsRealDocumentedAndAtItsDefault() {
        assertThat(applicationYml).isNotEmpty();
        applicationYml.forEach((name, value) -> {
            assertThat(metadata).as("application.yml sets %s, which no @ConfigurationProperties record has", name)
                    .containsKey(name);
            assertThat(documented).as("%s's Configuration table lists %s", DOCUMENT, name).containsKey(name);
            assertThat(value).as("application.yml's %s against the code's default", name)
                    .isEqualTo(metadata.get(name));
            assertThat(documented.get(name)).as("the documented default of %s against application.yml", name).isEqualTo(value);
        });
    }
}
