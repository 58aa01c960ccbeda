package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.section;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The two largest Laplace compositions of accounting.json at the file's rule, h = 2⁻¹⁴ (10 × 0.5
 * and 50 × 0.1: two halves of 5 and 25 releases, 65 537 and 81 921 grid points, about 2.4·10⁹
 * multiply-adds a side). Apart from {@link LaplacePldTest} so that each class stays a few seconds.
 */
class LaplaceLargeCompositionTest {

    @Test
    void tenReleasesAtHalfReproduceTheFilesBounds() {
        LaplacePldTest.checkComposition(find(10, 0.5));
    }

    @Test
    void fiftyReleasesAtOneTenthReproduceTheFilesBounds() {
        LaplacePldTest.checkComposition(find(50, 0.1));
    }

    private static JsonNode find(int k, double eps0) {
        for (JsonNode c : section("laplace").path("compositions")) {
            if (c.path("k").asInt() == k && c.path("eps0").asDouble() == eps0) {
                return c;
            }
        }
        throw new AssertionError("no case " + k + " x " + eps0);
    }
}
