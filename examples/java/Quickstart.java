import io.dpbandit.sdk.Algorithm;
import io.dpbandit.sdk.BanditSpec;
import io.dpbandit.sdk.BanditStatus;
import io.dpbandit.sdk.Decision;
import io.dpbandit.sdk.DpbanditClient;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * A whole program on the SDK alone (and Jackson databind, which target/dpbandit-sdk-all.jar holds): creates
 * a private bandit that picks one of three topics for each user, and learns which one from the users' clicks.
 * From the repository's root, after mvn -B package -DskipTests (docs/sdk.md):
 *
 * <pre>
 * java -cp target/dpbandit-sdk-all.jar examples/java/Quickstart.java \
 *     http://localhost:8080 "$DPBANDIT_API_KEY" [bandit id, default quickstart]
 * </pre>
 *
 * Each user's context is how much they read of each topic lately (three numbers), and they click
 * (reward 1) only on their favourite topic. The spec names the budget, the users and the topics; the
 * service chooses the rest and says what.
 */
public class Quickstart {

    static final String[] TOPICS = {"news", "sports", "music"};

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "http://localhost:8080";
        String apiKey = args.length > 1 ? args[1] : System.getenv("DPBANDIT_API_KEY");
        String id = args.length > 2 ? args[2] : "quickstart";
        DpbanditClient dpbandit = DpbanditClient.builder(url, apiKey).build();

        int users = 1000;
        BanditStatus bandit = dpbandit.createBandit(BanditSpec.builder(id, Algorithm.LINUCB)
                .privacy(BanditSpec.Privacy.jdp(1.0, 1e-5)).horizon(users).rewardBound(1.0).contextDimension(3)
                .action(TOPICS[0]).action(TOPICS[1]).action(TOPICS[2])
                .feedback(1, 0.0).build());
        System.out.println("bandit " + bandit.id() + ": " + bandit.algorithm() + ", " + bandit.serving() + ", "
                + bandit.profile() + " chose " + bandit.choices().stream()
                        .map(c -> c.field() + " " + c.value()).collect(Collectors.joining(", ")));

        Random world = new Random(1);
        int clicks = 0;
        for (int user = 1; user <= users; user++) {
            int favourite = world.nextInt(TOPICS.length);
            double[] reading = new double[TOPICS.length];
            for (int k = 0; k < reading.length; k++) {
                reading[k] = 0.2 * world.nextDouble() + (k == favourite ? 0.8 : 0.0);
            }
            Decision decision = dpbandit.decide(id, reading);
            double reward = decision.action().equals(TOPICS[favourite]) ? 1.0 : 0.0;
            dpbandit.feedback(decision.decisionId(), reward);
            clicks += (int) reward;
            if (user % 250 == 0) {
                System.out.printf("users %4d-%4d: %3d clicks of 250 (uniform play: about 83)%n", user - 249, user, clicks);
                clicks = 0;
            }
        }
    }
}
