package io.dpbandit.api;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's fixed parts. The server is the relative "/" so the document does not
 * depend on the host or port it was fetched from, and openapi.yaml can match it exactly.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    @Bean
    OpenAPI dpbanditOpenApi() {
        return new OpenAPI()
                .info(new Info().title("dpbandit").version("0.1.0")
                        .description("Differentially private contextual bandits: create bandits, decide, send "
                                + "feedback, and pull private releases. Errors are application/problem+json with a "
                                + "stable type per kind (https://dpbandit.io/problems/...).")
                        .license(new License().name("Proprietary")))
                .servers(List.of(new Server().url("/")));
    }
}
