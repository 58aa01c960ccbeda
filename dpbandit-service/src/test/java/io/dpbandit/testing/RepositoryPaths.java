package io.dpbandit.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository's files are when a test runs. Maven runs each module's tests in the
 * module's directory; the repository root (openapi.yaml, Dockerfile, helm/) is the nearest
 * ancestor holding the aggregator pom.
 */
public final class RepositoryPaths {

    private RepositoryPaths() {
    }

    /** The service module's directory (its pom.xml, src/, target/). */
    public static Path serviceModule() {
        return root().resolve("dpbandit-service");
    }

    /** The repository root. */
    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("dpbandit-service"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }
}
