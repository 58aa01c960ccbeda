package io.dpbandit.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.ReleaseMechanism;
import io.dpbandit.runtime.EpochProcess.Charge;
import org.junit.jupiter.api.Test;

/** A release's charge becomes the ledger's spend the way each of its three callers used to convert it. */
class LedgerChargesTest {

    static final PrivacyCost COST = new PrivacyCost(0.5, 1e-6);
    static final PrivacyCost BUDGET = new PrivacyCost(2.0, 1e-5);

    @Test
    void aChargeWithRhoIsAGaussianSpendAndOneWithoutHasNoMechanism() {
        Charge gaussian = new Charge(COST, BUDGET, "epoch close", 3, "PARALLEL", 0.01, Accountant.ZCDP, "shared");
        assertThat(LedgerCharges.spend(gaussian)).isEqualTo(Ledger.Spend.of(COST, 0.01, Accountant.ZCDP));
        assertThat(LedgerCharges.spend(gaussian).mechanism()).isEqualTo(ReleaseMechanism.GAUSSIAN);

        Charge basic = new Charge(COST, BUDGET, "creation", null, "SEQUENTIAL");
        assertThat(LedgerCharges.spend(basic)).isEqualTo(Ledger.Spend.of(COST, null, Accountant.BASIC));
        assertThat(LedgerCharges.spend(basic).mechanism()).isNull();
    }

    @Test
    void anExponentialChargeKeepsItsMechanismAndItsRho() {
        Charge exponential = new Charge(PrivacyCost.pure(0.5), new PrivacyCost(2.0, 0), "USCA context release", null,
                "SEQUENTIAL", 0.125, Accountant.EXACT, null, ReleaseMechanism.EXPONENTIAL);
        assertThat(LedgerCharges.spend(exponential)).isEqualTo(new Ledger.Spend(PrivacyCost.pure(0.5), 0.125,
                Accountant.EXACT, ReleaseMechanism.EXPONENTIAL));
    }
}
