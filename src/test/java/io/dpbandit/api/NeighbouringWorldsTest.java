package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.FeedbackWindows;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

/**
 * The neighbouring worlds ({@link NeighbouringWorlds}) with the lifecycle driven step by step
 * ({@code settle}, at the database clock's current instant): every family's analyst views are equal
 * across the worlds at every moment but for calibrated noise and times, and no world seals before its
 * windows pass. {@link NeighbouringWorldsWorkerTest} runs the same worlds on the real worker loop,
 * where the times must be equal too.
 */
@Import(NeighbouringWorlds.AlikePublicDraws.class)
class NeighbouringWorldsTest extends NeighbouringWorlds {

    @Autowired
    LifecycleWorker lifecycle;

    @Test
    void oneUsersFeedbackPresenceTimingAndValueChangeNothingAnAnalystReadsButCalibratedNoise() {
        List<Family> families = families();
        createBudgets();
        families.forEach(this::create);
        settleAll(families); // plans the epochs that need one (a CAPRI-LDP device needs its epoch's plan)
        decideAndAnswer(families);

        settleAll(families);
        compare(families, "all feedback but the late answer in, every window still open", false);

        FeedbackWindows.passFor(jdbc, rounds(families, t -> t <= 1));
        FeedbackWindows.passFor(jdbc, rounds(families.stream().filter(Family::perUser).toList(), t -> t <= 3));
        settleAll(families);
        compare(families, "the windows of the target's rounds and those before them passed", false);

        retire(families);
        settleAll(families);
        abandonedEpochsKeepNoPartialSum(families);

        Instant windowsPassed = Instant.now();
        FeedbackWindows.passFor(jdbc, rounds(families, t -> true));
        settleAll(families);
        var views = compare(families, "every window passed", false);
        assertThat(views.get("rollout-early").get("evaluation").path("releases").size())
                .as("the rollout's two windows are released (and compared)").isEqualTo(2);
        for (Family f : families) {
            for (String w : WORLDS) {
                sealedAndClosedNoEarlierThan(id(f, w), windowsPassed);
            }
        }

        answerLate(families);
        settleAll(families);
        compare(families, "the late answer in", false);
    }

    void settleAll(List<Family> families) {
        for (Family f : families) {
            for (String w : WORLDS) {
                lifecycle.settle(id(f, w));
            }
        }
    }

    /** No world seals or closes its first epoch before the windows pass (an abandoned one's close is its end). */
    void sealedAndClosedNoEarlierThan(String bandit, Instant windowsPassed) {
        JsonNode first = read("/bandits/" + bandit + "/epochs").get(0);
        if (first.path("status").asText().equals("ABANDONED")) {
            return;
        }
        for (String field : List.of("sealedAt", "closedAt")) {
            JsonNode at = first.path(field);
            if (!at.isNull() && !at.isMissingNode()) {
                assertThat(Instant.parse(at.asText())).as("%s %s", bandit, field)
                        .isAfterOrEqualTo(windowsPassed.minusMillis(50));
            }
        }
    }
}
