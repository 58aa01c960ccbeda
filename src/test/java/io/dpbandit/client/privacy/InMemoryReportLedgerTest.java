package io.dpbandit.client.privacy;

/** The in-memory ledger keeps the contract of every {@link ReportLedger}. */
class InMemoryReportLedgerTest extends ReportLedgerContractTest {

    @Override
    ReportLedger create() {
        return ReportLedger.inMemory();
    }
}
