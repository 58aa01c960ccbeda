package io.dpbandit.config;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.runtime.PublicRandomness;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Production randomness: noise from a SecureRandom-based source on a power-of-two grid (tests never
 * replace it), and public draws from generators seeded by a secure source.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
public class NoiseConfiguration {

    @Bean
    NoiseSource noiseSource() {
        return new SecureNoiseSource();
    }

    @Bean
    PublicRandomness publicRandomness() {
        SecureRandom seeds = new SecureRandom();
        return (bandit, epoch) -> new SplittableRandom(seeds.nextLong());
    }
}
