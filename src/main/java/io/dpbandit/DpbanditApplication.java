package io.dpbandit;

import io.dpbandit.cli.Cli;
import io.dpbandit.cli.DpbanditCommand;
import io.dpbandit.cli.ServeCommand;
import io.dpbandit.plan.PlanCommand;
import io.dpbandit.sim.SimulateCommand;
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
        // Started after the command line is done, outside picocli, so that Spring Boot reports a
        // failed start itself, as it always has.
        SpringApplication.run(DpbanditApplication.class, serve[0]);
    }

    /**
     * Runs the command line; returns the exit code (0 done, 1 failed, 2 usage error). When it asks
     * for the service, {@code server} is given the Spring Boot arguments, and nothing else runs.
     */
    public static int execute(String[] args, PrintStream out, PrintStream err, Consumer<String[]> server) {
        var cl = Cli.parser(new DpbanditCommand(server), new ServeCommand(), new SimulateCommand(out, err),
                new PlanCommand(out, err));
        cl.setExecutionStrategy(DpbanditCommand::execute);
        return Cli.execute(cl, args, out, err);
    }
}
