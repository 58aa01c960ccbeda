package io.dpbandit.api;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the service reads requests ({@code dpbandit.api.*}).
 *
 * @param maxBodyBytes     larger bodies are refused with 413, declared or chunked (default 10 MB; bandit
 *                         specs with large public pools and GPUCB's locally private reports need it)
 * @param maxDecideBodyBytes the same for /decide and /release, whose bodies are a context and a few
 *                         ids (default 1 MB: 10 000 numbers take about 250 kB)
 * @param maxPendingBodyBytes how many bytes of bodies still arriving this instance holds at once;
 *                         beyond it a request gets 503 with Retry-After (default 256 MB)
 * @param bodyTimeout      how long a client may take to send its whole body once its headers are
 *                         in; a slower one gets 408 (default 5 s)
 * @param maxPendingBodies how many bodies this instance waits for at once; beyond it a request
 *                         that has a body gets 503 with Retry-After at once (default 1000). Waiting
 *                         for a body holds no worker thread ({@link BodyReadingFilter})
 * @param readBodiesFirst  read each body completely, without a thread, before the request is
 *                         processed (default true; MVC slice tests, whose mock requests have their
 *                         body in memory already, turn it off)
 */
@ConfigurationProperties(prefix = "dpbandit.api")
public record ApiProperties(Long maxBodyBytes, Long maxDecideBodyBytes, Long maxPendingBodyBytes,
        Duration bodyTimeout, Integer maxPendingBodies, Boolean readBodiesFirst) {

    /** The largest body a request to this path may have. */
    public long maxBodyBytes(String path) {
        return path.equals("/decide") || path.equals("/release") ? maxDecideBodyBytes : maxBodyBytes;
    }

    public ApiProperties {
        maxBodyBytes = maxBodyBytes == null ? 10L * 1024 * 1024 : maxBodyBytes;
        maxDecideBodyBytes = maxDecideBodyBytes == null ? Math.min(maxBodyBytes, 1024L * 1024) : maxDecideBodyBytes;
        maxPendingBodyBytes = maxPendingBodyBytes == null ? 256L * 1024 * 1024 : maxPendingBodyBytes;
        bodyTimeout = bodyTimeout == null ? Duration.ofSeconds(5) : bodyTimeout;
        maxPendingBodies = maxPendingBodies == null ? 1000 : maxPendingBodies;
        readBodiesFirst = readBodiesFirst == null || readBodiesFirst;
        if (maxBodyBytes < 1024 || maxBodyBytes > Integer.MAX_VALUE - 8 || maxDecideBodyBytes < 1024
                || maxDecideBodyBytes > maxBodyBytes || maxPendingBodyBytes < maxBodyBytes || bodyTimeout.isNegative()
                || bodyTimeout.isZero() || maxPendingBodies < 1) {
            throw new IllegalArgumentException("dpbandit.api: max-body-bytes 1024..2^31-9, max-decide-body-bytes "
                    + "1024..max-body-bytes, max-pending-body-bytes >= max-body-bytes, body-timeout > 0, "
                    + "max-pending-bodies >= 1");
        }
    }
}
