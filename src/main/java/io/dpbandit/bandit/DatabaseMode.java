package io.dpbandit.bandit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Which database this instance runs on, as far as its own secrets are concerned.
 * <ul>
 *   <li><b>External</b> ({@code spring.datasource.url} set): a deployment; every secret is
 *       configured, none is generated.</li>
 *   <li><b>Embedded</b> (the quick start): the service generates the secrets it needs itself. With a
 *       data directory each is kept in an owner-only file beside it,
 *       {@code <data-directory>.<name>} (mode 0600, never in the database, never in the
 *       repository: {@code data/} is ignored), so it stays the same across restarts on that
 *       directory and a new directory gets new ones; a temporary cluster (blank data directory)
 *       gets fresh ones in memory.</li>
 *   <li><b>None</b>: no URL and the embedded database switched off; the service does not start.</li>
 * </ul>
 * The bean is made in {@code io.dpbandit.config.DatabaseModeConfiguration} from
 * {@code spring.datasource.url} and {@code dpbandit.embedded-postgres.*}.
 */
public final class DatabaseMode {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final boolean external;
    private final boolean embedded;
    private final Path dataDirectory;

    private DatabaseMode(boolean external, boolean embedded, Path dataDirectory) {
        this.external = external;
        this.embedded = embedded;
        this.dataDirectory = dataDirectory;
    }

    /** An external PostgreSQL. */
    public static DatabaseMode external() {
        return new DatabaseMode(true, false, null);
    }

    /** The embedded quick-start cluster on {@code dataDirectory}; blank or null: a temporary cluster. */
    public static DatabaseMode embedded(String dataDirectory) {
        boolean temporary = dataDirectory == null || dataDirectory.isBlank();
        return new DatabaseMode(false, true, temporary ? null
                : Path.of(dataDirectory.trim()).toAbsolutePath().normalize());
    }

    /** No database at all (embedded switched off and no URL). */
    public static DatabaseMode none() {
        return new DatabaseMode(false, false, null);
    }

    public boolean isExternal() {
        return external;
    }

    /** The embedded (development) mode: no external database, the embedded one starts. */
    public boolean isEmbedded() {
        return embedded;
    }

    /** The embedded cluster's data directory (absolute), absent for a temporary cluster or another mode. */
    public Optional<Path> dataDirectory() {
        return Optional.ofNullable(dataDirectory);
    }

    /**
     * A secret this instance made for itself.
     *
     * @param value   the secret
     * @param file    where it is kept, if anywhere
     * @param created whether this start generated it (false: read as an earlier start kept it)
     */
    public record LocalSecret(String value, Optional<Path> file, boolean created) {
        @Override
        public String toString() {
            return "LocalSecret[file=" + file + ", created=" + created + "]";
        }
    }

    /**
     * The secret called {@code name}: read from {@code <data-directory>.<name>} if an earlier start
     * on this data directory kept it there, otherwise {@code generate}d and kept there (created
     * owner-only, 0600, before anything is written to it). Without a data directory (a temporary
     * cluster, or not the embedded mode) a fresh one, kept nowhere.
     */
    public LocalSecret keptSecret(String name, Supplier<String> generate) {
        if (!name.matches("[a-z][a-z-]*")) {
            throw new IllegalArgumentException("a secret's name is lower-case letters and dashes: " + name);
        }
        if (dataDirectory == null) {
            return new LocalSecret(generate.get(), Optional.empty(), true);
        }
        Path file = Path.of(dataDirectory + "." + name);
        try {
            Optional<String> kept = read(file);
            if (kept.isPresent()) {
                return new LocalSecret(kept.get(), Optional.of(file), false);
            }
            String fresh = generate.get();
            Files.createDirectories(file.getParent());
            try (SeekableByteChannel out = create(file)) {
                out.write(ByteBuffer.wrap((fresh + "\n").getBytes(StandardCharsets.UTF_8)));
            } catch (FileAlreadyExistsException raced) {
                // Another start on the same directory wrote it first: use that one.
                return new LocalSecret(read(file).orElseThrow(() -> empty(file)), Optional.of(file), false);
            }
            return new LocalSecret(fresh, Optional.of(file), true);
        } catch (IOException e) {
            throw new UncheckedIOException("could not keep the secret " + name + " in " + file, e);
        }
    }

    private static Optional<String> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String value = Files.readString(file, StandardCharsets.UTF_8).trim();
        if (value.isEmpty()) {
            throw empty(file);
        }
        return Optional.of(value);
    }

    private static IllegalStateException empty(Path file) {
        return new IllegalStateException(file + " is empty; delete it and a new secret is generated");
    }

    private static SeekableByteChannel create(Path file) throws IOException {
        var options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            FileAttribute<Set<PosixFilePermission>> ownerOnly = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
            return Files.newByteChannel(file, options, ownerOnly);
        } catch (UnsupportedOperationException notPosix) {
            // Not a POSIX file system: the directory's own permissions apply.
            return Files.newByteChannel(file, options);
        }
    }

    @Override
    public String toString() {
        return external ? "external" : embedded ? "embedded(" + (dataDirectory == null ? "temporary" : dataDirectory)
                + ")" : "none";
    }
}
