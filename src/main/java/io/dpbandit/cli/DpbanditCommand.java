package io.dpbandit.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code java -jar dpbandit.jar}: the top-level command. Without a command it serves, so that the
 * quick start ({@code java -jar target/dpbandit.jar}) and Spring Boot property arguments
 * ({@code java -jar target/dpbandit.jar --server.port=8081}) work as they always have; anything
 * else it does not know is a usage error, never a started server. The subcommands are added by
 * {@code DpbanditApplication}.
 */
@Command(name = "dpbandit", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        customSynopsis = "dpbandit [-hV] [--<spring.property>=<value>...] [COMMAND]", usageHelpWidth = 100,
        description = {"Differentially private contextual bandits: the service and its offline tools.",
            "Without a command, or with Spring Boot properties only (--name=value, the name containing "
                + "a dot: --server.port=8081), it starts the service, as 'serve' does."},
        footer = {"", "Exit codes: 0 done, 1 failed, 2 usage error (nothing was started).",
            "'dpbandit COMMAND --help' lists the options of a command."})
public final class DpbanditCommand implements Callable<Integer> {

    @Unmatched
    List<String> springProperties = new ArrayList<>();

    private final Consumer<String[]> server;

    /** @param server starts the service with the given Spring Boot arguments */
    public DpbanditCommand(Consumer<String[]> server) {
        this.server = server;
    }

    @Override
    public Integer call() {
        return serve(List.of());
    }

    /** Hands the properties given before and after {@code serve} to the server. */
    int serve(List<String> more) {
        List<String> all = new ArrayList<>(springProperties);
        all.addAll(more);
        server.accept(all.toArray(String[]::new));
        return 0;
    }

    /**
     * The execution strategy: the arguments picocli did not match (collected by the top level and by
     * {@code serve}) must all be Spring Boot properties, and those are for the service only; then
     * the last command runs, as picocli's {@link RunLast} does.
     */
    public static int execute(ParseResult top) {
        ParseResult last = top;
        for (ParseResult level = top; level != null; level = level.subcommand()) {
            for (String arg : level.unmatched()) {
                if (!Cli.isSpringProperty(arg)) {
                    throw new UnmatchedArgumentException(level.commandSpec().commandLine(), List.of(arg));
                }
            }
            last = level;
        }
        if (!top.unmatched().isEmpty() && last != top && !(last.commandSpec().userObject() instanceof ServeCommand)) {
            throw new ParameterException(last.commandSpec().commandLine(), "Spring properties such as '"
                    + top.unmatched().get(0) + "' are for the service (serve), not for "
                    + last.commandSpec().name());
        }
        return new RunLast().execute(top);
    }
}
