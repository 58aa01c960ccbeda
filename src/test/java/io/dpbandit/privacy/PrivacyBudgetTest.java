package io.dpbandit.privacy;

import io.dpbandit.policy.capri.CapriEpochSplit;
import io.dpbandit.client.privacy.PrivacyCost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PrivacyBudgetTest {

    /**
     * Equal shares from PrivacyAmounts.share can be spent share by share, and then nothing more:
     * their exact sum never exceeds the total, although naive binary shares (ε/n added n times) often
     * do.
     */
    @Test
    void aBudgetSplitIntoEqualSharesIsSpentExactlyAndNeverAbove() {
        double[] epsilons = {0.1, 0.3, 0.7, 1.0, 2.0, 8.0};
        double[] deltas = {1e-5, 1e-6, 3e-7};
        boolean sawNaiveOverspend = false;
        for (double eps : epsilons) {
            for (double delta : deltas) {
                for (int n = 1; n <= 200; n++) {
                    PrivacyCost total = new PrivacyCost(eps, delta);
                    PrivacyCost share = new PrivacyCost(PrivacyAmounts.share(eps, n, n), PrivacyAmounts.share(delta, n, n));
                    assertThat(share.epsilon()).isGreaterThan(eps / n * (1 - 1e-12));
                    PrivacyBudget budget = PrivacyBudget.of(total);
                    double naive = 0;
                    for (int i = 0; i < n; i++) {
                        assertThat(budget.canAfford(share)).as("share %d of %d of %s", i + 1, n, total).isTrue();
                        budget = budget.charge(share);
                        naive += eps / n;
                    }
                    sawNaiveOverspend |= naive > eps;
                    assertThat(budget.epsilonSpent()).isLessThanOrEqualTo(budget.epsilonTotal());
                    assertThat(budget.spent().epsilon()).isLessThanOrEqualTo(eps);
                    assertThat(budget.canAfford(share)).as("share %d of %d of %s", n + 1, n, total).isFalse();
                }
            }
        }
        // Without the exact arithmetic some of these would land above the total.
        assertThat(sawNaiveOverspend).isTrue();
    }

    @Test
    void threeChargesOfATenthSpendExactlyThreeTenths() {
        assertThat(0.1 + 0.1 + 0.1).isGreaterThan(0.3);
        PrivacyBudget budget = PrivacyBudget.of(PrivacyCost.pure(0.3));
        for (int i = 0; i < 3; i++) {
            budget = budget.charge(PrivacyCost.pure(0.1));
        }
        assertThat(budget.epsilonSpent()).isEqualByComparingTo("0.3");
        assertThat(budget.spent().epsilon()).isEqualTo(0.3);
        assertThat(budget.remaining().epsilon()).isZero();
        assertThat(budget.canAfford(PrivacyCost.pure(Double.MIN_VALUE))).isFalse();
    }

    @Test
    void aMechanismIsCalibratedAtMostAtTheChargeItIsRecordedAs() {
        for (double x : new double[] {0.1, 0.3, 1.0 / 3, 0.7, 1e-5, 2.5e-6, 1.0, 8.0}) {
            double cal = PrivacyAmounts.calibrationValue(x);
            assertThat(new java.math.BigDecimal(cal)).isLessThanOrEqualTo(PrivacyAmounts.of(x));
            assertThat(cal).isIn(x, Math.nextDown(x));
        }
        assertThat(PrivacyAmounts.calibrationValue(0.1)).isEqualTo(Math.nextDown(0.1)); // 0.1 is above 1/10 in binary
    }

    @Test
    void capriReleasesFitTheirBudgetForEveryHorizon() {
        PrivacyCost total = new PrivacyCost(1.0, 1e-5);
        for (long horizon = 3; horizon <= 100_000; horizon = horizon < 1000 ? horizon + 1 : horizon + 997) {
            CapriEpochSplit split = CapriEpochSplit.of(horizon, total);
            PrivacyBudget budget = PrivacyBudget.of(total);
            PrivacyCost perRelease = new PrivacyCost(PrivacyAmounts.share(1.0, split.lnT(), split.releases()),
                    PrivacyAmounts.share(1e-5, split.lnT(), split.releases()));
            for (int i = 0; i < split.releases(); i++) {
                budget = budget.charge(perRelease);
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
        assertThat(budget.remaining().epsilon()).isEqualTo(0.4);
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
