package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CAPRI's first-epoch prototype (issue 33, simulator only): {@code Refinements.firstEpoch} 0 keeps the
 * paper's T₁ = ⌈√T⌉; a share f ∈ (0, 1/2] starts the doubling schedule at ⌈f·T⌉ instead.
 */
class FirstEpochTest {

    @Test
    void zeroIsThePapersScheduleAndEveryRefinementKeepsIt() {
        assertThat(CapriConfig.Refinements.paper().firstEpoch()).isZero();
        assertThat(EpochSchedule.forHorizon(1000, 0.0)).isEqualTo(EpochSchedule.forHorizon(1000));
        assertThat(EpochSchedule.forHorizon(1000).plannedLength(1)).isEqualTo(32);
        CapriConfig.Refinements r = CapriConfig.Refinements.paper().withFirstEpoch(0.25);
        assertThat(r.withElimination(CapriConfig.Refinements.EliminationTest.PAIRWISE).withStatistical(
                CapriConfig.Refinements.StatisticalTerm.VARIANCE).withProjection(CapriConfig.Refinements.ProjectionRule
                .PLANNED).withTau(CapriConfig.Refinements.TauRule.PLANNED).withRewardOffset(0.5).withResidualFloor(0.2)
                .withExploit(CapriConfig.Refinements.Exploit.ARGMAX, 0.5).firstEpoch()).isEqualTo(0.25);
    }

    @Test
    void aShareStartsTheDoublingAtThatShareOfTheHorizon() {
        EpochSchedule s = EpochSchedule.forHorizon(1000, 0.125);
        assertThat(s.epochs()).extracting(EpochSchedule.Epoch::planned).containsExactly(125, 250, 500, 1000);
        assertThat(s.epochs()).extracting(EpochSchedule.Epoch::rounds).containsExactly(125, 250, 500, 125);
        assertThat(s.epochs()).extracting(EpochSchedule.Epoch::start).containsExactly(0L, 125L, 375L, 875L);
        assertThat(CapriEpochSplit.schedule(1000, 125)).extracting(CapriEpochSplit.Epoch::rounds)
                .containsExactly(125L, 250L, 500L, 125L);
        assertThat(CapriEpochSplit.schedule(1000, CapriEpochSplit.ceilSqrt(1000))).isEqualTo(CapriEpochSplit.schedule(1000));
    }

    @Test
    void refusesAShareOutsideZeroToOneHalfAndAnEmptyFirstEpoch() {
        assertThatThrownBy(() -> CapriConfig.Refinements.paper().withFirstEpoch(0.6))
                .hasMessageContaining("firstEpoch");
        assertThatThrownBy(() -> CapriConfig.Refinements.paper().withFirstEpoch(-0.1))
                .hasMessageContaining("firstEpoch");
        assertThatThrownBy(() -> CapriEpochSplit.schedule(1000, 0)).hasMessageContaining("at least one round");
        assertThat(List.of(EpochSchedule.forHorizon(3, 0.1).plannedLength(1))).containsExactly(1);
    }
}
