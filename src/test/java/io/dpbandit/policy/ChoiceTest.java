package io.dpbandit.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A sequential policy's choice carries the probability it was made with: what a decision's propensity reports. */
class ChoiceTest {

    @Test
    void aUniqueArgmaxIsCertainAndATieIsSplitEvenly() {
        double[] unique = {0.1, 0.7, 0.3};
        SequentialPolicy.Choice one = SequentialPolicy.Choice.argmax(3, i -> unique[i], new SplittableRandom(1));
        assertThat(one.index()).isEqualTo(1);
        assertThat(one.propensity()).isEqualTo(1.0);

        double[] tied = {0.5, 0.2, 0.5, 0.5};
        SplittableRandom rng = new SplittableRandom(2);
        int[] counts = new int[4];
        for (int t = 0; t < 3000; t++) {
            SequentialPolicy.Choice c = SequentialPolicy.Choice.argmax(4, i -> tied[i], rng);
            assertThat(c.propensity()).isEqualTo(1.0 / 3);
            counts[c.index()]++;
        }
        assertThat(counts[1]).as("never the lower score").isZero();
        // each tie about 1000 times of 3000 (sd 25.8); 850 is 5.8 sd below: a false failure below 1e-8 each
        assertThat(counts[0]).isGreaterThan(850);
        assertThat(counts[2]).isGreaterThan(850);
        assertThat(counts[3]).isGreaterThan(850);
    }
}
