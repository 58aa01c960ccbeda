import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Streams a real labelled data set through a running dpbandit service as a bandit, and prints how often
 * the bandit picks the right label as it learns. The JDK alone (no SDK, no library):
 *
 * <pre>
 * java examples/java/RealDataStream.java --key "$KEY"                      # the wine, 2 000 rounds
 * java examples/java/RealDataStream.java --key "$KEY" --dataset digits --rounds 20000
 * </pre>
 *
 * <p>The multiclass-to-bandit protocol (docs/benchmarks-real.md): each round a row of the data set
 * (src/main/resources/datasets, drawn uniformly with replacement, seeded) arrives, its features are the
 * context of {@code POST /decide}, the labels are the actions, and {@code POST /feedback} sends reward 1
 * if the chosen label is the row's, else 0. The bandit is a LINUCB with joint DP whose spec names only
 * the budget, the horizon (= the rounds) and the labels, so the service's default profile (LEARN)
 * chooses the rest and says what; the program prints its choices. A round's reward counts once its 1 s
 * feedback window has passed, and the model moves when an epoch's release is made, so the share of right
 * labels climbs in steps.
 *
 * <p>Options: {@code --base} (http://localhost:8080), {@code --key} (or the environment's KEY),
 * {@code --dataset} (wine or digits), {@code --rounds} (2000), {@code --epsilon} (1), {@code --seed} (1),
 * {@code --bandit} (the data set's name and the time), {@code --every} (rounds per printed line:
 * rounds / 8), {@code --threads} (connections at once: 4). The last line compares the last half's share of right labels with uniform play's 1/K and
 * says "learned" when it is more than 5 standard errors of uniform play above it.
 *
 * <p>Launching next to a baseline (docs/launch.md): {@code --baseline weak} names, on every decision, the
 * label a product's old rule would show (the nearest class centroid of one feature, {@code --baseline-feature}:
 * 1), {@code --baseline perfect} the row's own label. The bandit is then created with a rollout (a public coin
 * of bias {@code --share}, 0.5, AUTO promotion, {@code --looks} 20 evaluation releases, rewards in [0, 1]); the
 * program prints which arm served each window, and at the end the evaluation's releases, the promotion's
 * history, and the final lift estimate against the lift measured on the served rounds.
 */
public class RealDataStream {

    record Row(int label, double[] features) {
    }

    public static void main(String[] args) throws Exception {
        String base = option(args, "--base", "http://localhost:8080");
        String key = option(args, "--key", System.getenv("KEY"));
        if (key == null || key.isBlank()) {
            System.err.println("give an API key with the decider and admin roles: --key dpb_... (the quick start logs"
                    + " a development key)");
            System.exit(2);
        }
        String dataset = option(args, "--dataset", "wine");
        int rounds = Integer.parseInt(option(args, "--rounds", "2000"));
        double epsilon = Double.parseDouble(option(args, "--epsilon", "1"));
        long seed = Long.parseLong(option(args, "--seed", "1"));
        String bandit = option(args, "--bandit", dataset + "-" + System.currentTimeMillis() / 1000);
        int every = Integer.parseInt(option(args, "--every", String.valueOf(Math.max(1, rounds / 8))));
        int threads = Integer.parseInt(option(args, "--threads", "4"));
        String baseline = option(args, "--baseline", null);
        double share = Double.parseDouble(option(args, "--share", "0.5"));
        int looks = Integer.parseInt(option(args, "--looks", "20"));
        int baselineFeature = Integer.parseInt(option(args, "--baseline-feature", "1"));
        if (baseline != null && !baseline.equals("weak") && !baseline.equals("perfect")) {
            System.err.println("--baseline is weak or perfect");
            System.exit(2);
        }
        if (rounds < 1 || every < 1 || threads < 1) {
            System.err.println("--rounds, --every and --threads must be at least 1");
            System.exit(2);
        }

        List<Row> rows = read(dataset);
        int labels = (int) rows.stream().mapToInt(Row::label).distinct().count();
        int dimension = rows.get(0).features().length;
        Http http = new Http(base, key);

        String actions = java.util.stream.IntStream.range(0, labels).mapToObj(k -> "{\"id\": \"" + k + "\"}")
                .collect(Collectors.joining(", ", "[", "]"));
        String rollout = baseline == null ? "" : String.format(Locale.ROOT, ", \"rollout\": {\"share\": %s, \"promotion\":"
                + " \"AUTO\", \"looks\": %d, \"window\": %d, \"rewardRange\": [0, 1]}", share, looks,
                Math.max(2, rounds / looks));
        String spec = String.format(Locale.ROOT, "{\"id\": \"%s\", \"algorithm\": \"LINUCB\", \"privacy\": {\"epsilon\": %s,"
                + " \"delta\": 1e-5}, \"horizon\": %d, \"rewardBound\": 1.0, \"contextDimension\": %d, \"actions\": %s,"
                + " \"feedback\": {\"waitSeconds\": 1, \"defaultReward\": 0.0}%s}", bandit, epsilon, rounds, dimension,
                actions, rollout);
        Baseline rule = baseline == null ? null : new Baseline(baseline.equals("perfect"), baselineFeature, rows, labels);
        if (rule != null) {
            System.out.printf(Locale.ROOT, "baseline %s: right on %.3f of the data set's rows%n", baseline == null ? ""
                    : baseline.equals("perfect") ? "perfect (the row's own label)" : "weak (nearest class centroid of"
                            + " feature " + baselineFeature + ")", rule.accuracy(rows));
        }
        System.out.printf(Locale.ROOT, "creating LINUCB bandit '%s': epsilon %s, delta 1e-05, horizon %d, %d labels as"
                + " actions, %d features%n", bandit, epsilon, rounds, labels, dimension);
        String created = http.post("/bandits", spec);
        List<String> chose = new ArrayList<>();
        Matcher choice = Pattern.compile("\"field\":\"([^\"]+)\",\"value\":\"([^\"]*)\"").matcher(created);
        while (choice.find()) {
            chose.add(choice.group(1) + " " + choice.group(2));
        }
        System.out.println("profile " + field(created, "profile") + " chose: " + String.join(", ", chose));

        // The rows of every round drawn first (the same for a seed), then sent in windows of `every` rounds,
        // each window's rounds on `threads` connections at once, as a product's users arrive.
        Random random = new Random(seed);
        int[] arrivals = random.ints(rounds, 0, rows.size()).toArray();
        // Daemon threads: a failed call ends the program (with the service's answer) instead of leaving it waiting.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        long started = System.nanoTime();
        int total = 0;
        int lastHalf = 0;
        System.out.println("rounds          right (window)   right (all)" + (rule == null ? "" : "   served by the bandit"));
        Arms arms = new Arms();
        for (int from = 1; from <= rounds; from += every) {
            int to = Math.min(rounds, from + every - 1);
            List<java.util.concurrent.Future<Integer>> rewards = new ArrayList<>();
            for (int t = from; t <= to; t++) {
                Row row = rows.get(arrivals[t - 1]);
                rewards.add(pool.submit(() -> play(http, bandit, row, rule, arms)));
            }
            int window = 0;
            int bandits = arms.banditServed.get();
            for (int t = from; t <= to; t++) {
                int reward = rewards.get(t - from).get();
                window += reward;
                lastHalf += t > rounds / 2 ? reward : 0;
            }
            total += window;
            String served = rule == null ? "" : String.format(Locale.ROOT, "   %.2f", (arms.banditServed.get() - bandits)
                    / (double) (to - from + 1));
            System.out.printf(Locale.ROOT, "%6d-%-6d    %.3f            %.3f%s   (%d s)%n", from, to,
                    window / (double) (to - from + 1), total / (double) to, served,
                    (System.nanoTime() - started) / 1_000_000_000L);
        }
        pool.shutdown();
        int n = rounds - rounds / 2;
        double right = lastHalf / (double) n;
        double uniform = 1.0 / labels;
        double z = (right - uniform) / Math.sqrt(uniform * (1 - uniform) / n);
        System.out.printf(Locale.ROOT, "last %d decisions: %.3f right; uniform play %.3f (1 in %d): %s (%.0f standard"
                + " errors above)%n", n, right, uniform, labels, z > 5 ? "learned" : "not better than uniform play yet",
                z);
        if (rule != null) {
            evaluation(http, bandit, looks, arms, rounds);
        }
    }

    /** The product's old rule: the row's own label (perfect), or the nearest class centroid of one feature (weak). */
    record Baseline(boolean perfect, int feature, double[] centroids) {
        Baseline(boolean perfect, int feature, List<Row> rows, int labels) {
            this(perfect, feature, centroids(rows, labels, feature));
        }

        static double[] centroids(List<Row> rows, int labels, int feature) {
            double[] sum = new double[labels];
            int[] count = new int[labels];
            for (Row r : rows) {
                sum[r.label()] += r.features()[feature];
                count[r.label()]++;
            }
            for (int k = 0; k < labels; k++) {
                sum[k] /= Math.max(1, count[k]);
            }
            return sum;
        }

        int label(Row row) {
            if (perfect) {
                return row.label();
            }
            int best = 0;
            for (int k = 1; k < centroids.length; k++) {
                double x = row.features()[feature];
                best = Math.abs(x - centroids[k]) < Math.abs(x - centroids[best]) ? k : best;
            }
            return best;
        }

        double accuracy(List<Row> rows) {
            return rows.stream().filter(r -> label(r) == r.label()).count() / (double) rows.size();
        }
    }

    /** What each arm served, in the order the answers came: decisions and rewards, and the bandit's share per position. */
    static final class Arms {
        final java.util.concurrent.atomic.AtomicInteger banditServed = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicLongArray counts = new java.util.concurrent.atomic.AtomicLongArray(4);
        final java.util.concurrent.ConcurrentLinkedQueue<Boolean> byBandit = new java.util.concurrent.ConcurrentLinkedQueue<>();

        void add(boolean bandit, int reward) {
            byBandit.add(bandit);
            if (bandit) {
                banditServed.incrementAndGet();
            }
            counts.incrementAndGet(bandit ? 0 : 2);
            counts.addAndGet(bandit ? 1 : 3, reward);
        }
    }

    /**
     * Waits for the evaluation's releases (each once its window's 1 s feedback waits have passed), then
     * prints them, the promotion's history, and the final lift against the lift measured on the served rounds.
     */
    static void evaluation(Http http, String bandit, int looks, Arms arms, int rounds) throws Exception {
        String view = http.get("/bandits/" + bandit + "/evaluation");
        int windows = Math.min(looks, rounds / Math.max(2, rounds / looks));
        for (int i = 0; i < 120 && count(view, "\"releasedAt\":") < windows; i++) {
            Thread.sleep(500);
            view = http.get("/bandits/" + bandit + "/evaluation");
        }
        System.out.println("look  decisions (bandit/baseline)   lift so far [interval]       window's lift [interval]");
        Matcher m = Pattern.compile("\"look\":(\\d+),\"releasedAt\":\"[^\"]*\",\"window\":\\{[^}]*\\},\"rounds\":\\{\"bandit\":(\\d+),"
                + "\"baseline\":(\\d+)\\}.*?\"lift\":\\{\"value\":([^,]+),\"low\":([^,]+),\"high\":([^}]+)\\},"
                + "\"windowLift\":\\{\"value\":([^,]+),\"low\":([^,]+),\"high\":([^}]+)\\}").matcher(view);
        double value = Double.NaN;
        double half = Double.NaN;
        while (m.find()) {
            System.out.printf(Locale.ROOT, "%4s  %6s / %-6s %12s %s %28s%n", m.group(1), m.group(2), m.group(3),
                    interval(m.group(4), m.group(5), m.group(6)), "", interval(m.group(7), m.group(8), m.group(9)));
            if (!m.group(4).equals("null")) {
                value = Double.parseDouble(m.group(4));
                half = (Double.parseDouble(m.group(6)) - Double.parseDouble(m.group(5))) / 2;
            }
        }
        Matcher e = Pattern.compile("\"state\":\"(\\w+)\",\"share\":([^,]+),\"cause\":\"(\\w+)\",\"look\":([^,]+),"
                + "\"liftLow\":([^,]+),\"liftHigh\":([^,]+)").matcher(view.substring(view.indexOf("\"history\"")));
        while (e.find()) {
            System.out.printf(Locale.ROOT, "rollout: %s (share %s) by %s%s%n", e.group(1), e.group(2), e.group(3),
                    e.group(4).equals("null") ? "" : " at look " + e.group(4) + ", window's lift in "
                            + interval("0", e.group(5), e.group(6)).replaceFirst("^\\S+ ", ""));
        }
        List<Boolean> order = new ArrayList<>(arms.byBandit);
        long lastQuarter = order.subList(order.size() - order.size() / 4, order.size()).stream().filter(b -> b).count();
        System.out.printf(Locale.ROOT, "the bandit served %.3f of the last quarter's decisions%n",
                lastQuarter / (double) (order.size() / 4));
        long nB = arms.counts.get(0);
        long nA = arms.counts.get(2);
        double measured = nB == 0 || nA == 0 ? Double.NaN
                : arms.counts.get(1) / (double) nB - arms.counts.get(3) / (double) nA;
        System.out.printf(Locale.ROOT, "final lift %.3f +- %.3f; measured on the served rounds %.3f: %s%n", value, half,
                measured, Math.abs(value - measured) <= half ? "within the interval's half-width" : "OUTSIDE it");
    }

    static String interval(String value, String low, String high) {
        if (value.equals("null")) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.3f [%+.3f, %+.3f]", Double.parseDouble(value), Double.parseDouble(low),
                Double.parseDouble(high));
    }

    static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** One user: a row arrives, the bandit picks a label, the reward says whether it was right. */
    static int play(Http http, String bandit, Row row, Baseline rule, Arms arms) throws IOException,
            InterruptedException {
        String named = rule == null ? "" : ", \"baseline\": \"" + rule.label(row) + "\"";
        String decision = http.post("/decide", "{\"bandit\": \"" + bandit + "\", \"context\": "
                + java.util.Arrays.toString(row.features()) + named + "}");
        int reward = field(decision, "action").equals(String.valueOf(row.label())) ? 1 : 0;
        if (rule != null) {
            arms.add(field(decision, "servedBy").equals("BANDIT"), reward);
        }
        http.post("/feedback", "{\"decisionId\": \"" + field(decision, "decisionId") + "\", \"reward\": " + reward
                + "}");
        return reward;
    }

    /** The shipped data set: label,x1..xd rows under src/main/resources/datasets/NAME (run from the repository's root). */
    static List<Row> read(String dataset) throws IOException {
        Path dir = Path.of("src/main/resources/datasets", dataset);
        if (!Files.isDirectory(dir)) {
            System.err.println("no data set " + dir.toAbsolutePath() + ": run from the repository's root, with --dataset"
                    + " wine or digits");
            System.exit(2);
        }
        Path csv;
        try (var files = Files.list(dir)) {
            csv = files.filter(f -> f.toString().endsWith(".csv")).findFirst()
                    .orElseThrow(() -> new IOException("no .csv in " + dir));
        }
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(csv);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            double[] x = new double[cells.length - 1];
            for (int i = 1; i < cells.length; i++) {
                x[i - 1] = Double.parseDouble(cells[i]);
            }
            rows.add(new Row(Integer.parseInt(cells[0]), x));
        }
        return rows;
    }

    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }

    /** One string field of a JSON answer (the answers this program reads are flat where it looks). */
    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\":\"([^\"]*)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no \"" + name + "\" in " + json);
        }
        return m.group(1);
    }

    /** POSTs JSON with the key; an answer other than 2xx ends the program with the service's problem. */
    record Http(String base, String key, HttpClient client) {
        Http(String base, String key) {
            this(base, key, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build());
        }

        String get(String path) throws IOException, InterruptedException {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                    .header("X-API-Key", key).GET().build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                System.err.println("GET " + path + " answered " + response.statusCode() + ": " + response.body());
                System.exit(1);
            }
            return response.body();
        }

        String post(String path, String body) throws IOException, InterruptedException {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                    .header("X-API-Key", key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            HttpResponse<String> response;
            try {
                response = client.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new IOException("POST " + base + path + ": " + e, e);
            }
            if (response.statusCode() / 100 != 2) {
                System.err.println("POST " + path + " answered " + response.statusCode() + ": " + response.body());
                System.exit(1);
            }
            return response.body();
        }
    }
}
