package io.dpbandit;

import io.dpbandit.plan.PlanCommand;
import io.dpbandit.sim.SimulateCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Entry point. With no command it starts the service; {@code simulate ...} runs the simulator and
 * {@code plan SPEC.json ...} the utility planner in process (no Spring context, no database) and exit.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DpbanditApplication {

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("simulate")) {
            System.exit(SimulateCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        if (args.length > 0 && args[0].equals("plan")) {
            System.exit(PlanCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        }
        SpringApplication.run(DpbanditApplication.class, args);
    }
}
