package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PrivacyBudgetTest {

    @Test
    void aBudgetSplitIntoEqualSharesCanBeSpentShareByShareDespiteRoundOff() {
        double[] epsilons = {0.1, 0.3, 0.7, 1.0, 2.0, 8.0};
        double[] deltas = {1e-5, 1e-6, 3e-7};
        boolean sawNaiveOverspend = false;
        for (double eps : epsilons) {
            for (double delta : deltas) {
                for (int n = 1; n <= 200; n++) {
                    PrivacyCost total = new PrivacyCost(eps, delta);
                    PrivacyCost share = new PrivacyCost(eps / n, delta / n);
                    PrivacyBudget budget = PrivacyBudget.of(total);
                    for (int i = 0; i < n; i++) {
                        assertThat(budget.canAfford(share)).as("share %d of %d of %s", i + 1, n, total).isTrue();
                        budget = budget.charge(share);
                    }
                    sawNaiveOverspend |= budget.spent().epsilon() > eps || budget.spent().delta() > delta;
                    assertThat(budget.canAfford(share)).as("share %d of %d of %s", n + 1, n, total).isFalse();
                }
            }
        }
        // The tolerance is needed: some of these sums land a few ulps above the total.
        assertThat(sawNaiveOverspend).isTrue();
    }

    @Test
    void sevenSharesOfATenthAddUpAboveATenthAndAreStillAccepted() {
        PrivacyBudget budget = PrivacyBudget.of(PrivacyCost.pure(0.1));
        for (int i = 0; i < 7; i++) {
            budget = budget.charge(PrivacyCost.pure(0.1 / 7));
        }
        assertThat(budget.spent().epsilon()).isEqualTo(0.10000000000000002);
    }

    @Test
    void capriReleasesFitTheirBudgetForEveryHorizon() {
        PrivacyCost total = new PrivacyCost(1.0, 1e-5);
        for (long horizon = 3; horizon <= 100_000; horizon = horizon < 1000 ? horizon + 1 : horizon + 997) {
            CapriEpochSplit split = CapriEpochSplit.of(horizon, total);
            PrivacyBudget budget = PrivacyBudget.of(total);
            for (int i = 0; i < split.releases(); i++) {
                budget = budget.charge(split.perRelease());
            }
            assertThat(split.releases()).as("T = %d", horizon).isLessThanOrEqualTo((int) Math.floor(split.lnT()));
        }
    }

    @Test
    void anOverspendIsRefusedAndChargesNothing() {
        PrivacyBudget budget = PrivacyBudget.of(new PrivacyCost(1.0, 1e-5)).charge(new PrivacyCost(0.6, 5e-6));
        PrivacyCost tooMuch = new PrivacyCost(0.5, 1e-6);
        assertThat(budget.canAfford(tooMuch)).isFalse();
        assertThatThrownBy(() -> budget.charge(tooMuch))
                .isInstanceOf(PrivacyBudgetExceededException.class)
                .satisfies(e -> assertThat(((PrivacyBudgetExceededException) e).requested()).isEqualTo(tooMuch));
        assertThat(budget.spent()).isEqualTo(new PrivacyCost(0.6, 5e-6));
        assertThat(budget.remaining().epsilon()).isCloseTo(0.4, org.assertj.core.api.Assertions.within(1e-15));
    }

    @Test
    void anOverspendOfDeltaAloneIsRefused() {
        PrivacyBudget budget = PrivacyBudget.of(new PrivacyCost(10.0, 1e-6));
        assertThat(budget.canAfford(new PrivacyCost(0.1, 2e-6))).isFalse();
    }

    @Test
    void aPureBudgetRefusesAnyDelta() {
        PrivacyBudget budget = PrivacyBudget.of(PrivacyCost.pure(1.0));
        assertThat(budget.canAfford(new PrivacyCost(0.1, 1e-300))).isFalse();
        assertThat(budget.canAfford(PrivacyCost.pure(1.0))).isTrue();
    }

    @Test
    void spentAboveTotalIsNotAValidBudget() {
        assertThatThrownBy(() -> new PrivacyBudget(PrivacyCost.pure(1.0), PrivacyCost.pure(1.1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
