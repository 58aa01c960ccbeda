import io.dpbandit.privacy.BudgetSplit;
import io.dpbandit.privacy.ZcdpAccounting;
/**
 * How a rollout splits a bandit's budget between its learning and its evaluation (docs/launch.md, "What it
 * costs"): for (epsilon, 1e-5) and evaluation shares of the budget's mu^2, the budget's mu, the evaluation's
 * mu_eval, the epsilon the learning is calibrated to, and the noise on a window's sum for rewards in [0, 1].
 *
 * <pre>
 * mvn -B -q compile &amp;&amp; java -cp target/classes bench/RolloutBudget.java
 * </pre>
 */
public class RolloutBudget {
    public static void main(String[] a) {
        for (double e : new double[] {1, 4}) for (double q : new double[] {0.05, 0.1, 0.2}) {
            BudgetSplit s = BudgetSplit.of(e, 1e-5, q);
            System.out.printf("epsilon %.0f, share %.2f: mu %.4f, mu_eval %.4f, learning epsilon %.4f, sigma (R = 1) %.3f%n", e, q, ZcdpAccounting.mu(e, 1e-5), s.evaluationMu(), s.learningEpsilon(), 1/s.evaluationMu());
        }
    }
}
