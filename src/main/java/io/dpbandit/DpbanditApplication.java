package io.dpbandit;

import io.dpbandit.cli.Cli;
import io.dpbandit.cli.DpbanditCommand;
import io.dpbandit.cli.ServeCommand;
import io.dpbandit.plan.PlanCommand;
import io.dpbandit.simulate.SimulateCommand;
import java.io.PrintStream;
import java.util.function.Consumer;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Entry point: {@code dpbandit [serve] [--spring.property=value ...]} starts the service (also with
 * no arguments at all); {@code simulate ...} runs the simulator and {@code plan SPEC.json ...} the
 * utility planner in process (no Spring context, no database) and exit; {@code --help} and
 * {@code --version} answer and exit. See {@link DpbanditCommand}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DpbanditApplication {

    public static void main(String[] args) {
        String[][] serve = new String[1][];
        int code = execute(args, System.out, System.err, springArgs -> serve[0] = springArgs);
        if (serve[0] == null) {
            System.exit(code);
        }
        exitZeroOnSigterm();
        // Started after the command line is done, outside picocli, so that Spring Boot reports a
        // failed start itself, as it always has.
        SpringApplication.run(DpbanditApplication.class, serve[0]);
    }

    /**
     * SIGTERM is how the service is asked to stop (docker stop, Kubernetes, systemd, {@code kill}, an
     * IDE's stop button), and the stop it asks for is a clean one: the same shutdown hooks run as
     * under the JVM's own handler (Spring's graceful shutdown: requests in flight are answered, the
     * lifecycle worker and the embedded PostgreSQL stop), and the service then exits with status 0.
     * The JVM's own handler would exit with 143 (128 + 15), which whatever started the service reads
     * as a failure: {@code mvn spring-boot:run} ends in "BUILD FAILURE ... Application finished with
     * exit code: 143" (its run goal accepts only 0 and Ctrl-C's 130), a supervisor records a crash.
     * SIGKILL is untouched (nothing runs), and so is SIGINT (Ctrl-C: 130, which the run goal accepts).
     * Uses {@code sun.misc.Signal} (module jdk.unsupported, what Spring Boot's own run goal uses to
     * handle signals); where SIGTERM cannot be handled (Windows, {@code -Xrs}) the JVM's default stays.
     */
    static void exitZeroOnSigterm() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException unsupported) {
            // no SIGTERM to handle here: the JVM's default applies
        }
    }

    /**
     * Runs the command line; returns the exit code (0 done, 1 failed, 2 usage error). When it asks
     * for the service, {@code server} is given the Spring Boot arguments, and nothing else runs.
     */
    public static int execute(String[] args, PrintStream out, PrintStream err, Consumer<String[]> server) {
        var cl = Cli.parser(new DpbanditCommand(server), new ServeCommand(), SimulateCommand.spec(new SimulateCommand(out, err)),
                PlanCommand.spec(new PlanCommand(out, err)));
        cl.setExecutionStrategy(DpbanditCommand::execute);
        return Cli.execute(cl, args, out, err);
    }
}
