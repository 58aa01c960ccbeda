package io.dpbandit.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** README shows the test commands CI runs, exactly as .ci/run runs them. */
class CiScriptTest {

    @Test
    void readmeShowsExactlyTheTestCommandsThatCiRuns() {
        List<String> ci = DeployFiles.read(".ci/run").lines().map(String::strip)
                .filter(l -> l.startsWith("mvn -B test")).toList();
        assertThat(ci).as("the suite").contains("mvn -B test");

        List<String> shown = new ArrayList<>();
        boolean inCode = false;
        for (String line : DeployFiles.read("README.md").lines().toList()) {
            if (line.startsWith("```")) {
                inCode = !inCode;
            } else if (inCode && line.strip().matches("mvn -B test( -P\\w+)?")) {
                shown.add(line.strip());
            }
        }
        assertThat(shown).containsAll(ci);
    }
}
