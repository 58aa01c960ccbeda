package io.dpbandit.store;

import java.sql.Timestamp;
import java.time.Instant;

/** A nullable SQL timestamp column read as an {@link Instant}, for the JDBC stores' row mappers. */
final class Timestamps {

    private Timestamps() {
    }

    static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
