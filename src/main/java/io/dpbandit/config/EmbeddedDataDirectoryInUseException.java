package io.dpbandit.config;

import java.nio.file.Path;

/**
 * The persistent embedded cluster's data directory belongs to something that is still alive
 * (another instance of the service, most often), so this instance must not start on it.
 */
public class EmbeddedDataDirectoryInUseException extends IllegalStateException {

    private final transient Path directory;

    EmbeddedDataDirectoryInUseException(Path directory, String reason) {
        super("The embedded PostgreSQL data directory " + directory + " is in use: " + reason);
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }
}
