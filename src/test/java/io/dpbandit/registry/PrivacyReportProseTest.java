package io.dpbandit.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.runtime.MechanismDescription;
import org.junit.jupiter.api.Test;

/**
 * The privacy report's prose is what the analyst page shows: English for one report as for many, and
 * numbers as a reader writes them rather than a double's every digit.
 */
class PrivacyReportProseTest {

    @Test
    void oneReportIsOneMechanismAndManyAreSeparateOnes() {
        assertThat(MechanismDescription.separateReports(1)).isEqualTo("a user's one report is one mechanism");
        assertThat(MechanismDescription.separateReports(3)).isEqualTo("a user's k = 3 reports are 3 separate mechanisms");
    }

    @Test
    void aNumberInTheProseHasSixSignificantDigitsAndNoExponent() {
        assertThat(MechanismDescription.number(0.9999999999998472)).isEqualTo("1");
        assertThat(MechanismDescription.number(1e-5)).isEqualTo("0.00001");
        assertThat(MechanismDescription.number(0.123456789)).isEqualTo("0.123457");
        assertThat(MechanismDescription.number(2.0)).isEqualTo("2");
    }

    @Test
    void theGuaranteeIsWrittenInGreekLettersNotInAsciiMaths() {
        String statement = PrivacyReports.statement(1.0, 1e-5, io.dpbandit.spec.PrivacyUnit.ROUND, false, 1);
        assertThat(statement).contains("exp(ε)").contains("plus δ").doesNotContain("epsilon").doesNotContain("^");
    }
}
