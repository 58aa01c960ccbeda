package io.dpbandit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.DpbanditApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar's command line from the caller's side ({@link DpbanditApplication#execute}, what
 * {@code main} runs): help and version answer and exit 0, a typo is exit code 2 with a message and
 * never a started server, Spring Boot properties still start the service. The server is a recording
 * hook: no Spring context is booted here.
 */
class DpbanditCliTest {

    /** One run: exit code, stdout, stderr and the Spring arguments the server was started with (null: not). */
    record Run(int code, String out, String err, List<String> served) {
        boolean started() {
            return served != null;
        }
    }

    static Run run(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        List<List<String>> starts = new ArrayList<>();
        int code = DpbanditApplication.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), springArgs -> starts.add(List.of(springArgs)));
        assertThat(starts).as("the server is started at most once").hasSizeLessThanOrEqualTo(1);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                starts.isEmpty() ? null : starts.get(0));
    }

    /** The project's version as pom.xml states it (tests run in the project folder). */
    static String pomVersion() throws Exception {
        Matcher m = Pattern.compile("<artifactId>dpbandit</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertThat(m.find()).as("pom.xml names the project's version").isTrue();
        return m.group(1);
    }

    @Test
    void versionPrintsTheBuildsVersionAndExitsZero() throws Exception {
        String expected = "dpbandit " + pomVersion();
        for (String[] args : new String[][] {{"--version"}, {"-V"}, {"simulate", "--version"}, {"plan", "-V"}}) {
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isZero();
            assertThat(r.out().strip()).isEqualTo(expected);
            assertThat(r.err()).isEmpty();
            assertThat(r.started()).isFalse();
        }
        assertThat(Cli.version()).isEqualTo(pomVersion()).doesNotContain("@").doesNotContain("${");
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        for (String flag : List.of("--help", "-h")) {
            Run r = run(flag);
            assertThat(r.code()).isZero();
            assertThat(r.started()).isFalse();
            assertThat(r.out()).startsWith("Usage: dpbandit").contains("Commands:").contains("  serve ")
                    .contains("  simulate ").contains("  plan ").contains("--version").contains("Exit codes");
        }
    }

    @Test
    void eachCommandListsItsOptions() {
        Run simulate = run("simulate", "--help");
        assertThat(simulate.code()).isZero();
        assertThat(simulate.out()).startsWith("Usage: dpbandit simulate").contains("--env=NAME")
                .contains("--horizon=T").contains("rounds per run (default 20000)")
                .contains("--policies=LIST").contains("uniform,capri-paper,capri)")
                .contains("--qff-nodes=N").contains("gpucb-local").contains("--refined").contains("--out=DIR");
        Run plan = run("plan", "-h");
        assertThat(plan.code()).isZero();
        assertThat(plan.out()).startsWith("Usage: dpbandit plan").contains("SPEC.json").contains("--json")
                .contains("--env=NAME").contains("--world-seed=N").contains("--reward-bound=B");
        Run serve = run("serve", "--help");
        assertThat(serve.code()).isZero();
        assertThat(serve.out()).contains("--server.port=8081");
        assertThat(simulate.started() || plan.started() || serve.started()).isFalse();
    }

    @Test
    void anUnknownOptionOrCommandIsAUsageErrorAndStartsNothing() {
        Run typo = run("--versoin");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.started()).isFalse();
        assertThat(typo.out()).isEmpty();
        assertThat(typo.err()).contains("unknown option --versoin").contains("--version").contains("Usage: dpbandit")
                .doesNotContain("Exception");
        for (String[] args : new String[][] {{"--nope"}, {"-x"}, {"nope"}, {"serve", "--nope"}, {"serve", "extra"},
            {"simulate", "--nope"}, {"plan", "--nope"}, {"--server.port=8081", "--nope"}, {"--debug"},
            {"--server.port", "8081"}, {"simulate", "--server.port=8081"}, {"--server.port=8081", "simulate"}}) {
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.started()).as(String.join(" ", args)).isFalse();
            assertThat(r.err()).as(String.join(" ", args)).isNotBlank().contains("--help");
        }
        assertThat(run("nope").err()).contains("unknown command 'nope'");
        assertThat(run("simulat").err()).contains("simulate");
        assertThat(run("simulate", "--nope").err()).contains("simulate: unknown option --nope");
        assertThat(run("--server.port", "8081").err()).contains("--server.port=VALUE");
        assertThat(run("--server.port=8081", "simulate").err()).contains("for the service (serve)");
    }

    @Test
    void noArgumentsAndSpringPropertiesStartTheServiceWithThoseProperties() {
        Run none = run();
        assertThat(none.code()).isZero();
        assertThat(none.served()).isEmpty();
        assertThat(none.out() + none.err()).isEmpty();
        assertThat(run("--server.port=0").served()).containsExactly("--server.port=0");
        assertThat(run("serve").served()).isEmpty();
        assertThat(run("serve", "--spring.datasource.url=jdbc:postgresql://db:5432/dpbandit", "--dpbandit.x.y=z")
                .served()).containsExactly("--spring.datasource.url=jdbc:postgresql://db:5432/dpbandit",
                        "--dpbandit.x.y=z");
        // bench/run-close.sh: an empty value is a value.
        assertThat(run("--dpbandit.embedded-postgres.data-directory=", "--logging.level.root=WARN").served())
                .containsExactly("--dpbandit.embedded-postgres.data-directory=", "--logging.level.root=WARN");
        assertThat(run("--server.port=0", "serve", "--logging.level.io.dpbandit=INFO").served())
                .containsExactly("--server.port=0", "--logging.level.io.dpbandit=INFO");
    }

    @Test
    void theSpringPropertyRuleNeedsADotInTheNameAndAnEqualsSign() {
        assertThat(Cli.isSpringProperty("--server.port=8081")).isTrue();
        assertThat(Cli.isSpringProperty("--a.b=")).isTrue();
        assertThat(Cli.isSpringProperty("--a.b=x=y.z")).isTrue();
        assertThat(Cli.isSpringProperty("--server.port")).isFalse();
        assertThat(Cli.isSpringProperty("--debug=true")).isFalse();
        assertThat(Cli.isSpringProperty("--out=a.b")).as("the dot must be in the name").isFalse();
        assertThat(Cli.isSpringProperty("-server.port=1")).isFalse();
        assertThat(Cli.isSpringProperty("---a.b=1")).isFalse();
        assertThat(Cli.isSpringProperty("server.port=1")).isFalse();
    }

    @Test
    void planWithAMissingSpecFileFailsWithAClearMessage(@TempDir Path dir) {
        Path missing = dir.resolve("bandit.json");
        Run r = run("plan", missing.toString());
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("plan: cannot read " + missing + ": no such file").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        assertThat(r.started()).isFalse();
        Run none = run("plan");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("give the spec file");
    }

    @Test
    void simulateRunsThroughTheEntryPoint(@TempDir Path dir) throws Exception {
        Run r = run("simulate", "--env", "kernel", "--pool", "5", "--actions", "3", "--horizon", "200", "--seeds", "1",
                "--policies", "uniform,capri", "--epsilons", "1", "--checkpoints", "5", "--threads", "1",
                "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.started()).isFalse();
        assertThat(r.out()).contains("capri");
        assertThat(Files.readString(dir.resolve("summary.txt"))).isEqualTo(r.out());
    }
}
