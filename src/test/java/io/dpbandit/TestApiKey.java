package io.dpbandit;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.client.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Integration tests call the service with a key that has every role unless they set their own
 * X-API-Key or Authorization header (the test profile configures the keys as hashes).
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestApiKey {

    public static final String ALL_ROLES = "test-all-key";

    @Bean
    RestTemplateCustomizer defaultTestApiKey() {
        return rest -> rest.getInterceptors().add((request, body, execution) -> {
            if (!request.getHeaders().containsKey("X-API-Key") && !request.getHeaders().containsKey("Authorization")) {
                request.getHeaders().set("X-API-Key", ALL_ROLES);
            }
            return execution.execute(request, body);
        });
    }
}
