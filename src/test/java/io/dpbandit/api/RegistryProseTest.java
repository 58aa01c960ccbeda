package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.runtime.AlgorithmDescriptor;
import org.junit.jupiter.api.Test;

/** The API document's placeholders name the registered algorithms of each group, in registry order. */
class RegistryProseTest {

    @Test
    void eachGroupNamesTheAlgorithmsItsPredicateSelects() {
        assertThat(RegistryProse.fill("for {{sequential}} only")).isEqualTo("for LINUCB, ONLINEUCB and GPUCB only");
        assertThat(RegistryProse.fill("a {{sequential:or}} model")).isEqualTo("a LINUCB, ONLINEUCB or GPUCB model");
        assertThat(RegistryProse.fill("{{epoch-planned}}")).isEqualTo("CAPRI and USCA");
        assertThat(RegistryProse.fill("{{epoch-models}}: {{charged-releases}}")).isEqualTo("CAPRI: USCA");
        assertThat(RegistryProse.fill("{{local-only}}")).isEqualTo("ONLINEUCB");
        // The groups follow the descriptors, not a list kept here.
        assertThat(RegistryProse.fill("{{decision-sets}}")).isEqualTo(Algorithms.names(d -> d.sections()
                .contains(io.dpbandit.runtime.SpecSection.DECISION_SETS)));
        for (var group : RegistryProse.GROUPS.entrySet()) {
            assertThat(Algorithms.all().stream().anyMatch(group.getValue())).as("group %s names an algorithm",
                    group.getKey()).isTrue();
        }
    }

    @Test
    void textWithoutPlaceholdersIsUnchangedAndAnUnknownOneIsRefused() {
        assertThat(RegistryProse.fill("JDP bandits take {decisionId, reward}"))
                .isEqualTo("JDP bandits take {decisionId, reward}");
        assertThat(RegistryProse.fill(null)).isNull();
        assertThatThrownBy(() -> RegistryProse.fill("for {{tree-families}}")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tree-families");
    }

    @Test
    void aSingleAlgorithmGroupReadsAsOneName() {
        AlgorithmDescriptor usca = Algorithms.all().stream().filter(AlgorithmDescriptor::pureDp).findFirst()
                .orElseThrow();
        assertThat(RegistryProse.fill("{{charged-releases:or}}")).isEqualTo(usca.algorithm().name());
    }
}
