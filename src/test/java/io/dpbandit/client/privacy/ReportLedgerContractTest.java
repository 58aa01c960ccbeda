package io.dpbandit.client.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ReportLedger} must do, run by each implementation's test through
 * {@link #create()}: count per bandit, refuse at the limit without changing anything, and never let
 * concurrent reports pass the limit.
 */
abstract class ReportLedgerContractTest {

    /** A new, empty ledger. */
    abstract ReportLedger create() throws Exception;

    @Test
    void recordsUpToTheLimitAndThenRefusesWithoutChangingTheCount() throws Exception {
        ReportLedger ledger = create();
        assertThat(ledger.count("storefront")).isZero();
        assertThat(ledger.tryRecord("storefront", 2)).isTrue();
        assertThat(ledger.tryRecord("storefront", 2)).isTrue();
        assertThat(ledger.tryRecord("storefront", 2)).isFalse();
        assertThat(ledger.tryRecord("storefront", 2)).isFalse();
        assertThat(ledger.count("storefront")).isEqualTo(2);
        assertThat(ledger.tryRecord("storefront", 3)).as("a larger k set by the device itself").isTrue();
        assertThat(ledger.count("storefront")).isEqualTo(3);
    }

    @Test
    void countsEachBanditApart() throws Exception {
        ReportLedger ledger = create();
        assertThat(ledger.tryRecord("storefront", 1)).isTrue();
        assertThat(ledger.tryRecord("storefront", 1)).isFalse();
        assertThat(ledger.tryRecord("checkout", 1)).isTrue();
        assertThat(ledger.tryRecord("Storefront", 1)).as("ids are compared exactly").isTrue();
        for (String odd : List.of("with space", "line\nbreak", "ünïcødé-€", "a%2Fb", "+plus", "tab\tand=")) {
            assertThat(ledger.tryRecord(odd, 1)).as(odd).isTrue();
            assertThat(ledger.tryRecord(odd, 1)).as(odd).isFalse();
            assertThat(ledger.count(odd)).as(odd).isEqualTo(1);
        }
        assertThat(ledger.count("storefront")).isEqualTo(1);
        assertThat(ledger.count("never")).isZero();
    }

    @Test
    void refusesAMissingBanditOrLimit() throws Exception {
        ReportLedger ledger = create();
        assertThatThrownBy(() -> ledger.tryRecord(null, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ledger.tryRecord(" ", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ledger.tryRecord("b", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ledger.count(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentReportsFromSeveralThreadsNeverExceedTheLimit() throws Exception {
        ReportLedger ledger = create();
        int k = 17;
        int threads = 6;
        int attempts = 10;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> admitted = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            admitted.add(pool.submit(() -> {
                start.await();
                int made = 0;
                for (int i = 0; i < attempts; i++) {
                    made += ledger.tryRecord("shared", k) ? 1 : 0;
                    made += ledger.tryRecord("other", 1) ? 1000 : 0;
                }
                return made;
            }));
        }
        start.countDown();
        int total = 0;
        for (Future<Integer> f : admitted) {
            total += f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(total).as("k for one bandit, 1 for the other, out of 60 attempts each").isEqualTo(k + 1000);
        assertThat(ledger.count("shared")).isEqualTo(k);
        assertThat(ledger.count("other")).isEqualTo(1);
    }
}
