package io.dpbandit.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.deploy.DeployFiles.Instruction;
import io.dpbandit.deploy.DeployFiles.Stage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Without building the image (ImageTest does, with buildah, under -Pimage), these tests pin down
 * what can be checked from the files: it builds and extracts the jar Maven actually packages, ships it on a Java 17
 * JRE as a fixed non-root user, exposes the service's default port, and its layer extraction and
 * launcher work on the real jar whenever {@code target/dpbandit.jar} has been packaged.
 */
class DockerfileTest {

    /** Spring Boot's default layers, in the order its layers.idx lists them. */
    static final List<String> BOOT_DEFAULT_LAYERS =
            List.of("dependencies", "spring-boot-loader", "snapshot-dependencies", "application");

    static final String BOOT_LAUNCHER = "org.springframework.boot.loader.launch.JarLauncher";

    @Test
    void baseImagesAreFullyQualifiedBuildArguments() {
        // Podman and Buildah do not guess a registry for a short name; image/build.sh replaces both.
        assertThat(DeployFiles.globalArgs()).containsOnlyKeys("BUILD_IMAGE", "RUNTIME_IMAGE");
        assertThat(DeployFiles.globalArgs().values()).allSatisfy(image ->
                assertThat(image).matches("docker\\.io/library/[a-z0-9.-]+:[A-Za-z0-9._-]+"));
        assertThat(DeployFiles.read("Dockerfile").lines().filter(l -> l.startsWith("FROM ")))
                .containsExactly("FROM ${BUILD_IMAGE} AS build", "FROM ${RUNTIME_IMAGE}");
        assertThat(DeployFiles.read("image/build.sh"))
                .contains("--build-arg BUILD_IMAGE=").contains("--build-arg RUNTIME_IMAGE=");
    }

    @Test
    void hasABuildStageAndAJavaRuntimeStage() {
        List<Stage> stages = DeployFiles.dockerfileStages();
        String java = DeployFiles.mavenJavaVersion();

        assertThat(stages).hasSize(2);
        assertThat(stages.get(0).image()).as("build image: Maven on a JDK " + java)
                .startsWith("docker.io/library/maven:").contains("temurin-" + java);
        assertThat(stages.get(0).name()).isEqualTo("build");
        assertThat(stages.get(1).image()).as("runtime image: a JRE " + java)
                .isEqualTo("docker.io/library/eclipse-temurin:" + java + "-jre");
    }

    @Test
    void extractsTheJarThatMavenPackages() {
        Stage build = DeployFiles.dockerfileStages().get(0);
        String jar = "target/" + DeployFiles.mavenFinalName() + ".jar";

        assertThat(jar).isEqualTo("target/dpbandit.jar");
        assertThat(build.all("COPY")).extracting(Instruction::arguments)
                .contains("pom.xml ./", "src src");
        assertThat(runCommands(build)).anySatisfy(run ->
                assertThat(run).contains("mvn", "-B", "-DskipTests", "package"));
        List<String> extract = extractCommand();
        assertThat(extract.subList(0, 4)).containsExactly("java", "-Djarmode=tools", "-jar", jar);
        assertThat(extract).contains("extract", "--layers", "--launcher", "--destination");
    }

    @Test
    void runsAsAFixedNonRootUser() {
        Stage runtime = DeployFiles.runtimeStage();
        List<Instruction> users = runtime.all("USER");
        assertThat(users).as("the final stage sets a USER").isNotEmpty();
        String user = users.get(users.size() - 1).arguments().strip();

        assertThat(user).as("numeric uid:gid, so Kubernetes can verify runAsNonRoot").matches("[0-9]+:[0-9]+");
        int uid = DeployFiles.imageUid();
        assertThat(uid).isNotZero();
        assertThat(user.split(":")[1]).isNotEqualTo("0");
        assertThat(runCommands(runtime)).anySatisfy(run ->
                assertThat(String.join(" ", run)).contains("useradd").contains("--uid " + uid));
        int userIndex = runtime.instructions().indexOf(users.get(users.size() - 1));
        assertThat(runtime.instructions().subList(userIndex, runtime.instructions().size()))
                .as("nothing runs as root after USER").extracting(Instruction::keyword).doesNotContain("RUN");
    }

    @Test
    void exposesTheServicesDefaultPort() {
        assertThat(DeployFiles.defaultServerPort()).isEqualTo(8080);
        assertThat(DeployFiles.exposedPort()).isEqualTo(DeployFiles.defaultServerPort());
        assertThat(DeployFiles.runtimeStage().env()).doesNotContainKeys("PORT", "SERVER_PORT");
    }

    @Test
    void refusesToStartWithoutAnExternalDatabaseAndSizesTheHeapFromTheContainer() throws Exception {
        var env = DeployFiles.runtimeStage().env();

        assertThat(env).containsEntry("DPBANDIT_EMBEDDED_POSTGRES_ENABLED", "false");
        String flags = env.get("JAVA_TOOL_OPTIONS");
        assertThat(flags).contains("-XX:MaxRAMPercentage=75");
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(DeployFiles.words(flags));
        command.add("-version");
        Result version = run(command, DeployFiles.root());
        assertThat(version.exitCode()).as("the JVM accepts %s:%n%s", flags, version.output()).isZero();
    }

    @Test
    void copiesTheJarLayersInTheOrderTheJarDeclares() throws Exception {
        List<String> layers = jarExists() ? listLayersOfPackagedJar() : BOOT_DEFAULT_LAYERS;
        List<String> extract = extractCommand();
        String destination = extract.get(extract.indexOf("--destination") + 1);

        List<String> copied = DeployFiles.runtimeStage().all("COPY").stream()
                .map(Instruction::words)
                .filter(w -> w.get(0).equals("--from=build"))
                .map(w -> w.get(1))
                .toList();
        List<String> expected = layers.stream()
                .map(layer -> "/workspace/" + destination + "/" + layer + "/")
                .toList();
        assertThat(copied).containsExactlyElementsOf(expected);
        assertThat(DeployFiles.dockerfileStages().get(0).all("WORKDIR"))
                .extracting(Instruction::arguments).containsExactly("/workspace");
    }

    @Test
    void entrypointStartsBootsLauncherFromTheExtractedLayers(@TempDir Path scratch) throws Exception {
        List<Instruction> entrypoints = DeployFiles.runtimeStage().all("ENTRYPOINT");
        assertThat(entrypoints).hasSize(1);
        String[] entrypoint = new ObjectMapper().readValue(entrypoints.get(0).arguments(), String[].class);
        assertThat(entrypoint).as("exec form, so java is PID 1 and gets SIGTERM for graceful shutdown")
                .containsExactly("java", BOOT_LAUNCHER);

        if (jarExists()) {
            // Run the Dockerfile's own extraction command on the packaged jar, then check the
            // merged layers hold the launcher the ENTRYPOINT names and the application.
            List<String> command = new ArrayList<>(extractCommand());
            command.set(0, javaExecutable());
            command.set(command.indexOf("--destination") + 1, scratch.resolve("extracted").toString());
            Result extracted = run(command, DeployFiles.root());
            assertThat(extracted.exitCode()).as(extracted.output()).isZero();
            Path layers = scratch.resolve("extracted");
            assertThat(layers.resolve("spring-boot-loader/" + BOOT_LAUNCHER.replace('.', '/') + ".class"))
                    .isRegularFile();
            assertThat(layers.resolve("application/BOOT-INF/classes/application.yml")).isRegularFile();
            assertThat(layers.resolve("dependencies/BOOT-INF/lib")).isDirectory();
        } else {
            assertThat(extractCommand()).containsSubsequence("-Djarmode=tools", "extract", "--layers", "--launcher");
        }
    }

    @Test
    void dockerignoreKeepsBuildOutputLocalDataAndGitOutOfTheContext() {
        List<String> patterns = Arrays.stream(DeployFiles.read(".dockerignore").split("\n"))
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();

        assertThat(patterns).contains("target/", "data/", ".git");
        assertThat(patterns).as("the build needs the poms and the modules' src/")
                .noneMatch(p -> p.endsWith("pom.xml") || p.contains("src") || p.startsWith("dpbandit-")
                        || p.startsWith("!"));
    }

    /** The RUN that extracts the layers, as words. */
    private static List<String> extractCommand() {
        return runCommands(DeployFiles.dockerfileStages().get(0)).stream()
                .filter(words -> words.contains("-Djarmode=tools"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no RUN java -Djarmode=tools ... in the build stage"));
    }

    /** Each RUN of the stage as words, BuildKit flags such as --mount removed. */
    private static List<List<String>> runCommands(Stage stage) {
        return stage.all("RUN").stream()
                .map(Instruction::words)
                .map(words -> words.stream().dropWhile(w -> w.startsWith("--")).toList())
                .toList();
    }

    private static Path packagedJar() {
        return DeployFiles.module().resolve("target").resolve(DeployFiles.mavenFinalName() + ".jar");
    }

    /** True once {@code mvn package} has run; {@code mvn test} runs before packaging. */
    private static boolean jarExists() {
        return Files.isRegularFile(packagedJar());
    }

    private static List<String> listLayersOfPackagedJar() throws Exception {
        Result listed = run(List.of(javaExecutable(), "-Djarmode=tools", "-jar", packagedJar().toString(),
                "list-layers"), DeployFiles.root());
        assertThat(listed.exitCode()).as(listed.output()).isZero();
        return Arrays.stream(listed.output().split("\n")).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    record Result(int exitCode, String output) {
    }

    /** Runs a command with its output captured (tests print nothing), within a minute. */
    private static Result run(List<String> command, Path directory) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile())
                .redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
