package io.dpbandit.algorithms.gpucb;

import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.policy.gpucb.GpUcbForecast;
import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The GPUCB descriptor's model and forecast for a spec: the regulariser and radius a spec asks for, or had. */
class GpUcbAlgorithmTest {

    final GpUcbAlgorithm algorithm = new GpUcbAlgorithm();

    static BanditSpec withGpUcb(BanditSpec s, BanditSpec.GpUcb g) {
        return s.withGpucb(g);
    }

    GpUcbConfig.Tuning tuning(BanditSpec spec) {
        return ((GpUcbModel) algorithm.model(spec)).policy().config().tuning();
    }

    @Test
    void theModelRunsTheRegulariserAndRadiusTheSpecNames() {
        Map<String, Object> json = Specs.gp("gp", "JDP", 1000);
        json.put("gpucb", Map.of("nodesPerDimension", 4, "regulariser", "FLOOR", "radiusScale", 0.5));
        GpUcbConfig.Tuning t = tuning(SpecValidation.normalise(Specs.spec(json)));
        assertThat(t.regulariser()).isEqualTo(GpUcbConfig.Regulariser.FLOOR);
        assertThat(t.radiusScale()).isEqualTo(0.5);
        assertThat(t.shiftRule()).isEqualTo(GpUcbConfig.ShiftRule.SHARP);
        json.put("gpucb", Map.of("nodesPerDimension", 4, "mode", "PAPER"));
        GpUcbConfig.Tuning paper = tuning(SpecValidation.normalise(Specs.spec(json)));
        assertThat(paper).isEqualTo(GpUcbConfig.Tuning.paper());
    }

    /** A bandit stored before the options existed (gpucb without them) keeps what it was created with. */
    @Test
    void aSpecStoredWithoutTheOptionsKeepsTheShiftAndItsRadius() {
        BanditSpec stored = SpecValidation.normalise(Specs.spec(Specs.gp("gp", "JDP", 1000)));
        for (var mode : List.of(CalibrationMode.ENGINEERED,
                CalibrationMode.PAPER)) {
            BanditSpec old = withGpUcb(stored, new BanditSpec.GpUcb(stored.gpucb().nodesPerDimension(), mode));
            GpUcbConfig.Tuning t = tuning(old);
            assertThat(t.regulariser()).isEqualTo(GpUcbConfig.Regulariser.SHIFT);
            assertThat(t.radiusScale()).isEqualTo(mode == CalibrationMode.PAPER ? 1.0 : 0.1);
        }
    }

    @Test
    void bothPrivacyModelsAreForecast() {
        assertThat(algorithm.forecaster()).isPresent();
        for (String model : List.of("JDP", "LDP")) {
            BanditSpec spec = SpecValidation.normalise(Specs.spec(Specs.gp("gp", model, 5000)));
            var report = algorithm.forecaster().orElseThrow().forecast(spec, PlannerOptions.defaults().withGap(0.3));
            assertThat(report.forecast(GpUcbForecast.class).privacyModel()).isEqualTo(model);
            assertThat(report.forecast(GpUcbForecast.class).featureDimension()).isEqualTo(32);
            assertThat(report.forecast(GpUcbForecast.class).horizon()).isEqualTo(5000);
        }
    }
}
