package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.testing.RepositoryPaths;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The SDK needs nothing but the JDK and Jackson databind: examples/java/Quickstart.java is compiled
 * against the SDK's classes (io.dpbandit.sdk and io.dpbandit.client, what target/dpbandit-sdk.jar
 * holds) and Jackson's three jars alone, without a warning, and run as its javadoc says (the
 * source-file launcher, in a JVM of its own with that class path) against the service: it creates a bandit, decides and sends feedback. docs/sdk.md shows the program as
 * it is (SdkGuideDocsTest).
 */
@Tag("process")
class QuickstartProgramTest extends PostgresIntegrationTest {

    static final Path PROGRAM = RepositoryPaths.root().resolve("examples/java/Quickstart.java");

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    static String jarOf(Class<?> type) throws Exception {
        return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    @Test
    void theQuickstartRunsOnTheSdkAndJacksonAlone(@TempDir Path dir) throws Exception {
        Path classes = RepositoryPaths.root().resolve("target/classes");
        Path sdk = dir.resolve("sdk");
        copy(classes.resolve("io/dpbandit/sdk"), sdk.resolve("io/dpbandit/sdk"));
        copy(classes.resolve("io/dpbandit/client"), sdk.resolve("io/dpbandit/client"));
        String classPath = String.join(File.pathSeparator, sdk.toString(), jarOf(ObjectMapper.class),
                jarOf(JsonParser.class), jarOf(JsonInclude.class));
        assertThat(classPath).doesNotContain("spring");

        Path out = Files.createDirectories(dir.resolve("out"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int compiled = javac.run(null, diagnostics, diagnostics, "--release", "17", "-Xlint:all", "-Werror",
                "-cp", classPath, "-d", out.toString(), PROGRAM.toString());
        assertThat(compiled).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();

        // Run as its javadoc says: the source-file launcher, the SDK and Jackson on the class path.
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, PROGRAM.toString(), "http://localhost:" + port, TestApiKey.ALL_ROLES)
                .redirectErrorStream(true).start();
        try {
            String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(run.exitValue()).as(output).isZero();
            List<String> lines = output.lines().toList();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).isEqualTo("bandit quickstart: CAPRI, ACTIVE");
            assertThat(lines.get(1)).matches("decision [0-9a-f-]{36}: a[123]");
            assertThat(lines.get(2)).isEqualTo("feedback ACCEPTED");
            assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE bandit_id = 'quickstart'", Double.class))
                    .isEqualTo(1.0);
        } finally {
            run.destroyForcibly();
        }
    }
}
