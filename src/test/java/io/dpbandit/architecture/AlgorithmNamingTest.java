package io.dpbandit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How many files outside an algorithm's own packages name it: the files someone adding or changing
 * an algorithm has to find and edit besides its own (docs/architecture.md, "Adding an algorithm").
 * An algorithm's own packages are those named after it, wherever they sit: {@code algorithms.<name>}
 * (its descriptor), {@code policy.<name>} (its core), {@code sdk.<name>} (its SDK records) and
 * {@code sim.<name>} (its simulation): adding an algorithm creates them, it does not edit them. The device
 * library {@code io.dpbandit.client} (JDK only, shipped separately) and the SDK's device-side
 * package {@code sdk.local} (one typed wrapper per algorithm's randomiser, as the count
 * leaves it out) are left out, and so are the database migrations (history that is never edited). Scanned: every file of {@code src/main} and
 * {@code openapi.yaml}, without comments (a comment naming an algorithm as an example is not an
 * edit anyone has to make). A file names an algorithm if it holds its enum constant ({@code GPUCB})
 * or a type named after it ({@code GpUcbConfig}, {@code GpUcbForecast}).
 *
 * <p>The limits are the counts reached (4 each since issue 32: the enum, the registry, the SDK's enum and
 * the API document) and a ratchet: a change that
 * lowers a count fails until the limit is lowered to it, and none may be raised: name the
 * algorithm in its own packages, reach it through the registry ({@code algorithms.Algorithms}),
 * or, in the API document's prose, write a group placeholder ({@code api.RegistryProse}).
 */
class AlgorithmNamingTest {

    /** Name → its patterns, its package name, the most files outside its packages that may name it. */
    record Named(String algorithm, Pattern names, String pkg, int limit) {
        @Override
        public String toString() {
            return algorithm;
        }
    }

    static List<Named> algorithms() {
        return List.of(
                new Named("CAPRI", Pattern.compile("\\bCAPRI\\b|\\bCapri(?=[A-Z_]|\\b)"), "capri", 4),
                new Named("USCA", Pattern.compile("\\bUSCA\\b|\\bUsca(?=[A-Z_]|\\b)"), "usca", 4),
                new Named("LINUCB", Pattern.compile("\\bLINUCB\\b|\\bLinUcb"), "linucb", 4),
                new Named("ONLINEUCB", Pattern.compile("\\bONLINEUCB\\b|\\bOnlineUcb"), "onlineucb", 4),
                new Named("GPUCB", Pattern.compile("\\bGPUCB\\b|\\bGpUcb"), "gpucb", 4));
    }

    private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("(?m)(?<![:\"])//.*$");
    private static final Pattern HASH_COMMENT = Pattern.compile("(?m)^\\s*#.*$|\\s#\\s.*$");

    @ParameterizedTest
    @MethodSource("algorithms")
    void fewFilesOutsideItsOwnPackagesNameIt(Named a) {
        Path root = RepositoryPaths.root();
        TreeSet<String> naming = new TreeSet<>();
        for (Path file : files(root)) {
            String rel = root.relativize(file).toString().replace('\\', '/');
            String inPackage = rel.replaceFirst("^src/main/java/io/dpbandit/", "");
            if (("/" + inPackage).contains("/" + a.pkg() + "/")
                    || inPackage.startsWith("client/") || inPackage.startsWith("sdk/local/")
                    || rel.startsWith("src/main/resources/db/migration/")) {
                continue;
            }
            if (a.names().matcher(code(file, read(file))).find()) {
                naming.add(rel);
            }
        }
        assertThat(naming.size())
                .as("files outside %s's packages that name it (limit %d): %s", a, a.limit(), naming)
                .isLessThanOrEqualTo(a.limit());
        assertThat(naming.size()).as("%s: lower the limit to the count reached, %s", a, naming).isGreaterThanOrEqualTo(a.limit());
    }

    private static List<Path> files(Path root) {
        try (Stream<Path> main = Files.walk(root.resolve("src/main"))) {
            return Stream.concat(main.filter(Files::isRegularFile), Stream.of(root.resolve("openapi.yaml"))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file without its comments (Java and JavaScript comments; # in YAML, SQL-free properties). */
    static String code(Path file, String text) {
        String name = file.getFileName().toString();
        if (name.endsWith(".java") || name.endsWith(".js")) {
            return LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll("")).replaceAll("");
        }
        if (name.endsWith(".yml") || name.endsWith(".yaml") || name.endsWith(".properties")) {
            return HASH_COMMENT.matcher(text).replaceAll("");
        }
        return text;
    }

    /** The comment stripping keeps code and strings, and drops comments. */
    @org.junit.jupiter.api.Test
    void commentsAreNotCountedButCodeAndStringsAre() {
        Named gp = algorithms().get(4);
        assertThat(gp.names().matcher(code(Path.of("A.java"), "/** GPUCB only */ int x; // GpUcbConfig\n"))
                .find()).isFalse();
        assertThat(gp.names().matcher(code(Path.of("A.java"), "String s = \"applies to GPUCB\";")).find()).isTrue();
        assertThat(gp.names().matcher(code(Path.of("a.yml"), "  # a GPUCB release\nkey: 1\n")).find()).isFalse();
        assertThat(gp.names().matcher(code(Path.of("A.java"), "GpUcbConfig c;")).find()).isTrue();
        assertThat(algorithms().get(2).names().matcher("LdpLinUcb x;").find()).as("another algorithm").isFalse();
    }

}
