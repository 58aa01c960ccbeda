package io.dpbandit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source file is longer than {@link #MAX_LINES} lines (issue "stores with one job each"): a file
 * that grows past it has taken on a second job and is split by caller or by stage, the way
 * DecisionStore and EpochPlanner were.
 */
class ClassSizeTest {

    static final int MAX_LINES = 500;

    @Test
    void noMainSourceFileIsLongerThanFiveHundredLines() throws IOException {
        Path main = RepositoryPaths.root().resolve("src/main/java");
        Map<String, Long> tooLong;
        try (Stream<Path> files = Files.walk(main)) {
            List<Path> java = files.filter(p -> p.toString().endsWith(".java")).toList();
            assertThat(java).as("main sources found").hasSizeGreaterThan(100);
            tooLong = java.stream().collect(Collectors.toMap(p -> main.relativize(p).toString(), ClassSizeTest::lines))
                    .entrySet().stream().filter(e -> e.getValue() > MAX_LINES)
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        }
        assertThat(tooLong).as("files over %d lines", MAX_LINES).isEmpty();
    }

    private static long lines(Path p) {
        try (Stream<String> s = Files.lines(p)) {
            return s.count();
        } catch (IOException e) {
            throw new IllegalStateException(p.toString(), e);
        }
    }
}
