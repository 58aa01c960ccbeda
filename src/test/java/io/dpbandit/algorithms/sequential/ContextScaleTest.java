package io.dpbandit.algorithms.sequential;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plan warns when a linear spec's public sample sits far inside the norm bound its noise is
 * calibrated to, and names the scale that brings the sample's long rows to the bound; a sample at the
 * bound, a spec without a sample, and OUTER_PRODUCT (unit vectors whatever the scale) get no warning.
 */
class ContextScaleTest {

    /** LINUCB over three labels with contexts of 2 numbers, and a public sample of 100 rows of norm r·(i/100). */
    static BanditSpec spec(double r, String map) {
        List<List<Double>> pool = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            double n = r * i / 100;
            pool.add(List.of(n * 0.6, n * 0.8));
        }
        Map<String, Object> json = Specs.map("id", "scale", "algorithm", "LINUCB",
                "privacy", Map.of("epsilon", 1.0, "delta", 1e-5), "horizon", 10_000, "contextDimension", 2,
                "actions", List.of(Map.of("id", "a", "features", List.of(1.0, 0.0, 0.0)),
                        Map.of("id", "b", "features", List.of(0.0, 1.0, 0.0)),
                        Map.of("id", "c", "features", List.of(0.0, 0.0, 1.0))),
                "linear", Map.of("featureMap", map), "contextPool", pool);
        return SpecValidation.normalise(Specs.spec(json));
    }

    static java.util.Optional<String> note(BanditSpec s) {
        return ContextScale.note(s, new JointFeatureMap(s.linear().featureMap()),
                s.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new));
    }

    @Test
    void aSampleFarInsideTheBoundIsNamedWithItsScale() {
        // Norms 0.002 .. 0.2: median 0.1 (rank 50), 99th percentile 0.198 (rank 99).
        assertThat(note(spec(0.2, "PER_ACTION"))).hasValueSatisfying(n -> assertThat(n)
                .contains("median feature norm is 0.100 ").contains("about 10 times weaker")
                .contains("divide by 0.198"));
    }

    @Test
    void aSampleAtTheBoundOrUnitVectorsOrNoSampleGetNoWarning() {
        assertThat(note(spec(1.0, "PER_ACTION"))).as("median 0.5").isEmpty();
        assertThat(note(spec(0.2, "OUTER_PRODUCT"))).isEmpty();
        assertThat(note(spec(0.2, "PER_ACTION").withContextPool(null))).isEmpty();
    }
}
