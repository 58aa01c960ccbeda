package io.dpbandit.bench;

import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.BudgetFilter;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.privacy.accounting.GaussianDp;
import io.dpbandit.privacy.accounting.ZcdpConversion;
import java.util.Locale;

/**
 * What a shared budget buys each of n bandits of Gaussian releases that share it equally, under the
 * exact Gaussian-DP filter (the default), zCDP with Canonne, Kamath &amp; Steinke's conversion, and
 * zCDP with Bun &amp; Steinke's (what budgets used before). For each: the ε each bandit may state (its
 * own accounting is exact), and its noise relative to the exact filter's (σ ∝ 1/μ). Run by
 * bench/budget-capacity.sh; docs/benchmarks.md, "Exact accounting", shows the output.
 */
public final class BudgetCapacity {

    private BudgetCapacity() {
    }

    public static void main(String[] args) {
        double delta = 1e-5;
        System.out.println("| budget ε | bandits | each bandit's ε: GDP (exact) | zCDP, CKS | zCDP, Bun–Steinke "
                + "| noise vs GDP: CKS | Bun–Steinke |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (double budget : new double[] {1, 2, 4}) {
            for (int n : new int[] {1, 2, 4, 8}) {
                double muGdp = Math.sqrt(BudgetFilter.GDP.total(budget, delta) / n);
                double muCks = Math.sqrt(2 * ZcdpConversion.CANONNE_KAMATH_STEINKE.rho(budget, delta) / n);
                double muBs = Math.sqrt(2 * ZcdpConversion.BUN_STEINKE.rho(budget, delta) / n);
                System.out.printf(Locale.ROOT, "| %.0f | %d | %.3f | %.3f | %.3f | %.2f× | %.2f× |%n", budget, n,
                        GaussianDp.epsilon(muGdp, delta), GaussianDp.epsilon(muCks, delta),
                        GaussianDp.epsilon(muBs, delta), muGdp / muCks, muGdp / muBs);
            }
        }
        // A sanity line: the GDP filter's total is exactly one bandit's own budget at the same figures.
        double own = 2 * ZcdpAccounting.budgetRho(new PrivacyCost(1.0, delta));
        System.out.printf(Locale.ROOT, "%nGDP total of (1, 1e-5): %.9f; one bandit at (1, 1e-5) commits %.9f%n",
                BudgetFilter.GDP.total(1.0, delta), own);
    }
}
