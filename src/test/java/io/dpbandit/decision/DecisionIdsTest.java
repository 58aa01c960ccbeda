package io.dpbandit.decision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Decision ids are random version 4 UUIDs from a strong generator, as UUID.randomUUID's are. */
class DecisionIdsTest {

    @Test
    void idsAreVersion4FromAStrongGeneratorAndDoNotRepeat() {
        assertThat(DecisionIds.algorithm()).isEqualTo("DRBG");
        Set<UUID> seen = new HashSet<>();
        int[] ones = new int[128];
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            UUID id = DecisionIds.next();
            assertThat(id.version()).isEqualTo(4);
            assertThat(id.variant()).isEqualTo(2);
            assertThat(seen.add(id)).isTrue();
            for (int b = 0; b < 64; b++) {
                ones[b] += (int) ((id.getMostSignificantBits() >>> b) & 1);
                ones[64 + b] += (int) ((id.getLeastSignificantBits() >>> b) & 1);
            }
        }
        // Every one of the 122 random bits is set about half the time: with n = 20 000 a fair bit's
        // count is within 0.5 n ± 6 sd (sd = 70.7) except with probability 2e-9 per bit, below 1e-6 for
        // all 122 together; the 6 fixed bits (version 0100 at 12-15 of the high word's third group,
        // variant 10) are constant.
        int random = 0;
        for (int b = 0; b < 128; b++) {
            if (ones[b] != 0 && ones[b] != n) {
                random++;
                assertThat(Math.abs(ones[b] - n / 2.0)).as("bit %d", b).isLessThan(6 * Math.sqrt(n / 4.0));
            }
        }
        assertThat(random).isEqualTo(122);
    }
}
