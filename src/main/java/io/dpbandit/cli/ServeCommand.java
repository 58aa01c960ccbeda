package io.dpbandit.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Unmatched;

/** {@code dpbandit serve [--spring.property=value ...]}: starts the service (the default command). */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        customSynopsis = "dpbandit serve [-hV] [--<spring.property>=<value>...]", usageHelpWidth = 100,
        description = {"Starts the service (what the jar does without a command).",
            "The REST API, the analyst page and, without a spring.datasource.url, an embedded PostgreSQL.",
            "Spring Boot properties are given as --name=value, the name containing a dot, e.g.",
            "  --server.port=8081",
            "  --spring.datasource.url=jdbc:postgresql://db:5432/dpbandit",
            "  --dpbandit.security.rate-limit.per-second=100",
            "Environment variables (SERVER_PORT, SPRING_DATASOURCE_URL, ...) work as well."})
public final class ServeCommand implements Callable<Integer> {

    @ParentCommand
    DpbanditCommand parent;

    @Unmatched
    List<String> springProperties = new ArrayList<>();

    @Override
    public Integer call() {
        return parent.serve(springProperties);
    }
}
