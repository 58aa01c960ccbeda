package io.dpbandit.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Mean ± standard error over seeds of each (policy, ε) group: final cumulative regret, its ratio
 * to the uniform policy's mean on the same environment, contexts whose best action was
 * eliminated, and the simple regret of the final recommendation where defined.
 */
public final class Summary {

    /** One row of the summary table. */
    public record Row(String policy, double epsilon, int runs, double meanRegret, double seRegret, double ratioToUniform,
            double meanBestEliminated, double meanSimpleRegret, double seSimpleRegret, double meanSeconds,
            double learningFraction) {
    }

    private Summary() {
    }

    public static List<Row> rows(List<RunResult> results) {
        Map<String, List<RunResult>> groups = new LinkedHashMap<>();
        for (RunResult r : results) {
            groups.computeIfAbsent(r.policy() + "\u0000" + r.epsilon(), k -> new ArrayList<>()).add(r);
        }
        double uniform = results.stream().filter(r -> r.policy().equals("uniform"))
                .mapToDouble(r -> r.curve().finalRegret()).average().orElse(Double.NaN);
        List<Row> rows = new ArrayList<>();
        for (List<RunResult> g : groups.values()) {
            double[] regret = g.stream().mapToDouble(r -> r.curve().finalRegret()).toArray();
            double[] simple = g.stream().mapToDouble(RunResult::simpleRegret).toArray();
            double eliminated = g.stream().mapToDouble(r -> r.epochs().isEmpty() ? 0
                    : r.epochs().get(r.epochs().size() - 1).bestEliminated()).average().orElse(0);
            double seconds = g.stream().mapToDouble(RunResult::seconds).average().orElse(0);
            double learning = g.stream().filter(r -> r.users() != null)
                    .mapToDouble(r -> r.users().learningFraction()).average().orElse(Double.NaN);
            rows.add(new Row(g.get(0).policy(), g.get(0).epsilon(), g.size(), mean(regret), standardError(regret),
                    mean(regret) / uniform, eliminated, mean(simple), standardError(simple), seconds, learning));
        }
        return rows;
    }

    /** The table; runs with returning users add the mean fraction of learning rounds ("learning"). */
    public static String table(List<RunResult> results) {
        boolean users = results.stream().anyMatch(r -> r.users() != null);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-26s %7s %4s %22s %9s %12s %20s %8s", "policy", "epsilon", "runs",
                "final regret (±se)", "/uniform", "best lost", "simple regret (±se)", "sec/run"));
        sb.append(users ? String.format(Locale.ROOT, " %9s%n", "learning") : String.format(Locale.ROOT, "%n"));
        for (Row r : rows(results)) {
            sb.append(String.format(Locale.ROOT, "%-26s %7s %4d %13.1f ± %6.1f %9.3f %12.1f %12s %8.1f", r.policy(),
                    ResultWriter.eps(r.epsilon()), r.runs(), r.meanRegret(), r.seRegret(), r.ratioToUniform(),
                    r.meanBestEliminated(),
                    Double.isNaN(r.meanSimpleRegret()) ? "-"
                            : String.format(Locale.ROOT, "%.4f ± %.4f", r.meanSimpleRegret(), r.seSimpleRegret()),
                    r.meanSeconds()));
            if (users) {
                sb.append(Double.isNaN(r.learningFraction()) ? String.format(Locale.ROOT, " %9s", "-")
                        : String.format(Locale.ROOT, " %9.3f", r.learningFraction()));
            }
            sb.append(String.format(Locale.ROOT, "%n"));
        }
        return sb.toString();
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double standardError(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (v.length - 1) / v.length);
    }
}
