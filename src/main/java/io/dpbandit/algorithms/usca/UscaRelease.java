package io.dpbandit.algorithms.usca;

import io.dpbandit.bandit.Phase;
import io.dpbandit.runtime.ModelRelease;
import io.dpbandit.spec.PrivacyModel;
import java.time.Instant;
import java.util.List;

/**
 * USCA's releases so far as GET /release shows them: each released action with the ledger entry
 * that paid for it and when, never the context it was made for or its key.
 */
public record UscaRelease(Phase phase, List<Released> releases, Privacy privacy) implements ModelRelease {

    @io.swagger.v3.oas.annotations.media.Schema(name = "UscaReleasedAction")
    public record Released(String action, long ledgerId, Instant releasedAt) {
    }

    @io.swagger.v3.oas.annotations.media.Schema(name = "UscaReleasePrivacy")
    public record Privacy(PrivacyModel model, String composition, String mechanism, double epsilonPerRelease) {
    }
}
