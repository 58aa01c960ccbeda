package io.dpbandit.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository's files are when a test runs: the repository root (pom.xml, src/,
 * openapi.yaml, Dockerfile, helm/) is the nearest ancestor holding pom.xml and src/.
 */
public final class RepositoryPaths {

    private RepositoryPaths() {
    }

    /** The repository root. */
    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("src"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }
}
