package io.dpbandit.simulate;

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
    void aTableSplitByFirstSeedReplaysTheSameRuns() throws Exception {
        java.nio.file.Path whole = dir.resolve("whole");
        java.nio.file.Path part = dir.resolve("part");
        String[] common = {"--env", "kernel", "--pool", "6", "--actions", "4", "--horizon", "400", "--policies",
            "uniform,capri", "--epsilons", "2", "--checkpoints", "4", "--threads", "1"};
        Run all = run(concat(common, "--seeds", "3", "--out", whole.toString()));
        Run tail = run(concat(common, "--seeds", "2", "--first-seed", "2", "--out", part.toString()));
        assertThat(all.code()).as(all.err()).isZero();
        assertThat(tail.code()).as(tail.err()).isZero();
        List<String> wholeRows = Files.readAllLines(whole.resolve("regret.csv"));
        List<String> partRows = Files.readAllLines(part.resolve("regret.csv"));
        assertThat(partRows).noneMatch(l -> l.matches("[a-z]+,[^,]+,1,.*"));
        assertThat(partRows.subList(1, partRows.size())).as("seeds 2 and 3 exactly as in the whole run")
                .isNotEmpty().allMatch(wholeRows::contains);
        assertThat(run(concat(common, "--first-seed", "0", "--out", part.toString())).code()).isEqualTo(2);
    }

    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
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
    void linearPolicyNamesParseAndEachRunsOnTheLinearWorlds() throws Exception {
        List<String> names = List.of("linucb", "linucb-jdp-gauss", "linucb-jdp-gauss-paper", "linucb-jdp-wishart",
                "linucb-jdp-wishart-paper", "onlineucb", "onlineucb-paper", "ldp-linucb");
        for (String name : names) {
            assertThat(SimulatedPolicies.parse(" " + name.toUpperCase(java.util.Locale.ROOT) + " ").label()).isEqualTo(name);
            assertThat(SimulatedPolicies.parse(name).linear()).isTrue();
        }
        for (String env : List.of("linear", "linear-gap", "linear-fresh")) {
            Run r = run("--env", env, "--actions", "10", "--horizon", "400", "--seeds", "1", "--epsilons", "0.5,2",
                    "--delta", "0.1", "--policies", "uniform,linucb,linucb-jdp-gauss,linucb-jdp-gauss-paper,"
                            + "linucb-jdp-wishart-paper,onlineucb,onlineucb-paper,ldp-linucb",
                    "--checkpoints", "10", "--threads", "1", "--out", dir.resolve(env).toString());
            assertThat(r.code()).as(env + ": " + r.err()).isZero();
            List<String> regret = Files.readAllLines(dir.resolve(env).resolve("regret.csv"));
            for (String name : names) {
                if (!name.equals("linucb-jdp-wishart")) {
                    assertThat(regret).as(env + " " + name).anyMatch(l -> l.startsWith(name + ",") && l.contains(",400,"));
                }
            }
            assertThat(regret).anyMatch(l -> l.startsWith("linucb,inf,1,400,"))
                    .noneMatch(l -> l.startsWith("linucb,1,"));
        }
        Run batched = run("--env", "linear-gap", "--horizon", "300", "--seeds", "1", "--epsilons", "1", "--delta", "0.1",
                "--policies", "linucb-jdp-wishart", "--batch", "5", "--threads", "1", "--out", dir.resolve("b").toString());
        assertThat(batched.code()).as(batched.err()).isZero();
    }

    @Test
    void linearPoliciesRefuseWhatTheyCannotRunAsUsageErrors() {
        Run kernel = run("--env", "kernel", "--policies", "uniform,onlineucb", "--epsilons", "1", "--out", dir.toString());
        assertThat(kernel.code()).isEqualTo(2);
        assertThat(kernel.err()).contains("'onlineucb' needs a linear environment");
        Run infinite = run("--env", "linear", "--policies", "linucb-jdp-gauss", "--out", dir.toString());
        assertThat(infinite.code()).isEqualTo(2);
        assertThat(infinite.err()).contains("needs finite epsilons");
        Run wishart = run("--env", "linear-gap", "--policies", "linucb-jdp-wishart", "--epsilons", "10", "--delta", "0.1",
                "--horizon", "20000", "--out", dir.toString());
        assertThat(wishart.code()).isEqualTo(2);
        assertThat(wishart.err()).contains("'linucb-jdp-wishart' cannot run at epsilon 10");
        assertThat(run("--env", "linear", "--policies", "linucb", "--batch", "0", "--out", dir.toString()).code())
                .isEqualTo(2);
    }

    /** The options of the hand-written parser picocli replaced, every one still there. */
    @Test
    void everyOptionIsListedInTheHelp() {
        for (String o : List.of("env", "policies", "epsilons", "seeds", "first-seed", "horizon", "pool", "actions",
                "dimension", "gap", "batch", "bumps", "length-scale", "noise", "tau", "delta", "confidence-scale",
                "clip-quantile", "composition", "projection-cap", "approximation-size", "checkpoints", "threads", "out",
                "elimination", "statistical", "projection", "tau-rule", "residual-floor", "reward-offset",
                "reward-bound", "refined", "exploit", "exploit-share", "kernel-length-scale", "qff-nodes",
                "qff-length-scale", "gpucb-ridge", "gpucb-rho", "gpucb-rkhs-bound", "gpucb-zeta", "gpucb-calibration",
                "gpucb-shift", "gpucb-shift-scale", "gpucb-radius-scale", "gpucb-regulariser", "gpucb-batch", "help")) {
            assertThat(SimulateCommand.USAGE).as(o).containsPattern("--" + o + "[=\\[ ]");
        }
    }

    @Test
    void optionValuesAreCheckedAndFlagsTakeAnOptionalValue() {
        assertThat(run("--composition", "PARALLEL", "--help").code()).isZero();
        Run composition = run("--composition", "diagonal");
        assertThat(composition.code()).isEqualTo(2);
        assertThat(composition.err()).contains("--composition").contains("diagonal");
        assertThat(run("--tau", "NaN").err()).contains("--tau").contains("not a finite number");
        assertThat(run("--seeds", "0").err()).contains("--seeds");
        assertThat(run("--horizon").err()).contains("--horizon");
        assertThat(run("--threads", "0").code()).isEqualTo(2);
        assertThat(run("--refined", "--bogus").err()).contains("unknown option --bogus");
        Run share = run("--exploit", "none", "--exploit-share", "0.5");
        assertThat(share.code()).isEqualTo(2);
        assertThat(share.err()).contains("--exploit-share needs --exploit argmax");
        assertThat(run("--exploit", "argmax", "--exploit-share", "1").err()).contains("--exploit-share must lie in [0, 1)");
        assertThat(run("--exploit", "greedy").err()).contains("--exploit").contains("greedy");
        Run length = run("--kernel-length-scale", "wide");
        assertThat(length.code()).isEqualTo(2);
        assertThat(length.err()).contains("--kernel-length-scale must be a number > 0 or 'median'");
    }

    /** bench/run-capri-grid.sh appends --seeds N to a command line that already has --seeds. */
    @Test
    void anOptionGivenTwiceTakesTheLastValue() {
        Run r = run("--env", "kernel", "--pool", "4", "--actions", "3", "--horizon", "50", "--seeds", "5",
                "--policies", "uniform,capri", "--epsilons", "1", "--checkpoints", "2", "--threads", "1",
                "--seeds", "1", "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("simulate: 2 runs of 50 rounds");
        // and in the GP-UCB and refinement sections the other options given stay given
        SimulateCommand c = new SimulateCommand(System.out, System.err);
        var parser = SimulateCommand.parser(c);
        parser.parseArgs("--qff-nodes", "3", "--gpucb-ridge", "2", "--elimination", "pairwise",
                "--qff-nodes", "4", "--reward-offset", "0.25", "--elimination", "width");
        var gpucb = (io.dpbandit.sim.gpucb.GpUcbOptions) parser.getMixins().get("GpUcbOptions");
        var refinements = (io.dpbandit.sim.capri.RefinementOptions) parser.getMixins().get("RefinementOptions");
        assertThat(gpucb.settings().nodesPerDimension()).isEqualTo(4);
        assertThat(gpucb.settings().ridge()).isEqualTo(2.0);
        assertThat(refinements.refinements().elimination())
                .isEqualTo(io.dpbandit.policy.capri.CapriConfig.Refinements.EliminationTest.WIDTH);
        assertThat(refinements.refinements().rewardOffset()).isEqualTo(0.25);
    }

    @Test
    void badArgumentsExitWithUsageAndCodeTwo() {
        assertThat(run("--horizon", "ten").code()).isEqualTo(2);
        assertThat(run("--epsilons", "-1").err()).contains("epsilon");
        assertThat(run("--bogus", "1").err()).contains("unknown option --bogus").contains("Usage");
        assertThat(run("--env", "moon", "--out", dir.toString()).err()).contains("unknown environment");
        assertThat(run("--policies", "best").err()).contains("unknown policy 'best'");
        Run unknownLinear = run("--env", "linear", "--policies", "linucb-jdp-laplace");
        assertThat(unknownLinear.code()).isEqualTo(2);
        assertThat(unknownLinear.err()).contains("unknown policy 'linucb-jdp-laplace'")
                .contains("linucb-jdp-gauss-paper").contains("ldp-linucb");
        assertThat(run("--help").out()).contains("Usage");
    }
}
