package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.PrivacyCost;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The learning and the evaluation together spend the spec's Gaussian budget, never more, hardly less. */
class BudgetSplitTest {

    @Test
    void learningAndEvaluationComposeToTheSpecsBudgetWithinItsExactSums() {
        for (double epsilon : new double[] {0.1, 1.0, 4.0, 10.0}) {
            for (double delta : new double[] {1e-9, 1e-5}) {
                for (double share : new double[] {0.01, 0.05, 0.2, 0.5}) {
                    BudgetSplit split = BudgetSplit.of(epsilon, delta, share);
                    double total = ZcdpAccounting.budgetRho(new PrivacyCost(epsilon, delta));
                    double learning = ZcdpAccounting.gaussianRho(PrivacyAmounts.calibrationValue(
                            split.learningEpsilon()), delta);
                    BigDecimal sum = PrivacyAmounts.of(learning).add(PrivacyAmounts.of(split.evaluationRho()));
                    assertThat(sum).as("(%s, %s) at %s", epsilon, delta, share)
                            .isLessThanOrEqualTo(PrivacyAmounts.of(total));
                    assertThat(learning + split.evaluationRho()).as("nothing wasted").isGreaterThan(total * (1 - 1e-6));
                    assertThat(split.evaluationRho()).isEqualTo(share * total);
                    assertThat(split.learningEpsilon()).isLessThan(epsilon);
                }
            }
        }
    }

    @Test
    void theEvaluationsMuIsItsShareOfTheBudgetsMu() {
        BudgetSplit split = BudgetSplit.of(1.0, 1e-5, 0.25);
        assertThat(split.evaluationMu()).isCloseTo(0.5 * ZcdpAccounting.mu(1.0, 1e-5),
                org.assertj.core.data.Offset.offset(1e-9));
    }
}
