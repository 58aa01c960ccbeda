package io.dpbandit.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.spec.BanditSpec;
import org.junit.jupiter.api.Test;

/** An options section's fields, by name, as the generic field-level refusal reads them. */
class OptionsSectionTest {

    private static final OptionsSection<BanditSpec.Linear> LINEAR = new OptionsSection<>("linear",
            BanditSpec.Linear.class, BanditSpec::linear);

    @Test
    void namesEveryRecordComponentUnderItsKey() {
        assertThat(LINEAR.fields()).contains("linear.featureMap", "linear.learner", "linear.firstEpoch")
                .hasSize(BanditSpec.Linear.class.getRecordComponents().length);
        assertThat(LINEAR.fields("mode", "noise")).containsExactly("linear.mode", "linear.noise");
    }

    @Test
    void aFieldTheSectionDoesNotHaveIsAProgrammingError() {
        assertThatThrownBy(() -> LINEAR.fields("nosie")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("linear has no field nosie");
    }

    @Test
    void readsWhichFieldsASpecSets() {
        BanditSpec without = new BanditSpec("b", BanditSpec.Algorithm.LINUCB, null, 10, null, null, null, 2,
                java.util.List.of(), null, null, null);
        assertThat(LINEAR.setFields(without)).isEmpty();
        BanditSpec with = new BanditSpec("b", BanditSpec.Algorithm.LINUCB, null, 10, null, null, null, 2,
                java.util.List.of(), null, null, null, new BanditSpec.Linear(null, null, null, null, null, 0.5, null, 0.1),
                null);
        assertThat(LINEAR.setFields(with)).containsExactly("linear.radiusScale", "linear.firstEpoch");
    }
}
