package io.dpbandit.client.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file ledger keeps the contract of every {@link ReportLedger}, and what a device relies on
 * across restarts: a new ledger on the same file keeps the count, a write torn by a crash (a leftover
 * temporary file) neither loses nor resets it, and a damaged file makes the device refuse rather than
 * count again from zero.
 */
class FileReportLedgerTest extends ReportLedgerContractTest {

    @TempDir
    Path dir;

    @Override
    ReportLedger create() {
        return ReportLedger.file(dir.resolve("ledger-" + System.nanoTime()));
    }

    @Test
    void aNewLedgerOnTheSameFileKeepsTheCount() {
        Path file = dir.resolve("reports");
        ReportLedger before = ReportLedger.file(file);
        assertThat(before.tryRecord("storefront", 3)).isTrue();
        assertThat(before.tryRecord("storefront", 3)).isTrue();
        assertThat(before.tryRecord("checkout", 3)).isTrue();

        ReportLedger afterRestart = ReportLedger.file(file);
        assertThat(afterRestart.count("storefront")).isEqualTo(2);
        assertThat(afterRestart.count("checkout")).isEqualTo(1);
        assertThat(afterRestart.tryRecord("storefront", 3)).isTrue();
        assertThat(afterRestart.tryRecord("storefront", 3)).as("the restart gave nothing back").isFalse();
    }

    @Test
    void theFileAndItsDirectoryAreMadeAtTheFirstReport() {
        Path file = dir.resolve("app").resolve("private").resolve("reports");
        ReportLedger ledger = ReportLedger.file(file);
        assertThat(file).doesNotExist();
        assertThat(ledger.tryRecord("b", 1)).isTrue();
        assertThat(file).isRegularFile();
    }

    @Test
    void twoLedgersOnOneFileInOneProcessShareTheCount() {
        Path file = dir.resolve("reports");
        ReportLedger one = ReportLedger.file(file);
        ReportLedger two = ReportLedger.file(dir.resolve("sub").resolve("..").resolve("reports"));
        assertThat(one.tryRecord("b", 2)).isTrue();
        assertThat(two.tryRecord("b", 2)).isTrue();
        assertThat(one.tryRecord("b", 2)).isFalse();
        assertThat(two.count("b")).isEqualTo(2);
    }

    @Test
    void aTornWriteLeavesTheLastCountWhole() throws Exception {
        Path file = dir.resolve("reports");
        ReportLedger ledger = ReportLedger.file(file);
        assertThat(ledger.tryRecord("storefront", 3)).isTrue();
        assertThat(ledger.tryRecord("storefront", 3)).isTrue();
        // A crash in the middle of the next write: half a temporary file, never renamed.
        Path temp = dir.resolve("reports.tmp");
        Files.writeString(temp, FileReportLedger.HEADER + "\n1 storef", StandardCharsets.UTF_8);

        ReportLedger afterCrash = ReportLedger.file(file);
        assertThat(afterCrash.count("storefront")).as("neither lost nor reset").isEqualTo(2);
        assertThat(afterCrash.tryRecord("storefront", 3)).isTrue();
        assertThat(afterCrash.tryRecord("storefront", 3)).isFalse();
        assertThat(ReportLedger.file(file).count("storefront")).isEqualTo(3);
        assertThat(Files.exists(temp)).as("the leftover was overwritten and renamed").isFalse();
    }

    @Test
    void aLedgerWrittenOnlyInATemporaryFileWasNeverRecorded() throws Exception {
        // A crash before the first rename: tryRecord never returned true, so nothing was randomised.
        Files.writeString(dir.resolve("reports.tmp"), FileReportLedger.HEADER + "\n1 b\nend 1\n");
        assertThat(ReportLedger.file(dir.resolve("reports")).count("b")).isZero();
    }

    @Test
    void aDamagedFileIsRefusedNeverCountedAgainFromZero() throws Exception {
        Path file = dir.resolve("reports");
        ReportLedger ledger = ReportLedger.file(file);
        assertThat(ledger.tryRecord("storefront", 3)).isTrue();
        String whole = Files.readString(file);
        for (String damaged : new String[] {
                "", whole.substring(0, whole.indexOf("end")), whole.replace("1 storefront", "x storefront"),
                whole.replace("1 storefront", "0 storefront"), "something else\n", whole.replace("end 1", "end 2"),
                whole.replace("1 storefront\n", "1 storefront\n1 storefront\n").replace("end 1", "end 2")}) {
            Files.writeString(file, damaged);
            assertThatThrownBy(() -> ledger.tryRecord("storefront", 3)).as(damaged)
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("unreadable")
                    .hasMessageContaining("nothing was randomised or sent");
            assertThatThrownBy(() -> ReportLedger.file(file)).as(damaged).isInstanceOf(IllegalStateException.class);
        }
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe});
        assertThatThrownBy(() -> ledger.count("storefront")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not UTF-8");
    }

    @Test
    void aDevicePolicyCountsThroughTheFileAcrossARestart() {
        Path file = dir.resolve("reports");
        DevicePolicy policy = DevicePolicy.of(PrivacyFloor.of(1.0, 1e-5), 2);
        policy.admit(ReportLedger.file(file), "storefront", "a report");
        policy.admit(ReportLedger.file(file), "storefront", "a report");
        assertThatThrownBy(() -> policy.admit(ReportLedger.file(file), "storefront", "a report"))
                .isInstanceOf(DevicePolicy.ReportLimitException.class);
    }
}
