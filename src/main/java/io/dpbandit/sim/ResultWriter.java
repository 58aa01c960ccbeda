package io.dpbandit.sim;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Writes run results as CSV: one file of regret curves, one of per-epoch statistics. */
public final class ResultWriter {

    private ResultWriter() {
    }

    public static void writeRegretCsv(List<RunResult> results, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); PrintWriter out = new PrintWriter(w)) {
            out.println("policy,epsilon,seed,round,cumulative_regret");
            for (RunResult r : results) {
                RegretCurve c = r.curve();
                for (int i = 0; i < c.rounds().length; i++) {
                    out.printf(Locale.ROOT, "%s,%s,%d,%d,%.6f%n", r.policy(), eps(r.epsilon()), r.seed(), c.rounds()[i],
                            c.cumulativeRegret()[i]);
                }
            }
        }
    }

    public static void writeEpochCsv(List<RunResult> results, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); PrintWriter out = new PrintWriter(w)) {
            out.println("policy,epsilon,seed,epoch,length,mean_active_set_size,best_eliminated,width,noise_sigma");
            for (RunResult r : results) {
                for (RunResult.EpochStats e : r.epochs()) {
                    out.printf(Locale.ROOT, "%s,%s,%d,%d,%d,%.4f,%d,%.6g,%.6g%n", r.policy(), eps(r.epsilon()), r.seed(),
                            e.epoch(), e.length(), e.meanActiveSetSize(), e.bestEliminated(), e.width(), e.noiseSigma());
                }
            }
        }
    }

    /**
     * One row per run: its final regret and, where the run tracks them, the mean reward over all rounds
     * and over the second half (rounds ⌊T/2⌋+1..T); empty cells where it does not.
     */
    public static void writeRunsCsv(List<RunResult> results, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); PrintWriter out = new PrintWriter(w)) {
            out.println("policy,epsilon,seed,horizon,final_regret,mean_reward,mean_reward_second_half,seconds");
            for (RunResult r : results) {
                RunResult.Rewards m = r.rewards();
                out.printf(Locale.ROOT, "%s,%s,%d,%d,%.6f,%s,%s,%.3f%n", r.policy(), eps(r.epsilon()), r.seed(),
                        r.curve().horizon(), r.curve().finalRegret(),
                        m == null ? "" : String.format(Locale.ROOT, "%.6f", m.overall()),
                        m == null ? "" : String.format(Locale.ROOT, "%.6f", m.secondHalf()), r.seconds());
            }
        }
    }

    /** One row per run with returning users: its rounds, learning rounds and heaviest user. */
    public static void writeUsersCsv(List<RunResult> results, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); PrintWriter out = new PrintWriter(w)) {
            out.println("policy,epsilon,seed,rounds,learning_rounds,users_seen,heaviest_user_rounds,"
                    + "heaviest_user_learning_rounds");
            for (RunResult r : results) {
                RunResult.Users u = r.users();
                if (u != null) {
                    out.printf(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%d%n", r.policy(), eps(r.epsilon()), r.seed(),
                            u.rounds(), u.learningRounds(), u.usersSeen(), u.heaviestUserRounds(),
                            u.heaviestUserLearning());
                }
            }
        }
    }

    public static String eps(double epsilon) {
        return Double.isInfinite(epsilon) ? "inf"
                : new java.math.BigDecimal(Double.toString(epsilon)).stripTrailingZeros().toPlainString();
    }
}
