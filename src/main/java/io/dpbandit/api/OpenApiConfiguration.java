package io.dpbandit.api;

import io.dpbandit.algorithms.Algorithms;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's fixed parts. The server is the relative "/" so the document does not
 * depend on the host or port it was fetched from, and openapi.yaml can match it exactly. The
 * answers the security chain and the body limit give before any controller runs (401, 413, 429)
 * are added to every operation, with the two ways of sending a key.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    @Bean
    OpenAPI dpbanditOpenApi() {
        return new OpenAPI()
                .info(new Info().title("dpbandit").version("0.1.0")
                        .description("Differentially private contextual bandits: create bandits, decide, send "
                                + "feedback, and pull private releases. Errors are application/problem+json with a "
                                + "stable type per kind (https://dpbandit.io/problems/...). Every operation needs an "
                                + "API key whose roles allow it; paths are matched exactly as written here (a path "
                                + "with ';', '//', '.' or '..' segments or encoded '/', '.', '%' is refused with "
                                + "400).")
                        .license(new License().name("Proprietary")))
                .servers(List.of(new Server().url("/")))
                .components(new Components()
                        .addSecuritySchemes("apiKey", new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                                .in(SecurityScheme.In.HEADER).name("X-API-Key"))
                        .addSecuritySchemes("bearer", new SecurityScheme().type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")))
                .security(List.of(new SecurityRequirement().addList("apiKey"), new SecurityRequirement().addList("bearer")));
    }

    @Bean
    OpenApiCustomizer securityResponses() {
        Map<String, String> every = Map.of(
                "401", "Unauthorized: no API key, or an unknown one",
                "406", "Not Acceptable: the Accept header does not allow application/json",
                "429", "Too Many Requests: this key is over its rate; see Retry-After",
                "500", "Internal Server Error: a fault of the service itself, never of the request (type internal)",
                "503", "Service Unavailable: the database is unreachable (type unavailable) or the instance holds too "
                        + "many request bodies (type busy); nothing was stored, retry after Retry-After");
        Map<String, String> withBody = Map.of(
                "408", "Request Timeout: the body did not arrive within dpbandit.api.body-timeout",
                "413", "Payload Too Large: the body is over dpbandit.api.max-body-bytes (max-decide-body-bytes for "
                        + "/decide and /release), or a string, number or nesting in it is over its limit; the detail "
                        + "names the limit",
                "415", "Unsupported Media Type: send Content-Type: application/json (no wildcards)");
        return api -> api.getPaths().values().forEach(path -> path.readOperations().forEach(op -> {
            every.forEach((code, description) -> problem(op, code, description));
            if (op.getRequestBody() != null) {
                withBody.forEach((code, description) -> problem(op, code, description));
            }
        }));
    }

    private static void problem(io.swagger.v3.oas.models.Operation op, String code, String description) {
        op.getResponses().computeIfAbsent(code, c -> new ApiResponse().description(description)
                .content(new Content().addMediaType("application/problem+json",
                        new MediaType().schema(new Schema<>().$ref("#/components/schemas/ProblemDetail")))));
    }

    /**
     * The wire types of the locally private flows, from the algorithm registry: a decision's
     * {@code randomiser} is one of the descriptors' randomiser inputs, a feedback's {@code report} one
     * of their reports. Their schemas are added to the components where no endpoint names them.
     */
    @Bean
    OpenApiCustomizer registryWireTypes() {
        return api -> {
            var schemas = api.getComponents().getSchemas();
            if (schemas == null) {
                return;
            }
            oneOf(schemas, "Decision", "randomiser", Algorithms.all().stream()
                    .flatMap(d -> d.randomiserInputs().stream()).toList());
            oneOf(schemas, "FeedbackRequest", "report", Algorithms.all().stream()
                    .flatMap(d -> d.reports().stream()).toList());
        };
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void oneOf(Map<String, Schema> schemas, String owner, String property, List<Class<?>> types) {
        Schema<?> schema = schemas.get(owner);
        if (schema == null || schema.getProperties() == null || schema.getProperties().get(property) == null) {
            return;
        }
        Schema<?> field = schema.getProperties().get(property);
        for (Class<?> type : types) {
            ModelConverters.getInstance(true).readAll(new AnnotatedType(type)).forEach(schemas::putIfAbsent);
            field.addOneOfItem(new Schema<>().$ref("#/components/schemas/" + type.getSimpleName()));
        }
    }

    /**
     * The client module's wire records carry no annotations (dpbandit-client has no dependencies), so
     * their fields are described here, from the records' Javadoc.
     */
    @Bean
    OpenApiCustomizer clientWireFormat() {
        Map<String, String> report = Map.ofEntries(
                Map.entry("base", "the ticket's base, echoed"),
                Map.entry("round", "the ticket's round, echoed"),
                Map.entry("noisyFeatures", "x̃ = clip(x) + N(0, σ_x² I) + ζ: the played action's features after "
                        + "clipping to ‖x‖ ≤ B_x, privacy noise and the conditioning perturbation ζ ~ N(0, Δ² I)"),
                Map.entry("noisyReward", "ỹ = clip(y) + N(0, σ_y²): the reward after clipping to [−B_y, B_y] and noise"),
                Map.entry("gradient", "g = 2x̃(⟨x̃, θ⟩ − ỹ) − 2σ_x²θ at the ticket's θ, clipped to ‖g‖ ≤ G"),
                Map.entry("epsilon", "ε of the report's LDP guarantee (must be the bandit's)"),
                Map.entry("delta", "δ of the report's LDP guarantee (must be the bandit's)"),
                Map.entry("featureSigma", "σ_x the device used (derived by the device from the parameters)"),
                Map.entry("rewardSigma", "σ_y the device used"),
                Map.entry("conditioningStd", "Δ used (the ticket's)"),
                Map.entry("release", "JOINT_VECTOR or PAPER_SEPARATE (must be the bandit's)"),
                Map.entry("calibration", "ANALYTIC or CLASSICAL (must be the bandit's)"));
        return api -> {
            var schemas = api.getComponents().getSchemas();
            if (schemas == null || schemas.get("OnlineUcbReport") == null) {
                return;
            }
            Schema<?> schema = schemas.get("OnlineUcbReport");
            schema.setDescription("One user's OnlineUCB report, made on the user's device by dpbandit-client's "
                    + "OnlineUcbRandomiser; (ε, δ)-LDP with respect to the user's (x, y).");
            if (schema.getProperties() != null) {
                report.forEach((field, text) -> {
                    Schema<?> property = schema.getProperties().get(field);
                    if (property != null) {
                        property.setDescription(text);
                    }
                });
            }
        };
    }
}
