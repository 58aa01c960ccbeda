package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.capri.EpochSchedule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The ledger entry README's walkthrough shows (CAPRI, T = 400, (1, 1e-5), the ZCDP accountant) is
 * what the accountant computes, so the README cannot go stale when the accounting changes.
 */
class ReadmeLedgerFiguresTest {

    @Test
    void theWalkthroughsFirstChargeIsTheAccountants() throws Exception {
        int releases = EpochSchedule.forHorizon(400).releasingEpochs();
        double rho = ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5)) / releases;
        double epsilon = ZcdpAccounting.gaussianEpsilon(rho, 1e-5);
        String shown = String.format(Locale.ROOT, "\"epsilon\":%.3f...,\"delta\":1.0E-5", Math.floor(epsilon * 1000)
                / 1000);
        String readme = Files.readString(Path.of("README.md"));
        assertThat(readme).contains(shown).contains(String.format(Locale.ROOT, "\"rho\":%.5f...",
                Math.floor(rho * 1e5) / 1e5));
    }
}
