package io.dpbandit.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar dpbandit.jar plan}: a forecast from a spec file (the body of POST /bandits) or a
 * simulated world, as a table or JSON; mistakes are exit code 2 with a message, never a stack trace.
 */
class PlanCommandTest {

    /** Where the planner's output for the examples is shown. */
    static final Path ALGORITHMS = Path.of("docs/algorithms.md");


    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = PlanCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static final String SPEC = """
            {"id": "homepage", "algorithm": "CAPRI", "privacy": {"model": "JDP", "epsilon": 1.0, "delta": 1e-5},
             "horizon": 20000, "rewardBound": 1.0, "kernel": {"type": "RBF", "lengthScale": 0.3},
             "regularization": 1.0, "contextDimension": 2,
             "actions": [{"id": "a1", "features": [0.1, 0.9]}, {"id": "a2", "features": [0.7, 0.3]},
                         {"id": "a3", "features": [0.5, 0.5]}],
             "contextPool": [[0.2, 0.4], [0.8, 0.1], [0.5, 0.5]]}
            """;

    @Test
    void aSpecFileGivesATableAndTheSameForecastAsJson(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("bandit.json"), SPEC);
        Run table = run(spec.toString(), "--gap", "0.3");
        assertThat(table.code()).as(table.err()).isZero();
        Run json = run(spec.toString(), "--gap", "0.3", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(json.out());
        // The spec leaves the decisions to the LEARN profile: T in the table is the learning rounds of
        // the 20 000 decisions, and the notes say what was chosen and why, first.
        int learning = report.path("capri").path("horizon").asInt();
        assertThat(learning).isBetween(5000, 20000);
        assertThat(table.out()).startsWith("CAPRI-JDP, T = " + learning + ", epsilon = 1").contains("resolves")
                .contains("Privacy charged over all releases")
                .contains("Chosen under the LEARN profile (the spec leaves it out): privacy.composition = PARALLEL")
                .contains("tuning.exploitShare = ");
        assertThat(report.path("notes").get(0).asText()).startsWith("Chosen under the LEARN profile");
        assertThat(report.path("gap").asDouble()).isEqualTo(0.3);
        int releases = report.path("capri").path("releasingEpochs").asInt();
        assertThat(report.path("capri").path("epochs").size()).isEqualTo(releases);
        assertThat(table.out().lines().filter(l -> l.matches("\\s+\\d+\\s+\\d+.*")).count()).isEqualTo(releases);

        Run refined = run(spec.toString(), "--json", "--refined", "--composition", "parallel");
        JsonNode r = new ObjectMapper().readTree(refined.out());
        assertThat(r.path("capri").path("elimination").asText()).isEqualTo("PAIRWISE");
        assertThat(r.path("capri").path("composition").asText()).isEqualTo("PARALLEL");
    }

    @Test
    void aSimulatedWorldIsPlannedFromItsOptions() {
        Run r = run("--env", "kernel", "--pool", "10", "--actions", "4", "--horizon", "5000", "--epsilon", "inf");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("CAPRI-NONE, T = 5000, epsilon = inf");
        Run usca = run("--env", "kernel", "--pool", "10", "--actions", "4", "--policy", "usca",
                "--approximation-size", "400");
        assertThat(usca.code()).as(usca.err()).isZero();
        assertThat(usca.out()).contains("USCA, T = 20000").contains("n_Z = 400").contains("of the 40 support points");
    }

    @Test
    void optionsMayComeBeforeTheSpecAndEachModeTakesItsOverrides(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("bandit.json"), SPEC);
        Run refined = run("--refined", "--json", spec.toString());
        assertThat(refined.code()).as(refined.err()).isZero();
        assertThat(new ObjectMapper().readTree(refined.out()).path("capri").path("elimination").asText())
                .isEqualTo("PAIRWISE");
        // USCA is pure epsilon-DP: its spec carries no delta (a nonzero one is refused).
        Path usca = Files.writeString(dir.resolve("usca.json"), SPEC.replace("\"CAPRI\"", "\"USCA\"")
                .replace(", \"delta\": 1e-5", ""));
        Path withDelta = Files.writeString(dir.resolve("usca-delta.json"), SPEC.replace("\"CAPRI\"", "\"USCA\""));
        Run refused = run(withDelta.toString(), "--approximation-size", "40");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("privacy.delta: must be 0 or absent for USCA");
        Run approximation = run(usca.toString(), "--approximation-size", "40");
        assertThat(approximation.code()).as(approximation.err()).isZero();
        assertThat(approximation.out()).startsWith("USCA").contains("n_Z = 40");
        Run world = run("--env", "kernel", "--pool", "10", "--actions", "4", "--horizon", "5000", "--refined",
                "--composition", "parallel", "--json");
        assertThat(world.code()).as(world.err()).isZero();
        JsonNode capri = new ObjectMapper().readTree(world.out()).path("capri");
        assertThat(capri.path("elimination").asText()).isEqualTo("PAIRWISE");
        assertThat(capri.path("composition").asText()).isEqualTo("PARALLEL");
    }

    @Test
    void badValuesAreUsageErrorsNamingTheOption(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("bandit.json"), SPEC);
        // each case: the option the message must name, then the arguments after the spec
        for (String[] c : new String[][] {{"--composition", "--composition", "diagonal"}, {"--gap", "--gap", "wide"},
            {"--gap", "--gap", "NaN"}, {"--reward-bound", "--reward-bound", "-1"},
            {"--elimination", "--elimination", "best"}, {"--seed", "--json", "--seed"}}) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            Run r = run(java.util.stream.Stream.concat(java.util.stream.Stream.of(spec.toString()),
                    java.util.Arrays.stream(args)).toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).contains(c[0]).doesNotContain("Exception");
            assertThat(r.out()).isEmpty();
        }
        Run world = run("--pool", "10");
        assertThat(world.code()).isEqualTo(2);
        assertThat(world.err()).contains("--env");
    }

    @Test
    void anOptionGivenTwiceTakesTheLastValueAndKeepsTheOthers() {
        PlanCommand plan = new PlanCommand(System.out, System.err);
        var parser = PlanCommand.parser(plan);
        parser.parseArgs("--env", "kernel", "--pool", "10", "--horizon", "5000",
                "--pool", "8", "--refined", "--gap", "0.2", "--gap", "0.3");
        assertThat(plan.world.env).isEqualTo("kernel");
        assertThat(plan.world.pool).isEqualTo(8);
        assertThat(plan.world.horizon).isEqualTo(5000);
        assertThat(plan.gap).isEqualTo(0.3);
        assertThat(((io.dpbandit.sim.capri.RefinementOptions) parser.getMixins().get("RefinementWhatIf")).given()).isTrue();
    }

    @Test
    void mistakesAreExitCode2WithAMessage(@TempDir Path dir) throws Exception {
        assertThat(run().code()).isEqualTo(2);
        Run unknown = run("--frobnicate", "1");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown option --frobnicate");
        Run missing = run(dir.resolve("nope.json").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("cannot read");
        Path bad = Files.writeString(dir.resolve("bad.json"), SPEC.replace("20000", "-5"));
        Run invalid = run(bad.toString());
        assertThat(invalid.code()).isEqualTo(2);
        assertThat(invalid.err()).contains("horizon");
        Run both = run(dir.resolve("x.json").toString(), "--env", "kernel");
        assertThat(both.code()).isEqualTo(2);
        assertThat(run("--help").code()).isZero();
        assertThat(unknown.err() + missing.err() + invalid.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** docs/algorithms.md's "when will it learn" example is this command's output, so it cannot go stale. */
    @Test
    void theDocumentedLinearForecastIsWhatThePlanCommandPrints() throws Exception {
        Run r = run("examples/digits-linucb.json", "--gap", "0.5");
        assertThat(r.code()).as(r.err()).isZero();
        String readme = Files.readString(ALGORITHMS);
        for (String line : r.out().lines().toList()) {
            if (line.startsWith("LINUCB, T =") || line.startsWith("* Expected to resolve")
                    || line.matches("\\s+\\d+\\s+[0-9.]+")) {
                assertThat(readme).as("docs/algorithms.md shows the plan's line").contains(line.strip());
            }
        }
    }

    /** docs/algorithms.md's GPUCB forecast is this command's output for its GPUCB example, so it cannot go stale. */
    @Test
    void theDocumentedGpUcbForecastIsWhatThePlanCommandPrints() throws Exception {
        Run r = run("examples/pricing-gpucb.json", "--gap", "0.2");
        assertThat(r.code()).as(r.err()).isZero();
        String readme = Files.readString(ALGORITHMS);
        assertThat(r.out()).startsWith("GPUCB-JDP, T = 10000");
        for (String line : r.out().lines().toList()) {
            if (line.startsWith("GPUCB-") || line.startsWith("* Expected to resolve")
                    || line.matches("\\s+\\d+\\s+[0-9.]+")) {
                assertThat(readme).as("docs/algorithms.md shows the plan's line").contains(line.strip());
            }
        }
        // The documented GPUCB example is the spec in examples/.
        assertThat(readme).contains(Files.readString(java.nio.file.Path.of("examples/pricing-gpucb.json")).strip());
    }

    /**
     * docs/algorithms.md's ONLINEUCB forecast and its sweep over epsilon are what the command prints for
     * examples/onlineucb-ranking.json (the sweep edited as the document's sed loop edits it), so they cannot go
     * stale; the JSON carries the same forecast.
     */
    @Test
    void theDocumentedOnlineUcbForecastIsWhatThePlanCommandPrints(@TempDir Path dir) throws Exception {
        String readme = Files.readString(ALGORITHMS);
        Run r = run("examples/onlineucb-ranking.json", "--gap", "0.2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("ONLINEUCB, T = 1000000, d = 5, OGD learner");
        for (String line : r.out().lines().toList()) {
            assertThat(readme).as("docs/algorithms.md shows the plan's line").contains(line.strip());
        }
        JsonNode json = new ObjectMapper().readTree(run("examples/onlineucb-ranking.json", "--gap", "0.2", "--json")
                .out());
        assertThat(json.path("onlineucb").path("roundsToResolve").asLong()).isEqualTo(496_288L);
        assertThat(json.path("onlineucb").path("points")).hasSize(4);

        String spec = Files.readString(Path.of("examples/onlineucb-ranking.json"));
        long previous = Long.MAX_VALUE;
        for (String epsilon : new String[] {"1", "2", "4", "8"}) {
            Path edited = Files.writeString(dir.resolve("ranking-" + epsilon + ".json"),
                    spec.replace("\"epsilon\": 4.0", "\"epsilon\": " + epsilon)
                            .replace("\"horizon\": 1000000", "\"horizon\": 100000000"));
            Run swept = run(edited.toString(), "--gap", "0.2");
            String resolve = swept.out().lines().filter(l -> l.contains("resolve")).findFirst().orElseThrow();
            assertThat(readme).as("docs/algorithms.md shows the sweep's line at epsilon %s", epsilon).contains(resolve);
            long rounds = Long.parseLong(resolve.replaceAll(".*after about (\\d+) .*", "$1"));
            assertThat(rounds).as("fewer reports as epsilon grows").isLessThan(previous);
            previous = rounds;
        }
    }

    @Test
    void aLinearWorldIsForecastForOnlineUcbOnly() {
        Run world = run("--env", "linear-gap", "--policy", "onlineucb", "--epsilon", "10", "--dimension", "5",
                "--gap", "0.75");
        assertThat(world.code()).as(world.err()).isZero();
        assertThat(world.out()).startsWith("ONLINEUCB, T = 20000, d = 5")
                .contains("Expected to resolve a gap of 0.750 after about 1817 learning rounds");
        for (String[] c : new String[][] {{"ldp-linucb", "10", "not ldp-linucb"},
            {"onlineucb", "inf", "finite epsilon"}}) {
            Run refused = run("--env", "linear-gap", "--policy", c[0], "--epsilon", c[1]);
            assertThat(refused.code()).isEqualTo(2);
            assertThat(refused.err()).contains(c[2]).doesNotContain("Exception");
        }
    }

    /**
     * README's CAPRI walkthrough says what its plan says: the resolvable gap of each release, to two
     * significant digits, read from the plan of the walkthrough's own spec (taken from README), which is
     * examples/homepage-capri.json, the spec the docs' plan commands read.
     */
    @Test
    void readmesCapriWalkthroughQuotesItsPlan(@TempDir Path dir) throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int id = readme.indexOf("\"id\": \"homepage\", \"algorithm\": \"CAPRI\"");
        assertThat(id).as("README's walkthrough creates the CAPRI bandit homepage").isPositive();
        String json = readme.substring(readme.lastIndexOf("'{", id) + 1, readme.indexOf("}'", id) + 1);
        assertThat(new ObjectMapper().readTree(json)).as("examples/homepage-capri.json is README's spec")
                .isEqualTo(new ObjectMapper().readTree(Files.readString(Path.of("examples/homepage-capri.json"))));
        Path spec = dir.resolve("homepage.json");
        Files.writeString(spec, json);
        Run r = run(spec.toString(), "--gap", "0.1");
        assertThat(r.code()).as(r.err()).isZero();
        java.util.List<String> gaps = new java.util.ArrayList<>();
        for (String line : r.out().lines().toList()) {
            if (line.matches("\\s+\\d+\\s+\\d+\\s+\\d+\\s+.*\\(.*\\)")) {
                String[] cells = line.trim().split("\\s+");
                gaps.add(new java.math.BigDecimal(cells[cells.length - 2]).round(new java.math.MathContext(2))
                        .stripTrailingZeros().toPlainString());
            }
        }
        assertThat(gaps).hasSizeGreaterThanOrEqualTo(2);
        String quoted = String.join(", ", gaps.subList(0, gaps.size() - 1)) + " and " + gaps.get(gaps.size() - 1);
        assertThat(readme.replaceAll("\\s+", " ")).contains("releases resolve gaps of " + quoted + " at best");
        assertThat(r.out()).contains("No epoch within the horizon resolves a gap of 0.100");
    }
}
