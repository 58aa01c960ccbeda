package io.dpbandit.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.spec.PrivacyUnit;
import org.junit.jupiter.api.Test;

/**
 * A privacy report's one-sentence guarantee under local DP says what it assumes: the server's count
 * of a user's rounds is not trusted, so the user-level claim holds only with the device's own floor
 * and its own count of k reports per bandit. Under joint DP the sentence is unchanged.
 */
class PrivacyReportStatementTest {

    @Test
    void aLocallyPrivateUserLevelGuaranteeStatesThatItRestsOnTheDevicesOwnCount() {
        String statement = PrivacyReports.statement(1.0, 1e-5, PrivacyUnit.USER, true, 4);
        assertThat(statement).startsWith("(1, 0.00001)-DP for each user, in the local DP")
                .contains("server's count of a user's rounds is not trusted")
                .contains("its own per-report floor").contains("at most k = 4 reports to this bandit by its own count")
                .contains("DevicePolicy").contains("never this");
    }

    @Test
    void aLocallyPrivateRoundLevelGuaranteeSaysAReturningUsersReportsCompose() {
        assertThat(PrivacyReports.statement(1.0, 1e-5, PrivacyUnit.ROUND, true, 1))
                .startsWith("(1, 0.00001)-DP for each round, in the local DP")
                .contains("a returning user's reports to this bandit compose").contains("by its own count");
    }

    @Test
    void aJointlyPrivateGuaranteeIsTheSentenceItWas() {
        assertThat(PrivacyReports.statement(1.0, 1e-5, PrivacyUnit.USER, false, 4)).isEqualTo("(1, 0.00001)-DP for "
                + "each user, in the joint DP: what every other user and every analyst can see: any change to one "
                + "user's rounds changes the distribution of it by at most a factor exp(ε), plus δ");
    }
}
