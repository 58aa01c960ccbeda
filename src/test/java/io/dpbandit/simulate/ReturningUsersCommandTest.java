package io.dpbandit.simulate;

import static io.dpbandit.simulate.SimulateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.simulate.SimulateCommandTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate}'s options for returning users and the accountant, from the command line. */
class ReturningUsersCommandTest {

    @TempDir
    Path dir;

    static final String[] SMALL = {"--env", "kernel", "--pool", "6", "--actions", "4", "--horizon", "600", "--seeds",
        "1", "--epsilons", "2", "--checkpoints", "4", "--threads", "1"};

    @Test
    void userLevelRunsWriteTheirLearningRoundsPerRun() throws Exception {
        Run r = run(SimulateCommandTest.concat(SMALL, "--policies", "uniform,capri", "--users", "30", "--user-skew",
                "1.1", "--unit", "user", "--max-rounds-per-user", "2", "--composition", "parallel", "--out",
                dir.toString()));

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("learning");
        List<String> users = Files.readAllLines(dir.resolve("users.csv"));
        assertThat(users.get(0)).isEqualTo("policy,epsilon,seed,rounds,learning_rounds,users_seen,"
                + "heaviest_user_rounds,heaviest_user_learning_rounds");
        assertThat(users).hasSize(2);
        String[] capri = users.get(1).split(",");
        assertThat(capri[0]).isEqualTo("capri");
        assertThat(Integer.parseInt(capri[3])).isEqualTo(600);
        assertThat(Integer.parseInt(capri[4])).isBetween(1, 60);
        assertThat(Integer.parseInt(capri[7])).isBetween(1, 2);
    }

    @Test
    void withoutAPopulationNothingNewIsWrittenOrShown() {
        Run r = run(SimulateCommandTest.concat(SMALL, "--policies", "uniform,capri", "--accountant", "BASIC", "--out",
                dir.toString()));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("learning");
        assertThat(dir.resolve("users.csv")).doesNotExist();
    }

    @Test
    void badUserAndAccountantOptionsAreUsageErrorsWithAMessage() {
        Run zero = run("--users", "10", "--unit", "user", "--max-rounds-per-user", "0", "--out", dir.toString());
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.err()).contains("--max-rounds-per-user").contains("'0' is not a whole number of at least 1");

        Run noUsers = run("--unit", "user", "--out", dir.toString());
        assertThat(noUsers.code()).isEqualTo(2);
        assertThat(noUsers.err()).contains("--unit user needs --users N");

        Run accountant = run("--accountant", "renyi", "--out", dir.toString());
        assertThat(accountant.code()).isEqualTo(2);
        assertThat(accountant.err()).contains("--accountant").contains("renyi").contains("BASIC").contains("ZCDP");

        Run kWithRounds = run("--users", "10", "--max-rounds-per-user", "3", "--out", dir.toString());
        assertThat(kWithRounds.code()).isEqualTo(2);
        assertThat(kWithRounds.err()).contains("--max-rounds-per-user applies to --unit user only");

        Run skewAlone = run("--user-skew", "1.1", "--out", dir.toString());
        assertThat(skewAlone.code()).isEqualTo(2);
        assertThat(skewAlone.err()).contains("--user-skew needs --users N");

        Run negativeSkew = run("--users", "10", "--user-skew", "-1", "--out", dir.toString());
        assertThat(negativeSkew.code()).isEqualTo(2);
        assertThat(negativeSkew.err()).contains("--user-skew must be >= 0");

        Run usca = run("--users", "10", "--unit", "user", "--policies", "uniform,usca", "--out", dir.toString());
        assertThat(usca.code()).isEqualTo(2);
        assertThat(usca.err()).contains("--unit user is simulated for capri").contains("'usca'");

        Run basicParallel = run("--users", "10", "--unit", "user", "--max-rounds-per-user", "2", "--policies", "capri",
                "--composition", "parallel", "--accountant", "basic", "--out", dir.toString());
        assertThat(basicParallel.code()).isEqualTo(2);
        assertThat(basicParallel.err()).contains("PARALLEL with --max-rounds-per-user > 1 needs a Gaussian accountant, exact or zcdp");
        assertThat(Files.exists(dir.resolve("summary.txt"))).as("nothing ran").isFalse();
    }

    @Test
    void theNewOptionsAreListedInTheHelp() {
        for (String o : List.of("accountant", "users", "user-skew", "unit", "max-rounds-per-user")) {
            assertThat(SimulateCommand.USAGE).as(o).containsPattern("--" + o + "[=\\[ ]");
        }
    }
}
