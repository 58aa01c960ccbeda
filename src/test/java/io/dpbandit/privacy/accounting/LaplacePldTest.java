package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.DELTA_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.PLD_BOUNDS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertLowerBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The Laplace mechanism's PLD: its closed form, and the discretisation rule of accounting.json
 * (laplace.pld_grid, h = 2⁻¹⁴) for compositions, whose bounds must enclose the exact values and
 * equal the file's pld_bounds. The two large compositions are in {@link LaplaceLargeCompositionTest}.
 */
class LaplacePldTest {

    static final double H = 0x1p-14;
    private static final JsonNode LAPLACE = section("laplace");

    @Test
    void theGridStepIsTheFilesExactBinaryFraction() {
        assertThat(LAPLACE.path("pld_grid").path("h").asDouble()).isEqualTo(H);
    }

    @Test
    void aSingleReleaseFollowsItsClosedForm() {
        for (JsonNode c : LAPLACE.path("single")) {
            double eps0 = c.path("sensitivity").asDouble() / c.path("scale_b").asDouble();
            assertThat(eps0).isEqualTo(c.path("eps0").asDouble());
            JsonNode eps = c.path("eps");
            DiscretePld upper = DiscretePld.laplace(eps0, H, BoundSide.PESSIMISTIC);
            DiscretePld lower = DiscretePld.laplace(eps0, H, BoundSide.OPTIMISTIC);
            for (int i = 0; i < eps.size(); i++) {
                double e = eps.get(i).asDouble();
                double stored = c.path("delta").get(i).asDouble();
                String what = "Laplace(" + eps0 + ") delta(" + e + ")";
                assertRelative(LaplacePld.delta(eps0, e), stored, DELTA_REL, what);
                assertUpperBound(LaplacePld.deltaUpperBound(eps0, e), stored, DELTA_REL, what + " upper");
                assertThat(upper.delta(e)).as(what + " discretised upper").isGreaterThanOrEqualTo(stored);
                assertThat(lower.delta(e)).as(what + " discretised lower").isLessThanOrEqualTo(stored);
            }
            // ε(δ) = ε₀ + 2 ln(1 − δ), the inverse of the closed form.
            double d = LaplacePld.delta(eps0, 0.5 * eps0);
            assertRelative(LaplacePld.epsilon(eps0, d), 0.5 * eps0, 1e-14, "Laplace(" + eps0 + ") eps");
        }
    }

    @Test
    void gridIndicesComeFromExactValuesInTheRoundingDirection() {
        // ±0.1/h = ±1638.4 → 1639 / −1638 upper, 1638 / −1639 lower; ε₀ = 1 lies on the grid.
        DiscretePld upper = DiscretePld.laplace(0.1, H, BoundSide.PESSIMISTIC);
        DiscretePld lower = DiscretePld.laplace(0.1, H, BoundSide.OPTIMISTIC);
        assertThat(upper.firstIndex()).isEqualTo(-1638);
        assertThat(upper.firstIndex() + upper.size() - 1).isEqualTo(1639);
        assertThat(lower.firstIndex()).isEqualTo(-1639);
        assertThat(lower.firstIndex() + lower.size() - 1).isEqualTo(1638);
        DiscretePld one = DiscretePld.laplace(1.0, H, BoundSide.PESSIMISTIC);
        assertThat(one.firstIndex()).isEqualTo(-16384);
        assertThat(one.mass(0)).isEqualTo(0.5 * Math.exp(-1.0), org.assertj.core.api.Assertions.within(1e-17));
        assertThat(one.mass(one.size() - 1)).isGreaterThan(0.5);
        // A lattice loss m·ε is placed by its exact value, not by the rounded product: for ε just
        // above h/3, 3ε rounds to h in doubles, but its exact value lies above h (and below h for
        // the double h/3, which is rounded down).
        double above = Math.nextUp(H / 3);
        double below = H / 3;
        assertThat(3 * above).isEqualTo(H);
        assertThat(3 * below).isEqualTo(H);
        assertThat(DiscretePld.gridIndex(3, above, H, true)).isEqualTo(2);
        assertThat(DiscretePld.gridIndex(3, above, H, false)).isEqualTo(1);
        assertThat(DiscretePld.gridIndex(3, below, H, true)).isEqualTo(1);
        assertThat(DiscretePld.gridIndex(3, below, H, false)).isEqualTo(0);
        assertThat(DiscretePld.gridIndex(1, 0x1p-10, H, true)).isEqualTo(16);
        assertThat(DiscretePld.gridIndex(1, 0x1p-10, H, false)).isEqualTo(16);
    }

    @Test
    void smallCompositionsReproduceTheFilesBoundsAndEncloseTheExactValues() {
        for (JsonNode c : LAPLACE.path("compositions")) {
            if (c.path("k").asInt() == 2 || c.path("eps0").asDouble() == 0.1 && c.path("k").asInt() == 10) {
                checkComposition(c);
            }
        }
    }

    /**
     * One composition case: k Laplace(ε₀) as two halves of ⌊k/2⌋ and ⌈k/2⌉, pessimistic and
     * optimistic, δ at each ε and ε at each δ target.
     */
    static void checkComposition(JsonNode c) {
        int k = c.path("k").asInt();
        double eps0 = c.path("sensitivity").asDouble() / c.path("scale_b").asDouble();
        String name = k + " x Laplace(" + eps0 + ")";
        DiscretePld[] upper = halves(eps0, k, BoundSide.PESSIMISTIC);
        DiscretePld[] lower = halves(eps0, k, BoundSide.OPTIMISTIC);
        JsonNode bounds = c.path("pld_bounds");
        JsonNode eps = c.path("eps");
        for (int i = 0; i < eps.size(); i++) {
            double e = eps.get(i).asDouble();
            double exact = c.path("delta").get(i).asDouble();
            double up = DiscretePld.delta(upper[0], upper[1], e);
            double lo = DiscretePld.delta(lower[0], lower[1], e);
            assertUpperBound(up, bounds.path("delta_upper").get(i).asDouble(), PLD_BOUNDS_REL, name + " upper delta(" + e + ")");
            assertLowerBound(lo, bounds.path("delta_lower").get(i).asDouble(), PLD_BOUNDS_REL, name + " lower delta(" + e + ")");
            assertThat(up).as(name + " upper >= exact at " + e).isGreaterThanOrEqualTo(exact);
            assertThat(lo).as(name + " lower <= exact at " + e).isLessThanOrEqualTo(exact);
        }
        JsonNode targets = c.path("delta_targets");
        for (int i = 0; i < targets.size(); i++) {
            double d = targets.get(i).asDouble();
            double exact = c.path("eps_at_delta").get(i).asDouble();
            double up = DiscretePld.epsilon(upper[0], upper[1], d);
            double lo = DiscretePld.epsilon(lower[0], lower[1], d);
            assertUpperBound(up, bounds.path("eps_at_delta_upper").get(i).asDouble(), PLD_BOUNDS_REL, name + " upper eps(" + d + ")");
            assertLowerBound(lo, bounds.path("eps_at_delta_lower").get(i).asDouble(), PLD_BOUNDS_REL, name + " lower eps(" + d + ")");
            assertThat(lo).as(name + " eps bounds enclose the exact value").isLessThanOrEqualTo(exact);
            assertThat(up).isGreaterThanOrEqualTo(exact);
            // The width is what the grid costs: ceil and floor differ by one cell per release, k·h in all.
            assertThat(up - lo).isLessThanOrEqualTo(k * H * (1 + 1e-6));
        }
    }

    static DiscretePld[] halves(double eps0, int k, BoundSide side) {
        DiscretePld single = DiscretePld.laplace(eps0, H, side);
        DiscretePld a = single.compose(k / 2);
        DiscretePld b = k % 2 == 0 ? a : a.compose(single);
        return new DiscretePld[] {a, b};
    }
}
