package io.dpbandit.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the service reads requests ({@code dpbandit.api.*}).
 *
 * @param maxBodyBytes        larger request bodies are refused with 413, declared or chunked (bandit
 *                            specs with large public pools and GPUCB's locally private reports need
 *                            the room)
 * @param maxDecideBodyBytes  the same for /decide and /release, whose bodies are a context and a few
 *                            ids (default 1 MB, or max-body-bytes if that is smaller: 10 000 numbers
 *                            take about 250 kB)
 * @param maxPendingBodyBytes how many bytes of bodies still arriving this instance holds at once;
 *                            beyond it a request gets 503 busy with Retry-After (at least
 *                            max-body-bytes)
 * @param bodyTimeout         how long a client may take to send its whole body once its headers are
 *                            in; a slower one gets 408
 * @param maxPendingBodies    how many bodies this instance waits for at once; an API key may hold
 *                            only as many as are left free for the others (FairShare); beyond, a
 *                            request that has a body gets 503 busy with Retry-After at once, before
 *                            its body is read. Waiting for a body holds no worker thread
 *                            (BodyReadingFilter)
 * @param readBodiesFirst     read each body completely, without a thread, before the request is
 *                            processed (MVC slice tests, whose mock requests have their body in
 *                            memory already, turn it off)
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.api")
public record ApiProperties(
        @DefaultValue("10485760") @Min(1024) @Max(Integer.MAX_VALUE - 8) long maxBodyBytes,
        @Min(1024) Long maxDecideBodyBytes,
        @DefaultValue("268435456") long maxPendingBodyBytes,
        @DefaultValue("5s") @DurationMin(millis = 1) Duration bodyTimeout,
        @DefaultValue("1000") @Min(1) int maxPendingBodies,
        @DefaultValue("true") boolean readBodiesFirst) {

    /** The default of {@link #maxDecideBodyBytes} when max-body-bytes is at least as large. */
    static final long DECIDE_BODY_BYTES = 1024L * 1024;

    /** The largest body a request to this path may have. */
    public long maxBodyBytes(String path) {
        return path.equals("/decide") || path.equals("/release") ? maxDecideBodyBytes : maxBodyBytes;
    }

    public ApiProperties {
        maxDecideBodyBytes = maxDecideBodyBytes == null ? Math.min(maxBodyBytes, DECIDE_BODY_BYTES) : maxDecideBodyBytes;
        // Rules between two settings (the single-setting ones are the constraints above).
        if (maxDecideBodyBytes > maxBodyBytes) {
            throw new IllegalArgumentException("dpbandit.api.max-decide-body-bytes (" + maxDecideBodyBytes
                    + ") must not exceed dpbandit.api.max-body-bytes (" + maxBodyBytes + ")");
        }
        if (maxPendingBodyBytes < maxBodyBytes) {
            throw new IllegalArgumentException("dpbandit.api.max-pending-body-bytes (" + maxPendingBodyBytes
                    + ") must be at least dpbandit.api.max-body-bytes (" + maxBodyBytes + ")");
        }
    }
}
