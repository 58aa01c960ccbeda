package io.dpbandit.privacy;

import io.dpbandit.policy.capri.CapriEpochSplit;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.ZcdpCost;

import io.dpbandit.testing.TestVectors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompositionTest {

    private static final JsonNode VECTORS = TestVectors.load("epsilon_composition.json");
    private static final double REL = VECTORS.path("tolerances").path("rel").asDouble();

    private static void assertRel(double actual, double expected, String what) {
        assertThat(actual).as(what).isCloseTo(expected, within(REL * Math.abs(expected)));
    }

    @Test
    void basicCompositionAddsEpsilonsAndDeltas() {
        for (JsonNode row : VECTORS.path("basic")) {
            int k = row.path("k").asInt();
            PrivacyCost each = new PrivacyCost(row.path("eps").asDouble(), row.path("delta").asDouble());
            PrivacyCost product = each.times(k);
            PrivacyCost summed = PrivacyCost.sum(Collections.nCopies(k, each));
            for (PrivacyCost total : List.of(product, summed)) {
                assertRel(total.epsilon(), row.path("eps_total").asDouble(), "eps of " + row);
                assertRel(total.delta(), row.path("delta_total").asDouble(), "delta of " + row);
            }
        }
    }

    @Test
    void advancedCompositionMatchesDworkRothblumVadhan() {
        for (JsonNode row : VECTORS.path("advanced")) {
            int k = row.path("k").asInt();
            PrivacyCost each = new PrivacyCost(row.path("eps").asDouble(), row.path("delta").asDouble());
            double deltaPrime = row.path("delta_prime").asDouble();
            PrivacyCost total = AdvancedComposition.compose(each, k, deltaPrime);
            assertRel(total.epsilon(), row.path("eps_total").asDouble(), "eps of " + row);
            assertRel(total.delta(), row.path("delta_total").asDouble(), "delta of " + row);
            assertThat(AdvancedComposition.beatsBasic(each, k, deltaPrime))
                    .as("advanced_is_smaller at %s", row).isEqualTo(row.path("advanced_is_smaller").asBoolean());
        }
    }

    @Test
    void gaussianReleasesCostDeltaSquaredOverTwoSigmaSquaredInZcdp() {
        for (JsonNode row : VECTORS.path("zcdp_gaussian")) {
            ZcdpCost cost = ZcdpCost.ofGaussian(row.path("sensitivity").asDouble(), row.path("sigma").asDouble());
            assertRel(cost.rho(), row.path("rho").asDouble(), "rho of " + row);
        }
    }

    @Test
    void zcdpCostsAddUp() {
        for (JsonNode row : VECTORS.path("zcdp_composition")) {
            List<ZcdpCost> costs = new ArrayList<>();
            for (double rho : TestVectors.vector(row.path("rhos"))) {
                costs.add(new ZcdpCost(rho));
            }
            assertRel(ZcdpCost.sum(costs).rho(), row.path("rho_total").asDouble(), "rho total of " + row);
        }
    }

    @Test
    void zcdpConvertsToApproximateDp() {
        for (JsonNode row : VECTORS.path("zcdp_to_dp")) {
            double delta = row.path("delta").asDouble();
            PrivacyCost cost = new ZcdpCost(row.path("rho").asDouble()).toApproximateDp(delta);
            assertRel(cost.epsilon(), row.path("eps").asDouble(), "eps of " + row);
            assertThat(cost.delta()).isEqualTo(delta);
        }
    }

    @Test
    void chainOfGaussianReleasesComposesInZcdp() {
        JsonNode chain = VECTORS.path("zcdp_chain_example");
        double[] sensitivities = TestVectors.vector(chain.path("sensitivities"));
        double[] sigmas = TestVectors.vector(chain.path("sigmas"));
        double[] expectedRhos = TestVectors.vector(chain.path("rhos"));
        List<ZcdpCost> costs = new ArrayList<>();
        for (int i = 0; i < sigmas.length; i++) {
            ZcdpCost cost = ZcdpCost.ofGaussian(sensitivities[i], sigmas[i]);
            assertRel(cost.rho(), expectedRhos[i], "rho " + i);
            costs.add(cost);
        }
        ZcdpCost total = ZcdpCost.sum(costs);
        assertRel(total.rho(), chain.path("rho_total").asDouble(), "rho total");
        assertRel(total.toApproximateDp(chain.path("delta").asDouble()).epsilon(), chain.path("eps").asDouble(), "eps");
    }

    @Test
    void capriSplitMatchesTheSequentialSchedule() {
        JsonNode split = VECTORS.path("capri_sequential_split");
        PrivacyCost total = new PrivacyCost(split.path("eps").asDouble(), split.path("delta").asDouble());
        CapriEpochSplit capri = CapriEpochSplit.of(split.path("T").asLong(), total);

        assertRel(capri.lnT(), split.path("ln_T").asDouble(), "ln T");
        assertRel(capri.perRelease().epsilon(), split.path("eps_per_epoch").asDouble(), "eps per epoch");
        assertRel(capri.perRelease().delta(), split.path("delta_per_epoch").asDouble(), "delta per epoch");
        JsonNode schedule = split.path("epoch_schedule_[T_r,rounds]");
        assertThat(capri.epochs()).hasSize(schedule.size());
        for (int i = 0; i < schedule.size(); i++) {
            assertThat(capri.epochs().get(i).length()).isEqualTo(schedule.get(i).get(0).asLong());
            assertThat(capri.epochs().get(i).rounds()).isEqualTo(schedule.get(i).get(1).asLong());
        }
        assertThat(capri.releases()).isEqualTo(split.path("releases").asInt());
        assertThat(capri.releases() <= capri.lnT()).isEqualTo(split.path("releases_le_ln_T").asBoolean());
        assertRel(capri.spentBasic().epsilon(), split.path("eps_spent_basic").asDouble(), "eps spent");
        assertRel(capri.spentBasic().delta(), split.path("delta_spent_basic").asDouble(), "delta spent");
        assertThat(capri.epochs().get(capri.epochs().size() - 1).releases()).as("cut last epoch").isFalse();
    }

    @Test
    void invalidCostsAreRejected() {
        assertThatThrownBy(() -> new PrivacyCost(-0.1, 0.0)).hasMessageContaining("epsilon");
        assertThatThrownBy(() -> new PrivacyCost(Double.NaN, 0.0)).hasMessageContaining("epsilon");
        assertThatThrownBy(() -> new PrivacyCost(1.0, 1.5)).hasMessageContaining("delta");
        assertThatThrownBy(() -> new ZcdpCost(-1.0)).hasMessageContaining("rho");
        assertThatThrownBy(() -> AdvancedComposition.compose(PrivacyCost.pure(0.1), 0, 1e-6))
                .hasMessageContaining("k");
        assertThatThrownBy(() -> AdvancedComposition.compose(PrivacyCost.pure(0.1), 10, 0.0))
                .hasMessageContaining("delta'");
        assertThatThrownBy(() -> new ZcdpCost(0.1).toApproximateDp(0.0)).hasMessageContaining("delta");
    }
}
