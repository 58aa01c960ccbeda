package io.dpbandit.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file a documented command reads is shipped: each {@code examples/...} path that README.md or a
 * document in docs/ names exists, and every file a curl sends ({@code -d @file}) is one of them, so
 * no command in the docs reads a file the reader has to guess (such as an undefined bandit.json).
 */
class DocumentedFilesTest {

    static final Pattern EXAMPLE = Pattern.compile("examples/[A-Za-z0-9._/-]+");
    static final Pattern CURL_FILE = Pattern.compile("-d @(\\S+)");

    @Test
    void everyExampleFileTheDocsNameIsShipped() throws IOException {
        List<String> named = new ArrayList<>();
        for (Path document : documents()) {
            Matcher m = EXAMPLE.matcher(Files.readString(document, StandardCharsets.UTF_8));
            while (m.find()) {
                String file = m.group().replaceAll("[.]+$", "");
                named.add(file);
                assertThat(RepositoryPaths.root().resolve(file)).as("%s names %s", document.getFileName(), file)
                        .isRegularFile();
            }
        }
        assertThat(named).contains("examples/homepage-capri.json", "examples/pricing-gpucb.json",
                "examples/onlineucb-ranking.json", "examples/digits-linucb.json");
    }

    @Test
    void everyFileACurlSendsIsAnExample() throws IOException {
        int sent = 0;
        for (Path document : documents()) {
            Matcher m = CURL_FILE.matcher(Files.readString(document, StandardCharsets.UTF_8));
            while (m.find()) {
                sent++;
                assertThat(m.group(1)).as("a curl in %s sends a shipped file", document.getFileName())
                        .matches(EXAMPLE.pattern());
            }
        }
        assertThat(sent).isPositive();
    }

    static List<Path> documents() throws IOException {
        Path root = RepositoryPaths.root();
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            List<Path> all = new ArrayList<>(List.of(root.resolve("README.md")));
            all.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().toList());
            return all;
        }
    }
}
