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
        String spec = String.format(Locale.ROOT, "{\"id\": \"%s\", \"algorithm\": \"LINUCB\", \"privacy\": {\"epsilon\": %s,"
                + " \"delta\": 1e-5}, \"horizon\": %d, \"rewardBound\": 1.0, \"contextDimension\": %d, \"actions\": %s,"
                + " \"feedback\": {\"waitSeconds\": 1, \"defaultReward\": 0.0}}", bandit, epsilon, rounds, dimension,
                actions);
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
        System.out.println("rounds          right (window)   right (all)");
        for (int from = 1; from <= rounds; from += every) {
            int to = Math.min(rounds, from + every - 1);
            List<java.util.concurrent.Future<Integer>> rewards = new ArrayList<>();
            for (int t = from; t <= to; t++) {
                Row row = rows.get(arrivals[t - 1]);
                rewards.add(pool.submit(() -> play(http, bandit, row)));
            }
            int window = 0;
            for (int t = from; t <= to; t++) {
                int reward = rewards.get(t - from).get();
                window += reward;
                lastHalf += t > rounds / 2 ? reward : 0;
            }
            total += window;
            System.out.printf(Locale.ROOT, "%6d-%-6d    %.3f            %.3f   (%d s)%n", from, to,
                    window / (double) (to - from + 1), total / (double) to, (System.nanoTime() - started) / 1_000_000_000L);
        }
        pool.shutdown();
        int n = rounds - rounds / 2;
        double right = lastHalf / (double) n;
        double uniform = 1.0 / labels;
        double z = (right - uniform) / Math.sqrt(uniform * (1 - uniform) / n);
        System.out.printf(Locale.ROOT, "last %d decisions: %.3f right; uniform play %.3f (1 in %d): %s (%.0f standard"
                + " errors above)%n", n, right, uniform, labels, z > 5 ? "learned" : "not better than uniform play yet",
                z);
    }

    /** One user: a row arrives, the bandit picks a label, the reward says whether it was right. */
    static int play(Http http, String bandit, Row row) throws IOException, InterruptedException {
        String decision = http.post("/decide", "{\"bandit\": \"" + bandit + "\", \"context\": "
                + java.util.Arrays.toString(row.features()) + "}");
        int reward = field(decision, "action").equals(String.valueOf(row.label())) ? 1 : 0;
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
