package io.dpbandit.algorithms.sequential;

import io.dpbandit.bandit.Phase;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.runtime.ModelRelease;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.List;

/**
 * A sequential (linear or GP-UCB) bandit's current public model as GET /release shows it: the
 * joint feature map and the model ({@code model}: the algorithm's public model record).
 */
public record LinearRelease(Phase phase, JointFeatureMap.Kind featureMap, List<BanditSpec.Action> actions,
        int contextDimension, Object model, Privacy privacy) implements ModelRelease {

    @io.swagger.v3.oas.annotations.media.Schema(name = "SequentialReleasePrivacy")
    public record Privacy(PrivacyModel model, String composition, String mechanism) {
    }
}
