import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.sdk.Algorithm;
import io.dpbandit.sdk.BanditSpec;
import io.dpbandit.sdk.BanditStatus;
import io.dpbandit.sdk.Decision;
import io.dpbandit.sdk.DpbanditClient;
import io.dpbandit.sdk.FeedbackResult;

/**
 * A whole program on the SDK jar and Jackson databind alone: creates a CAPRI bandit, decides for a
 * context and sends the reward as feedback.
 *
 * <pre>
 * java -cp dpbandit-sdk.jar:jackson-databind.jar:jackson-core.jar:jackson-annotations.jar \
 *     Quickstart.java http://localhost:8080 "$DPBANDIT_API_KEY"
 * </pre>
 */
public class Quickstart {

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "http://localhost:8080";
        String apiKey = args.length > 1 ? args[1] : System.getenv("DPBANDIT_API_KEY");
        DpbanditClient dpbandit = DpbanditClient.builder(url, apiKey).build();

        BanditStatus bandit = dpbandit.createBandit(BanditSpec.builder("quickstart", Algorithm.CAPRI)
                .privacy(BanditSpec.Privacy.jdp(1.0, 1e-5)).horizon(100).rewardBound(1.0)
                .kernel(KernelSpec.rbf(0.3)).regularization(1.0).contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3).action("a3", 0.5, 0.5)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).poolContext(0.5, 0.5)
                .feedback(600, 0.0).build());
        System.out.println("bandit " + bandit.id() + ": " + bandit.algorithm() + ", " + bandit.serving());

        Decision decision = dpbandit.decide("quickstart", 0.2, 0.4);
        System.out.println("decision " + decision.decisionId() + ": " + decision.action());

        FeedbackResult result = dpbandit.feedback(decision.decisionId(), 1.0);
        System.out.println("feedback " + result.status());
    }
}
