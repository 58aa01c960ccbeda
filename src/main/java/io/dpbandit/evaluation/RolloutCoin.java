package io.dpbandit.evaluation;

import java.util.concurrent.ThreadLocalRandom;
import org.springframework.stereotype.Component;

/**
 * The rollout's public coin: whether the bandit (probability share) or the baseline serves a
 * decision. It reads nothing but the bandit's id and the share, so it is independent of every
 * context, reward and feedback; tests replace it with a seeded one to make two worlds' coins equal.
 */
@Component
public class RolloutCoin {

    /** True with probability {@code share}: the bandit serves. */
    public boolean banditServes(String banditId, double share) {
        return share >= 1.0 || share > 0.0 && ThreadLocalRandom.current().nextDouble() < share;
    }
}
