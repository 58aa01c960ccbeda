package io.dpbandit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = SimulateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void writesCurvesEpochsPlotAndSummaryAndShowsProgress() throws Exception {
        Run r = run("--env", "kernel", "--pool", "8", "--actions", "5", "--horizon", "900", "--seeds", "2",
                "--policies", "uniform,capri,capri-paper,usca", "--epsilons", "2,inf", "--approximation-size", "100",
                "--checkpoints", "20", "--threads", "2", "--out", dir.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("[14/14]").contains("left");
        assertThat(r.out()).contains("policy").contains("capri-paper").contains("usca").contains("/uniform");
        List<String> regret = Files.readAllLines(dir.resolve("regret.csv"));
        assertThat(regret.get(0)).isEqualTo("policy,epsilon,seed,round,cumulative_regret");
        assertThat(regret).anyMatch(l -> l.startsWith("capri,2,1,900,"));
        assertThat(Files.readAllLines(dir.resolve("epochs.csv")).get(0)).startsWith("policy,epsilon,seed,epoch");
        var png = ImageIO.read(dir.resolve("regret.png").toFile());
        assertThat(png.getWidth()).isGreaterThan(500);
        assertThat(Files.readString(dir.resolve("summary.txt"))).isEqualTo(r.out());
    }

    @Test
    void otherEnvironmentsRun() {
        for (String env : List.of("linear", "camelback", "styblinski-tang", "michalewicz")) {
            Run r = run("--env", env, "--pool", "5", "--actions", "6", "--horizon", "300", "--seeds", "1",
                    "--policies", "uniform,capri", "--epsilons", "inf", "--out", dir.resolve(env).toString());
            assertThat(r.code()).as(env + ": " + r.err()).isZero();
        }
    }

    @Test
    void badArgumentsExitWithUsageAndCodeTwo() {
        assertThat(run("--horizon", "ten").code()).isEqualTo(2);
        assertThat(run("--epsilons", "-1").err()).contains("epsilon");
        assertThat(run("--bogus", "1").err()).contains("unknown option --bogus").contains("Usage");
        assertThat(run("--env", "moon", "--out", dir.toString()).err()).contains("unknown environment");
        assertThat(run("--policies", "best").err()).contains("unknown policy 'best'");
        assertThat(run("--help").out()).contains("Usage");
    }
}
