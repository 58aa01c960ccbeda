package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.sdk.StubService.Answer;
import io.dpbandit.testing.RepositoryPaths;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK as a user gets it: the repository's pom.xml and src/main are copied to a directory of their
 * own and built there with the guide's {@code mvn -B install -DskipTests} (test sources left out), so
 * what is checked is what this pom.xml makes from these sources, never a stale target/ and never a race
 * with the tests running from target/classes. Like the guide's command, it installs
 * io.dpbandit:dpbandit-sdk into the local Maven repository; a project whose POM holds the guide's
 * {@code <dependency>} then resolves the SDK and exactly Jackson's three jars, the build's versions.
 * And with target/dpbandit-sdk-all.jar as the ONLY entry of a forked JVM's class path: a small program is
 * compiled and run that builds a client and reads a decision from a stub service, and
 * examples/java/Quickstart.java runs with the command the guide shows.
 *
 * <p>Tagged {@code image} (packaged artifacts): the package build takes a minute or two of CPU, so
 * {@code mvn -B test} leaves it out and CI runs it with {@code mvn -B test -Pimage}; alone:
 * {@code mvn -B test -Pimage -Dtest=SdkAllJarTest}.
 */
@Tag("image")
class SdkAllJarTest {

    /** The guide's command (docs/sdk.md, "commands: all-jar"), run below with a URL and key of the test's. */
    static final String COMMAND_IN_GUIDE = """
            mvn -B package -DskipTests
            java -cp target/dpbandit-sdk-all.jar examples/java/Quickstart.java http://localhost:8080 "$DPBANDIT_API_KEY"
            """;

    static final String PROGRAM = """
            import io.dpbandit.sdk.Decision;
            import io.dpbandit.sdk.DpbanditClient;

            public class AllJarProgram {
                public static void main(String[] args) {
                    DpbanditClient dpbandit = DpbanditClient.builder(args[0], "key-1").build();
                    Decision decision = dpbandit.decide("homepage", 0.2, 0.4);
                    System.out.println(decision.action() + " " + decision.decisionId() + " " + decision.epoch()
                            + " " + dpbandit.json().getClass().getName());
                }
            }
            """;

    static Path built;
    static Path jar;

    @BeforeAll
    static void packageACopyOfTheRepository(@TempDir Path dir) throws Exception {
        Path root = RepositoryPaths.root();
        built = dir.resolve("dpbandit");
        Files.createDirectories(built);
        Files.copy(root.resolve("pom.xml"), built.resolve("pom.xml"));
        for (String tree : List.of("src/main", "src/sdk")) {
            copy(root.resolve(tree), built.resolve(tree));
        }
        if (Files.exists(root.resolve("openapi.yaml"))) {
            Files.copy(root.resolve("openapi.yaml"), built.resolve("openapi.yaml"));
        }
        // -Dmaven.test.skip leaves the test sources out (not copied); the surefire executions' own <skip>
        // ignores it, -DskipTests skips them.
        Result mvn = run(built, List.of("mvn", "-B", "install", "-DskipTests", "-Dmaven.test.skip=true"), Map.of(),
                20);
        assertThat(mvn.exit()).as("mvn install in a copy of the repository:%n%s", mvn.tail()).isZero();
        jar = built.resolve("target/dpbandit-sdk-all.jar");
        assertThat(jar).isRegularFile();
    }

    @Test
    void theJarHoldsTheSdkAndJacksonRelocatedUnderTheSdksPackageAndNothingElse() throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (ZipEntry e : file.stream().toList()) {
                names.add(e.getName());
                if (e.getName().endsWith(".class")) {
                    byte[] bytes = file.getInputStream(e).readAllBytes();
                    assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).as(e.getName())
                            .doesNotContain("com/fasterxml/").doesNotContain("org/springframework/");
                }
            }
            assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
                    .isEqualTo("io.dpbandit.sdk");
            Properties databind = new Properties();
            try (InputStream in = file.getInputStream(file.getEntry(
                    "META-INF/maven/com.fasterxml.jackson.core/jackson-databind/pom.properties"))) {
                databind.load(in);
            }
            assertThat(databind.getProperty("version")).as("the Jackson the build tests with")
                    .isEqualTo(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
        }
        assertThat(names).allSatisfy(n -> assertThat(n).matches("(META-INF|io|io/dpbandit)/?|"
                + "META-INF/.*|io/dpbandit/(sdk|client)/.*"));
        assertThat(names).noneMatch(n -> n.contains("springframework") || n.endsWith("module-info.class"));
        assertThat(names).contains("io/dpbandit/sdk/DpbanditClient.class",
                "io/dpbandit/client/privacy/DevicePolicy.class",
                "io/dpbandit/sdk/shaded/jackson/databind/ObjectMapper.class",
                "io/dpbandit/sdk/shaded/jackson/core/JsonFactory.class",
                "io/dpbandit/sdk/shaded/jackson/annotation/JsonInclude.class",
                "META-INF/services/io.dpbandit.sdk.shaded.jackson.core.JsonFactory", "META-INF/LICENSE",
                "META-INF/NOTICE");
        assertThat(names).filteredOn(n -> n.startsWith("io/dpbandit/") && n.endsWith(".class")
                && !n.startsWith("io/dpbandit/sdk/shaded/")).as("the SDK's own classes, as dpbandit-sdk.jar has them")
                .containsExactlyInAnyOrderElementsOf(sdkJarClasses());
    }

    @Test
    void aProgramWithOnlyTheJarOnItsClassPathBuildsAClientAndReadsAnAnswer(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("AllJarProgram.java");
        Files.writeString(source, PROGRAM);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int compiled = javac.run(null, diagnostics, diagnostics, "--release", "17", "-Xlint:all", "-Werror",
                "-cp", jar.toString(), "-d", dir.toString(), source.toString());
        assertThat(compiled).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();

        try (StubService stub = new StubService()) {
            stub.then(Answer.json(200, TransportTest.DECISION));
            Result run = run(dir, List.of(java(), "-cp", jar + java.io.File.pathSeparator + dir, "AllJarProgram",
                    stub.baseUri()), Map.of(), 2);
            assertThat(run.exit()).as(run.output()).isZero();
            assertThat(run.output().strip()).isEqualTo("a1 5f1c8a7e-0000-4000-8000-000000000001 1 "
                    + "io.dpbandit.sdk.shaded.jackson.databind.ObjectMapper");
            assertThat(stub.requests()).singleElement().satisfies(r -> {
                assertThat(r.target()).isEqualTo("/decide");
                assertThat(r.header("X-API-Key")).isEqualTo("key-1");
                assertThat(r.body()).contains("\"bandit\":\"homepage\"").contains("\"context\":[0.2,0.4]");
            });
        }
    }

    @Test
    void theQuickstartRunsFromTheJarAsTheGuideShowsAndSaysWhatIsMissing() throws Exception {
        assertThat(COMMAND_IN_GUIDE).contains("java -cp target/dpbandit-sdk-all.jar examples/java/Quickstart.java");
        Path program = built.resolve("examples/java/Quickstart.java");
        Files.createDirectories(program.getParent());
        Files.copy(QuickstartProgramTest.PROGRAM, program);
        List<String> command = List.of(java(), "-cp", "target/dpbandit-sdk-all.jar", "examples/java/Quickstart.java");

        // No key on the command line and none in the environment: the client says where one comes from.
        Result noKey = run(built, command, Map.of("DPBANDIT_API_KEY", ""), 2);
        assertThat(noKey.exit()).isNotZero();
        assertThat(noKey.output()).contains("IllegalArgumentException: no API key")
                .contains("DPBANDIT_API_KEY").doesNotContain("NullPointerException");

        // A key but no service: the failure names the host and port tried and how to start the service.
        int port = ClearErrorsTest.closedPort();
        List<String> withKey = new ArrayList<>(command);
        withKey.addAll(List.of("http://127.0.0.1:" + port, "key-1"));
        Result noService = run(built, withKey, Map.of(), 2);
        assertThat(noService.exit()).isNotZero();
        assertThat(noService.output()).contains("DpbanditTransportException: POST /bandits: cannot connect to 127.0.0.1:"
                + port + ": connection refused").contains("mvn spring-boot:run");
    }

    @Test
    void aProjectWithTheGuidesDependencyGetsTheSdkAndTheBuildsJackson(@TempDir Path consumer) throws Exception {
        List<String> xml = SdkGuideDocsTest.blocks().stream().filter(b -> b.language().equals("xml"))
                .map(SdkGuideDocsTest.Block::text).toList();
        assertThat(xml).hasSize(1);
        Files.writeString(consumer.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>example</groupId>
                  <artifactId>sdk-user</artifactId>
                  <version>1</version>
                  <dependencies>
                %s  </dependencies>
                </project>
                """.formatted(xml.get(0)));
        Path classPathFile = consumer.resolve("classpath.txt");
        Result resolved = run(consumer, List.of("mvn", "-B", "-q",
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath",
                "-Dmdep.outputFile=" + classPathFile), Map.of(), 5);
        assertThat(resolved.exit()).as(resolved.tail()).isZero();
        List<String> jars = java.util.Arrays.stream(Files.readString(classPathFile).strip()
                .split(java.io.File.pathSeparator)).map(f -> Path.of(f).getFileName().toString()).toList();
        String version = SdkGuideDocsTest.version();
        assertThat(jars).containsExactlyInAnyOrder("dpbandit-sdk-" + version + ".jar",
                "jackson-databind-" + com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION + ".jar",
                "jackson-core-" + com.fasterxml.jackson.core.json.PackageVersion.VERSION + ".jar",
                "jackson-annotations-" + SdkGuideDocsTest.mavenVersion(
                        com.fasterxml.jackson.annotation.JsonInclude.class, "jackson-annotations") + ".jar");

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int compiled = javac.run(null, diagnostics, diagnostics, "--release", "17", "-Xlint:all", "-Werror",
                "-cp", Files.readString(classPathFile).strip(), "-d", consumer.resolve("out").toString(),
                QuickstartProgramTest.PROGRAM.toString());
        assertThat(compiled).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    }

    /** The classes target/dpbandit-sdk.jar's execution includes, as compiled in the copy. */
    static List<String> sdkJarClasses() throws IOException {
        Path classes = built.resolve("target/classes");
        List<String> names = new ArrayList<>();
        for (String pkg : List.of("io/dpbandit/sdk", "io/dpbandit/client")) {
            try (Stream<Path> files = Files.walk(classes.resolve(pkg))) {
                files.filter(f -> f.toString().endsWith(".class"))
                        .forEach(f -> names.add(classes.relativize(f).toString().replace('\\', '/')));
            }
        }
        return names;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    record Result(int exit, String output) {
        String tail() {
            String[] lines = output.split("\n");
            return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - 60),
                    lines.length));
        }
    }

    /** Runs a command in {@code dir} (environment changes: an empty value removes the variable). */
    static Result run(Path dir, List<String> command, Map<String, String> env, int minutes) throws Exception {
        Path out = Files.createTempFile("sdk-all-jar", ".out");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            env.forEach((k, v) -> {
                if (v.isEmpty()) {
                    pb.environment().remove(k);
                } else {
                    pb.environment().put(k, v);
                }
            });
            Process p = pb.start();
            try {
                boolean ended = p.waitFor(minutes, TimeUnit.MINUTES);
                String output = Files.readString(out, StandardCharsets.UTF_8);
                assertThat(ended).as("%s ends within %d min; it printed:%n%s", command, minutes, output).isTrue();
                return new Result(p.exitValue(), output);
            } finally {
                p.destroyForcibly();
            }
        } finally {
            Files.deleteIfExists(out);
        }
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
}
