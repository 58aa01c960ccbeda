package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.PrivacyCost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The ledger entry README's walkthrough shows (CAPRI, T = 400, (1, 1e-5), the EXACT accountant) is
 * what the accountant computes, so the README cannot go stale when the accounting changes: the first
 * release carries the whole ρ (every epoch is calibrated at the whole μ, a hair under it), worth ε = 1
 * up to that hair.
 */
class ReadmeLedgerFiguresTest {

    @Test
    void theWalkthroughsFirstChargeIsTheAccountants() throws Exception {
        double mu = Math.sqrt(2 * ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5))) * (1 - 1e-12);
        double rho = mu * mu / 2;
        double epsilon = ZcdpAccounting.gaussianEpsilon(rho, 1e-5);
        assertThat(epsilon).isLessThan(1.0).isGreaterThan(0.99999);
        String shown = String.format(Locale.ROOT, "\"epsilon\":%.5f...,\"delta\":1.0E-5", Math.floor(epsilon * 1e5)
                / 1e5);
        String readme = Files.readString(Path.of("README.md"));
        assertThat(readme).contains(shown).contains(String.format(Locale.ROOT, "\"rho\":%.5f...",
                Math.floor(rho * 1e5) / 1e5));
    }
}
