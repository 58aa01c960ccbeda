package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dpbandit.sdk.error.DpbanditProblemException;
import io.dpbandit.sdk.error.Problem;
import io.dpbandit.sdk.error.ProblemTypes;
import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * docs/sdk.md cannot go stale: each of its Java blocks is a tagged region of {@link SdkGuideTest}
 * (which runs it against the service) or examples/java/Quickstart.java (which
 * {@link QuickstartProgramTest} compiles and runs on the SDK and Jackson alone), its dependency block names the coordinates the build
 * installs, its table of problem types is the SDK's own mapping with each exception's documented
 * status and meaning, and the Python command is the one {@link PythonExampleTest} runs.
 */
class SdkGuideDocsTest {

    static final Path GUIDE = RepositoryPaths.root().resolve("docs/sdk.md");
    static final Path SNIPPETS = RepositoryPaths.root().resolve("src/test/java/io/dpbandit/sdk/SdkGuideTest.java");
    static final Pattern TAG = Pattern.compile("(?m)^[ \\t]*// tag::([a-z-]+)\\[\\]\\n(.*?)^[ \\t]*// end::\\1\\[\\]\\n",
            Pattern.DOTALL);
    static final Pattern BLOCK = Pattern.compile(
            "(?m)^(?:<!-- (snippet|commands|file): ([A-Za-z0-9/._-]+) -->\\n)?```([a-z]*)\\n(.*?)^```$", Pattern.DOTALL);

    record Block(String marker, String name, String language, String text) {
    }

    static List<Block> blocks() throws IOException {
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(Files.readString(GUIDE));
        while (m.find()) {
            blocks.add(new Block(m.group(1), m.group(2), m.group(3), m.group(4)));
        }
        return blocks;
    }

    /** The tagged regions of SdkGuideTest, without the indentation they share. */
    static Map<String, String> snippets() throws IOException {
        Map<String, String> snippets = new LinkedHashMap<>();
        Matcher m = TAG.matcher(Files.readString(SNIPPETS));
        while (m.find()) {
            String body = m.group(2);
            int indent = body.lines().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                    .min().orElse(0);
            StringBuilder sb = new StringBuilder();
            body.lines().forEach(l -> sb.append(l.isBlank() ? "" : l.substring(indent)).append('\n'));
            assertThat(snippets.put(m.group(1), sb.toString())).as("tag " + m.group(1) + " used twice").isNull();
        }
        return snippets;
    }

    @Test
    void everyJavaBlockIsASnippetThatSdkGuideTestRuns() throws IOException {
        Map<String, String> snippets = snippets();
        assertThat(snippets).containsKeys("client", "create", "decide", "request-id", "release", "errors", "device",
                "ldp", "ldp-one-call");
        List<String> shown = new ArrayList<>();
        for (Block b : blocks()) {
            if (!b.language().equals("java")) {
                continue;
            }
            if ("file".equals(b.marker())) {
                assertThat(b.text()).as(b.name() + " as QuickstartProgramTest runs it")
                        .isEqualTo(Files.readString(RepositoryPaths.root().resolve(b.name())));
                assertThat(RepositoryPaths.root().resolve(b.name())).isEqualTo(QuickstartProgramTest.PROGRAM);
                continue;
            }
            assertThat(b.marker()).as("a java block without <!-- snippet: name -->:\n" + b.text())
                    .isEqualTo("snippet");
            assertThat(snippets).as("docs/sdk.md shows snippet " + b.name()).containsKey(b.name());
            assertThat(b.text()).as("snippet " + b.name() + " as SdkGuideTest runs it").isEqualTo(
                    snippets.get(b.name()));
            shown.add(b.name());
        }
        assertThat(shown).as("every snippet shown once").containsExactlyInAnyOrderElementsOf(snippets.keySet());
    }

    @Test
    void readmesJavaIsASnippetThatSdkGuideTestRuns() throws IOException {
        Map<String, String> snippets = snippets();
        Matcher m = BLOCK.matcher(Files.readString(RepositoryPaths.root().resolve("README.md")));
        int java = 0;
        while (m.find()) {
            if (!m.group(3).equals("java")) {
                continue;
            }
            java++;
            assertThat(m.group(1)).as("README's java block without <!-- snippet: name -->:\n" + m.group(4))
                    .isEqualTo("snippet");
            assertThat(m.group(4)).as("README's snippet " + m.group(2) + " as SdkGuideTest runs it")
                    .isEqualTo(snippets.get(m.group(2)));
        }
        assertThat(java).as("README shows the SDK's decide and feedback").isPositive();
    }

    @Test
    void theDependencyIsTheOneTheBuildInstalls() throws Exception {
        Element project = xml(RepositoryPaths.root().resolve("pom.xml"));
        Element sdk = xml(RepositoryPaths.root().resolve("src/sdk/pom.xml"));
        String version = child(project, "version");
        assertThat(child(sdk, "version")).isEqualTo("@project.version@");
        String expected = "<dependency>\n  <groupId>" + child(sdk, "groupId") + "</groupId>\n  <artifactId>"
                + child(sdk, "artifactId") + "</artifactId>\n  <version>" + version + "</version>\n</dependency>\n";
        assertThat(blocks()).filteredOn(b -> b.language().equals("xml")).extracting(Block::text)
                .containsExactly(expected);
        String gradle = "implementation(\"" + child(sdk, "groupId") + ":" + child(sdk, "artifactId") + ":" + version
                + "\")\n";
        assertThat(blocks()).filteredOn(b -> b.language().equals("kotlin")).extracting(Block::text)
                .containsExactly(gradle);
        String pom = Files.readString(RepositoryPaths.root().resolve("pom.xml"));
        assertThat(pom).as("mvn install installs the SDK jar under the SDK's POM")
                .contains("<file>${project.build.directory}/dpbandit-sdk.jar</file>")
                .contains("<pomFile>${project.build.directory}/sdk/pom.xml</pomFile>")
                .contains("<finalName>dpbandit</finalName>");
        assertThat(pom).as("mvn package makes the all-in-one jar the guide runs, Jackson under the SDK's package")
                .contains("<outputFile>${project.build.directory}/dpbandit-sdk-all.jar</outputFile>")
                .contains("<shadedPattern>io.dpbandit.sdk.shaded.jackson</shadedPattern>");
        assertThat(Files.readString(RepositoryPaths.root().resolve("src/sdk/pom.xml")))
                .as("the installed POM's Jackson is the build's").contains("<version>@jackson-bom.version@</version>");
    }

    /**
     * The Jackson versions the guide names are the ones on this build's class path (pom.xml's, through
     * Spring Boot's jackson-bom; the installed SDK POM names the same databind), so they cannot go stale.
     */
    @Test
    void theJacksonVersionsTheGuideNamesAreTheBuilds() throws Exception {
        String guide = Files.readString(GUIDE).replaceAll("\\s+", " ");
        String databind = com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString();
        String core = com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString();
        String annotations = mavenVersion(com.fasterxml.jackson.annotation.JsonInclude.class, "jackson-annotations");
        assertThat(guide).contains("jackson-databind " + databind + ", and through it jackson-core " + core
                + " and jackson-annotations " + annotations + ",");
        String minor = databind.replaceAll("^(\\d+\\.\\d+).*", "$1");
        assertThat(guide).contains("keep it at " + minor + ", the line the SDK is tested with");
    }

    /** The version in a jar's own META-INF/maven/.../pom.properties. */
    static String mavenVersion(Class<?> type, String artifactId) throws Exception {
        Path jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            java.util.Properties p = new java.util.Properties();
            try (var in = file.getInputStream(file.getEntry("META-INF/maven/com.fasterxml.jackson.core/" + artifactId
                    + "/pom.properties"))) {
                p.load(in);
            }
            return p.getProperty("version");
        }
    }

    @Test
    void theCommandsAreTheOnesTheBuildAndTheExampleTestUse() throws IOException {
        Map<String, String> commands = new LinkedHashMap<>();
        for (Block b : blocks()) {
            if (b.language().equals("sh")) {
                assertThat(b.marker()).as("a sh block without <!-- commands: name -->:\n" + b.text())
                        .isEqualTo("commands");
                commands.put(b.name(), b.text());
            }
        }
        assertThat(commands).containsOnlyKeys("install", "all-jar", "python");
        assertThat(commands.get("all-jar")).isEqualTo(SdkAllJarTest.COMMAND_IN_GUIDE);
        assertThat(commands.get("install")).isEqualTo("""
                mvn -B install -DskipTests
                ls ~/.m2/repository/io/dpbandit/dpbandit-sdk/%s/
                """.formatted(version()));
        assertThat(commands.get("python")).isEqualTo(PythonExampleTest.COMMAND_IN_GUIDE);
    }

    @Test
    void theTableOfProblemsIsTheSdksMapping() throws IOException {
        StringBuilder table = new StringBuilder("""
                | Problem type (kind) | Status | Exception | Retried by the SDK | What it means |
                |---|---|---|---|---|
                """);
        for (String kind : ProblemTypes.kinds()) {
            DpbanditProblemException e = ProblemTypes.exception(new Problem(400, Problem.BASE + kind, "t", "d", null,
                    List.of(), null, null));
            String name = e.getClass().getSimpleName();
            Matcher doc = Pattern.compile("/\\*\\*\\s*\\n \\* (\\d{3}) ([a-z-]+): (.*?)\\n \\*/").matcher(Files.readString(
                    RepositoryPaths.root().resolve("src/main/java/io/dpbandit/sdk/error/" + name + ".java")));
            assertThat(doc.find()).as(name + "'s javadoc starts with its status and kind").isTrue();
            assertThat(doc.group(2)).isEqualTo(kind);
            int status = Integer.parseInt(doc.group(1));
            String meaning = doc.group(3).replaceAll("\\{@link #(\\w+\\(\\))}", "`$1`").replace("\n * ", " ");
            table.append("| `").append(kind).append("` | ").append(status).append(" | `").append(name).append("` | ")
                    .append(Transport.retried(status, true) ? "yes" : "no").append(" | ").append(meaning)
                    .append(" |\n");
        }
        assertThat(Files.readString(GUIDE)).contains(table);
    }

    @Test
    void eachExceptionsStatusIsTheOneTheApiDocumentGivesItsType() throws IOException {
        Map<String, java.util.Set<Integer>> documented = new java.util.TreeMap<>();
        JsonNode paths = new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.root().resolve("openapi.yaml")
                .toFile()).path("paths");
        for (JsonNode path : paths) {
            for (JsonNode operation : path) {
                operation.path("responses").fields().forEachRemaining(r -> {
                    Matcher m = ProblemTypesTest.DOCUMENTED.matcher(r.getValue().path("description").asText());
                    while (m.find()) {
                        documented.computeIfAbsent(m.group(1), k -> new java.util.TreeSet<>())
                                .add(Integer.parseInt(r.getKey()));
                    }
                });
            }
        }
        assertThat(documented).as("the scan finds the documented types").containsKeys("validation", "not-ready",
                "paused", "rate-limited");
        documented.forEach((kind, statuses) -> {
            DpbanditProblemException e = ProblemTypes.exception(new Problem(599, Problem.BASE + kind, "t", "d", null,
                    List.of(), null, null));
            assertThat(statuses).as(kind).containsExactly(javadocStatus(e.getClass().getSimpleName()));
        });
    }

    static int javadocStatus(String exception) {
        try {
            Matcher doc = Pattern.compile("/\\*\\*\\s*\\n \\* (\\d{3}) ").matcher(Files.readString(
                    RepositoryPaths.root().resolve("src/main/java/io/dpbandit/sdk/error/" + exception + ".java")));
            assertThat(doc.find()).as(exception).isTrue();
            return Integer.parseInt(doc.group(1));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static String version() {
        try {
            return child(xml(RepositoryPaths.root().resolve("pom.xml")), "version");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static Element xml(Path file) throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        return d.getDocumentElement();
    }

    /** The text of a direct child element (not the parent's version or groupId). */
    static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
    }
}
