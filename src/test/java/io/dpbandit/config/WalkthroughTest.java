package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.testing.RepositoryPaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documents' shell examples run as written against the quick start, and answer what they show.
 * Every code block fenced as {@code ```bash runnable} in README.md (the walkthrough) and then in
 * docs/api.md (curl for every algorithm) is run, in order, as one bash script per document
 * ({@code set -euo pipefail}) from a directory whose {@code data/embedded-postgres} is the started
 * service's data directory and whose {@code examples} are the repository's, as at the repository's
 * root after the quick start; only the port in
 * {@code BASE=http://localhost:8080} is replaced. Each group of {@code # -> } lines is what the
 * output since the previous group must contain, line by line and in order, with {@code ...} matching
 * anything: so a shown answer that the service does not give fails here, and the docs cannot go stale.
 * README's step 5 streams 2 000 wines through a LINUCB bandit (examples/java/RealDataStream.java) and
 * shows its verdict {@code learned}: the last 1 000 decisions more than 5 standard errors of uniform play
 * above 1/3. Its runs put them at 0.84–0.94 right, about 35 standard errors above, so a false failure needs
 * a draw about 30 of its own standard errors (0.012) below the mean: far below 1e-6.
 */
@Tag("process")
class WalkthroughTest {

    static final Duration START = Duration.ofSeconds(120);
    static final String MARK = "@@shown-output@@";
    static final Pattern BLOCK = Pattern.compile("```bash runnable\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path work;

    @Test
    void readmesWalkthroughAndApiExamplesRunAsWrittenAndAnswerWhatTheyShow() throws Exception {
        Path data = work.resolve("data").resolve("embedded-postgres");
        Files.createDirectories(data.getParent());
        // the examples the commands send (-d @examples/...) and run (examples/java), and the shipped data sets
        // the learning demo streams (src/main/resources/datasets): where they are at the repository's root
        Files.createSymbolicLink(work.resolve("examples"), RepositoryPaths.root().resolve("examples"));
        Files.createSymbolicLink(work.resolve("src"), RepositoryPaths.root().resolve("src"));
        QuickStartProcess service = QuickStartProcess.launch(data, work.resolve("service.log"));
        try {
            service.awaitReady(START);
            int readme = runAndCheck("README.md", service.port, 8);
            assertThat(readme).as("README's walkthrough shows answers").isGreaterThanOrEqualTo(8);
            int api = runAndCheck("docs/api.md", service.port, 10);
            assertThat(api).as("docs/api.md shows answers").isGreaterThanOrEqualTo(10);
            assertThat(service.stop(Duration.ofSeconds(60))).isTrue();
        } finally {
            service.kill();
            PostgresProcesses.stopAllIn(data);
            Files.deleteIfExists(work.resolve("examples")); // the links only: @TempDir warns about links out
            Files.deleteIfExists(work.resolve("src"));
        }
    }

    /** Runs the document's runnable blocks as one script and checks every shown output; the number checked. */
    int runAndCheck(String document, int port, int atLeast) throws Exception {
        Script script = script(Files.readString(RepositoryPaths.root().resolve(document), StandardCharsets.UTF_8));
        assertThat(script.shown()).as("%s has runnable blocks with shown outputs", document).hasSizeGreaterThanOrEqualTo(
                atLeast);
        String code = "set -euo pipefail\n" + script.code().replace("BASE=http://localhost:8080",
                "BASE=http://localhost:" + port);
        Path file = work.resolve(document.replace('/', '-') + ".sh");
        Files.writeString(file, code);
        Path out = work.resolve(document.replace('/', '-') + ".out");
        Process bash = new ProcessBuilder("bash", file.toString()).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean ended = bash.waitFor(180, TimeUnit.SECONDS);
        if (!ended) {
            bash.destroyForcibly().waitFor();
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(ended).as("%s's commands end within 180 s; what they printed:\n%s", document, output).isTrue();
        assertThat(bash.exitValue()).as("%s's commands exit 0; output:\n%s", document, output).isZero();

        String[] segments = output.split(Pattern.quote(MARK) + "\n", -1);
        assertThat(segments).as("one output per shown group in %s:\n%s", document, output)
                .hasSize(script.shown().size() + 1);
        for (int i = 0; i < script.shown().size(); i++) {
            int from = 0;
            for (String expected : script.shown().get(i)) {
                Matcher m = pattern(expected).matcher(segments[i]);
                assertThat(m.find(from)).as("%s shows\n  %s\nbut the commands answered\n%s", document, expected,
                        segments[i]).isTrue();
                from = m.end();
            }
        }
        return script.shown().size();
    }

    /** {@code ...} matches anything (within a line); the rest literally. */
    static Pattern pattern(String shown) {
        String[] parts = shown.split("\\.\\.\\.", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".*?");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }

    record Script(String code, List<List<String>> shown) {
    }

    /** The runnable blocks joined, each group of shown lines replaced by a marker echoed into the output. */
    static Script script(String markdown) {
        StringBuilder code = new StringBuilder();
        List<List<String>> shown = new ArrayList<>();
        Matcher block = BLOCK.matcher(markdown);
        while (block.find()) {
            List<String> group = null;
            for (String line : block.group(1).split("\n")) {
                if (line.startsWith("# -> ")) {
                    if (group == null) {
                        group = new ArrayList<>();
                        shown.add(group);
                        code.append("echo '").append(MARK).append("'\n");
                    }
                    group.add(line.substring("# -> ".length()).strip());
                } else {
                    group = null;
                    code.append(line).append('\n');
                }
            }
        }
        return new Script(code.toString(), shown);
    }
}
