package io.dpbandit.sdk.local;

import com.fasterxml.jackson.annotation.JsonValue;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbReport;

/**
 * What a user's device sends back for a locally private round (POST /feedback's {@code report}):
 * one of io.dpbandit.client's reports, as its randomiser made it. Written as the report's own JSON.
 */
public sealed interface LocalReport permits LocalReport.Capri, LocalReport.OnlineUcb, LocalReport.GpUcb {

    /** The client's report record, as it goes on the wire. */
    @JsonValue
    Object report();

    static LocalReport of(CapriReport report) {
        return new Capri(report);
    }

    static LocalReport of(OnlineUcbReport report) {
        return new OnlineUcb(report);
    }

    static LocalReport of(GpUcbReport report) {
        return new GpUcb(report);
    }

    /** A CAPRI-LDP report. */
    record Capri(CapriReport report) implements LocalReport {
        public Capri {
            java.util.Objects.requireNonNull(report, "report");
        }
    }

    /** An ONLINEUCB report. */
    record OnlineUcb(OnlineUcbReport report) implements LocalReport {
        public OnlineUcb {
            java.util.Objects.requireNonNull(report, "report");
        }
    }

    /** A GPUCB-LDP report. */
    record GpUcb(GpUcbReport report) implements LocalReport {
        public GpUcb {
            java.util.Objects.requireNonNull(report, "report");
        }
    }
}
