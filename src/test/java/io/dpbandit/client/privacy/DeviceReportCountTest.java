package io.dpbandit.client.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.onlineucb.ReleaseMode;
import io.dpbandit.client.testing.CountingNoise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 31, finding 1: a compromised server can mark every decision of a returning user as a
 * learning round. The device keeps its own count: played from the caller's side, a server that sends
 * k + 1 learning decisions' randomiser inputs for one bandit (each within the floor, each a new
 * round) gets k reports, and the (k+1)-th is refused before any noise is drawn.
 */
class DeviceReportCountTest {

    static final PrivacyFloor FLOOR = PrivacyFloor.of(1.0, 1e-5);
    static final int K = 3;
    static final DevicePolicy POLICY = DevicePolicy.of(FLOOR, K);

    static CapriRandomiserPlan capriPlan(int epoch) {
        return new CapriRandomiserPlan("server-says-anything", epoch, KernelSpec.rbf(0.5),
                new double[][] {{0.1, 0.2}, {0.7, 0.3}}, new double[] {1, 0, 0, 1}, 1.0, 1.0, 1.0, 1e-5, 1e-9);
    }

    static OnlineUcbParameters online() {
        return new OnlineUcbParameters(2, 1.0, 1e-5, 1, 1, 100, ReleaseMode.JOINT_VECTOR, CalibrationMethod.ANALYTIC);
    }

    @Test
    void aCapriDeviceRefusesItsKPlusFirstReportForABanditWhateverTheServerSends() {
        ReportLedger ledger = ReportLedger.inMemory();
        CountingNoise noise = new CountingNoise(11);
        // The server hands out a new epoch's plan each time, every one a learning round within the floor.
        for (int epoch = 1; epoch <= K; epoch++) {
            CapriRandomiser device = new CapriRandomiser(capriPlan(epoch), POLICY, ledger);
            assertThat(device.randomise("storefront", new double[] {0.1}, new double[] {0.2}, 0.9, noise)
                    .epoch()).isEqualTo(epoch);
        }
        int drawn = noise.calls();
        CapriRandomiser next = new CapriRandomiser(capriPlan(K + 1), POLICY, ledger);
        assertThatThrownBy(() -> next.randomise("storefront", new double[] {0.1}, new double[] {0.2}, 0.9, noise))
                .isInstanceOf(DevicePolicy.ReportLimitException.class)
                .hasMessageContaining("\"storefront\"").hasMessageContaining("at most " + K + " per bandit")
                .hasMessageContaining("nothing was randomised or sent");
        assertThat(noise.calls()).as("a refused report draws no noise").isEqualTo(drawn);
        assertThat(ledger.count("storefront")).isEqualTo(K);
        assertThat(next.randomise("checkout", new double[] {0.1}, new double[] {0.2}, 0.9, noise).epoch())
                .as("the count is per bandit: another bandit still gets its reports").isEqualTo(K + 1);
    }

    @Test
    void anOnlineUcbDeviceRefusesItsKPlusFirstReportForABanditWhateverTheServerSends() {
        ReportLedger ledger = ReportLedger.inMemory();
        CountingNoise noise = new CountingNoise(12);
        for (int round = 0; round < K; round++) {
            OnlineUcbTicket ticket = new OnlineUcbTicket(0, round, new double[] {0.1, 0.2}, 0.0);
            new OnlineUcbRandomiser(online(), POLICY, ledger).randomise("feed", new double[] {0.6, 0.8}, ticket, 0.4,
                    noise);
        }
        int drawn = noise.calls();
        OnlineUcbTicket another = new OnlineUcbTicket(0, K, new double[] {0.1, 0.2}, 0.0);
        assertThatThrownBy(() -> new OnlineUcbRandomiser(online(), POLICY, ledger).randomise("feed",
                new double[] {0.6, 0.8}, another, 0.4, noise)).isInstanceOf(DevicePolicy.ReportLimitException.class)
                .hasMessageContaining("ONLINEUCB");
        assertThat(noise.calls()).as("a refused report draws no noise").isEqualTo(drawn);
        assertThat(ledger.count("feed")).isEqualTo(K);
    }

    @Test
    void aGpUcbDeviceRefusesItsKPlusFirstReportForABanditWhateverTheServerSends() {
        ReportLedger ledger = ReportLedger.inMemory();
        CountingNoise noise = new CountingNoise(13);
        GpUcbRandomiser device = new GpUcbRandomiser(GpUcbParameters.of(2, 1.0, 1e-5, 1.0), POLICY, ledger);
        for (int t = 0; t < K; t++) {
            device.randomise("gp", new double[] {0.6, 0.8}, 1.0, noise);
        }
        int drawn = noise.calls();
        assertThatThrownBy(() -> device.randomise("gp", new double[] {0.6, 0.8}, 1.0, noise))
                .isInstanceOf(DevicePolicy.ReportLimitException.class).hasMessageContaining("GPUCB-LDP");
        assertThat(noise.calls()).as("a refused report draws no noise").isEqualTo(drawn);
        assertThat(device.randomise("gp-2", new double[] {0.6, 0.8}, 1.0, noise).noisyGram()).hasSize(3);
    }

    @Test
    void aReportRefusedByTheFloorOrForItsInputsTakesNothingFromTheCount() {
        ReportLedger ledger = ReportLedger.inMemory();
        OnlineUcbParameters greedy = new OnlineUcbParameters(2, 8.0, 1e-5, 1, 1, 100, ReleaseMode.JOINT_VECTOR,
                CalibrationMethod.ANALYTIC);
        assertThatThrownBy(() -> new OnlineUcbRandomiser(greedy, POLICY, ledger))
                .isInstanceOf(PrivacyFloor.PrivacyFloorException.class);
        OnlineUcbRandomiser device = new OnlineUcbRandomiser(online(), POLICY, ledger);
        OnlineUcbTicket ticket = new OnlineUcbTicket(0, 0, new double[] {0.1, 0.2}, 0.0);
        assertThatThrownBy(() -> device.randomise("feed", new double[] {Double.NaN, 0.8}, ticket, 0.4,
                new CountingNoise(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> device.randomise("feed", new double[] {0.6, 0.8, 0.0}, ticket, 0.4,
                new CountingNoise(1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(ledger.count("feed")).as("nothing left the device, nothing was counted").isZero();
    }

    @Test
    void aCountingRandomiserAlwaysNamesItsBanditAndAFloorOnlyOneNeverCounts() {
        ReportLedger ledger = ReportLedger.inMemory();
        GpUcbParameters parameters = GpUcbParameters.of(2, 1.0, 1e-5, 1.0);
        GpUcbRandomiser counting = new GpUcbRandomiser(parameters, POLICY, ledger);
        assertThatThrownBy(() -> counting.randomise(new double[] {0.6, 0.8}, 1.0, new CountingNoise(1)))
                .as("no uncounted report from a device that counts").isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("name the bandit");
        assertThatThrownBy(() -> counting.randomise(" ", new double[] {0.6, 0.8}, 1.0, new CountingNoise(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bandit's id is required");
        GpUcbRandomiser floorOnly = new GpUcbRandomiser(parameters, FLOOR);
        assertThatThrownBy(() -> floorOnly.randomise("gp", new double[] {0.6, 0.8}, 1.0, new CountingNoise(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("keeps no count");
        assertThatThrownBy(() -> new GpUcbRandomiser(parameters, POLICY, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("required");
        assertThat(ledger.count("gp")).isZero();
    }

    @Test
    void reportsFromManyThreadsNeverExceedKForABandit() throws Exception {
        ReportLedger ledger = ReportLedger.inMemory();
        int k = 25;
        DevicePolicy policy = DevicePolicy.of(FLOOR, k);
        GpUcbRandomiser device = new GpUcbRandomiser(GpUcbParameters.of(2, 1.0, 1e-5, 1.0), policy, ledger);
        int threads = 8;
        int attempts = 20;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> sent = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long seed = 100 + t;
            sent.add(pool.submit(() -> {
                CountingNoise noise = new CountingNoise(seed);
                start.await();
                int made = 0;
                for (int i = 0; i < attempts; i++) {
                    try {
                        device.randomise("shared", new double[] {0.6, 0.8}, 1.0, noise);
                        made++;
                    } catch (DevicePolicy.ReportLimitException refused) {
                        // the device's k is reached
                    }
                }
                return made;
            }));
        }
        start.countDown();
        int total = 0;
        for (Future<Integer> f : sent) {
            total += f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(total).as("160 attempts, k = 25").isEqualTo(k);
        assertThat(ledger.count("shared")).isEqualTo(k);
    }
}
