package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.testing.TestVectors;
import org.junit.jupiter.api.Test;

class EpochScheduleTest {

    @Test
    void scheduleStartsAtRootTDoublesAndCutsTheLastEpoch() {
        JsonNode split = TestVectors.load("epsilon_composition.json").get("capri_sequential_split");
        EpochSchedule schedule = EpochSchedule.forHorizon(split.get("T").asInt());
        JsonNode expected = split.get("epoch_schedule_[T_r,rounds]");
        assertThat(schedule.epochs()).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(schedule.epochs().get(i).planned()).isEqualTo(expected.get(i).get(0).asInt());
            assertThat(schedule.epochs().get(i).rounds()).isEqualTo(expected.get(i).get(1).asInt());
        }
        assertThat(schedule.releasingEpochs()).isEqualTo(split.get("releases").asInt());
    }

    @Test
    void roundsAddUpToTheHorizonForAnyT() {
        for (int t : new int[] {1, 2, 3, 17, 100, 101, 9999, 100_000, 1_000_000}) {
            EpochSchedule s = EpochSchedule.forHorizon(t);
            assertThat(s.epochs().stream().mapToLong(EpochSchedule.Epoch::rounds).sum()).isEqualTo(t);
            assertThat(s.epochs().get(0).planned()).isEqualTo((int) Math.ceil(Math.sqrt(t)));
            assertThat(s.plannedLength(s.epochs().size() + 1)).isEqualTo(2 * s.epochs().get(s.epochs().size() - 1).planned());
        }
    }
}
