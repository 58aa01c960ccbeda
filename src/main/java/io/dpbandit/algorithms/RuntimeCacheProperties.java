package io.dpbandit.algorithms;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Each instance's cache of bandit runtimes ({@code dpbandit.runtime.*}; {@link Runtimes}).
 *
 * @param checkMs how often, in milliseconds, an instance checks a bandit's stored state (epoch, phase,
 *                version) before serving from its cached runtime; the runtime is rebuilt only when
 *                the state moved
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.runtime")
public record RuntimeCacheProperties(@DefaultValue("200") @Min(1) long checkMs) {
}
