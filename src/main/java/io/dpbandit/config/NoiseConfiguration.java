package io.dpbandit.config;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SecureNoiseSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Production noise: SecureRandom-based, on a power-of-two grid. Tests never replace it. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
public class NoiseConfiguration {

    @Bean
    NoiseSource noiseSource() {
        return new SecureNoiseSource();
    }
}
