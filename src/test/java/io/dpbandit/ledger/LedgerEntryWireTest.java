package io.dpbandit.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dpbandit.store.LedgerEntry;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The API answers ledger entries as the record {@link Ledger.Entry}, not the JPA entity it used to
 * return: the JSON is byte for byte what the entity wrote (same fields, same order), so
 * openapi.yaml, the SDK's LedgerEntry and the docs stay true.
 */
class LedgerEntryWireTest {

    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void theRecordWritesTheJsonTheEntityWrote() throws Exception {
        Instant at = Instant.parse("2026-01-02T03:04:05.678Z");
        LedgerEntry entity = new LedgerEntry("b", 0.25, 1e-6, "epoch close", 3, "PARALLEL", 0.0125, "ZCDP",
                "GAUSSIAN").at(at);
        Ledger.Entry record = new Ledger.Entry(null, "b", 0.25, 1e-6, "epoch close", 3, "PARALLEL", 0.0125, "ZCDP",
                "GAUSSIAN", at);
        assertThat(JSON.writeValueAsString(record)).isEqualTo(JSON.writeValueAsString(entity));

        LedgerEntry basic = new LedgerEntry("b", 1.0, 0.0, "creation", null, "SEQUENTIAL");
        Ledger.Entry basicRecord = new Ledger.Entry(null, "b", 1.0, 0.0, "creation", null, "SEQUENTIAL", null,
                "BASIC", null, null);
        assertThat(JSON.writeValueAsString(basicRecord)).isEqualTo(JSON.writeValueAsString(basic));
    }
}
