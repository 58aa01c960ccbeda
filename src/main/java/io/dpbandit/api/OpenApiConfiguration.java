package io.dpbandit.api;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.runtime.WireDoc;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpStatus;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document's fixed parts. The server is the relative "/" so the document does not
 * depend on the host or port it was fetched from, and openapi.yaml can match it exactly. Each
 * operation lists the answers it can give ({@link #documentedAnswers()}), with the two ways of
 * sending a key.
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
                                + "400). A path nothing serves is 404 with any key or none; HEAD is answered wherever "
                                + "GET is, with the same authorization and no body. Lists (GET /bandits, /budgets, "
                                + "/bandits/{id}/ledger, /bandits/{id}/epochs) are JSON arrays paged by cursor: limit "
                                + "(1 to 1000, default 100) and, while more follow, a Link header with rel=\"next\". "
                                + "Answers are gzip-compressed when the request sends Accept-Encoding: gzip.")
                        .license(new License().name("Proprietary").identifier("LicenseRef-Proprietary")))
                .servers(List.of(new Server().url("/")))
                .components(new Components()
                        .addSecuritySchemes("apiKey", new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                                .in(SecurityScheme.In.HEADER).name("X-API-Key"))
                        .addSecuritySchemes("bearer", new SecurityScheme().type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")))
                .security(List.of(new SecurityRequirement().addList("apiKey"), new SecurityRequirement().addList("bearer")));
    }

    /**
     * What an answer other than 2xx looks like (RFC 9457 application/problem+json), for the document
     * only: the service writes Spring's ProblemDetail, whose extra properties are inline.
     */
    @io.swagger.v3.oas.annotations.media.Schema(name = "ProblemDetail", description = "RFC 9457 problem details. "
            + "type is stable per kind of problem (https://dpbandit.io/problems/<kind>); detail says what to change "
            + "and never echoes a context, reward or stack trace.")
    record ProblemDocument(
            @io.swagger.v3.oas.annotations.media.Schema(format = "uri", requiredMode = io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED,
                    example = "https://dpbandit.io/problems/not-ready") String type,
            @io.swagger.v3.oas.annotations.media.Schema(requiredMode = io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED) String title,
            @io.swagger.v3.oas.annotations.media.Schema(requiredMode = io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED) int status,
            @io.swagger.v3.oas.annotations.media.Schema(requiredMode = io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED) String detail,
            @io.swagger.v3.oas.annotations.media.Schema(format = "uri") String instance,
            @io.swagger.v3.oas.annotations.media.Schema(description = "type validation only: each field to change")
            List<FieldProblem> errors) {
    }

    @io.swagger.v3.oas.annotations.media.Schema(name = "FieldProblem")
    record FieldProblem(@io.swagger.v3.oas.annotations.media.Schema(description = "the field, e.g. privacy.delta or "
            + "limit") String field, String message) {
    }

    @Bean
    OpenApiCustomizer problemSchema() {
        return api -> ModelConverters.getInstance(true).readAll(new AnnotatedType(ProblemDocument.class))
                .forEach(api.getComponents()::addSchemas);
    }

    /**
     * The answers each operation can give besides its success, derived from what can answer it:
     * <ul>
     *   <li>every operation (the security chain and the service around every handler): 400 for a
     *       malformed query string (and for its parameters, where it has any), 401, 403, 406, 429,
     *       500, and 503 when the database is unreachable;</li>
     *   <li>an operation with a body (the body reader and the JSON mapper): 400 for the body, 408,
     *       413, 415, and 503 when too many bodies are held;</li>
     *   <li>what the operation's own service answers, from its {@link ProblemResponse} annotations
     *       (404, 409 by type, 503 busy).</li>
     * </ul>
     * Each answer's description says when, with the problem type. {@code DocumentedAnswersTest}
     * checks that the service answers no status that an operation does not list. A request the
     * document does not describe (a body or Content-Type on a GET) may meet 408, 413 or 415 too.
     */
    @Bean
    OperationCustomizer documentedAnswers() {
        return (operation, handler) -> {
            Map<Integer, List<String>> when = new TreeMap<>();
            boolean body = operation.getRequestBody() != null;
            boolean parameters = operation.getParameters() != null && operation.getParameters().stream()
                    .anyMatch(p -> "query".equals(p.getIn()) || ("path".equals(p.getIn()) && p.getSchema() != null
                            && !"string".equals(type(p.getSchema()))));
            if (body) {
                add(when, 400, "the body is not JSON this operation reads, or a field breaks its rules (type validation: "
                        + "`errors` names each field)");
            }
            if (parameters) {
                add(when, 400, "a parameter is missing, malformed or out of range (type validation)");
            }
            add(when, 400, "the query string holds a control character, an unpaired surrogate or a malformed escape, "
                    + "or a parameter this operation does not take, or one given twice or empty (type validation)");
            add(when, 401, "no API key, or an unknown one (type unauthorized; WWW-Authenticate: Bearer)");
            add(when, 403, "the key's roles do not allow this operation, or the key is scoped to other bandits (type "
                    + "forbidden)");
            add(when, 406, "the Accept header does not allow application/json; a range with q=0 excludes it (type "
                    + "not-acceptable)");
            if (body) {
                add(when, 408, "the body did not arrive within dpbandit.api.body-timeout (type body-timeout)");
                add(when, 413, "the body is over dpbandit.api.max-body-bytes (max-decide-body-bytes for /decide and "
                        + "/release), or a string, number or nesting in it is over its limit; the detail names the "
                        + "limit (type payload-too-large)");
                add(when, 415, "the Content-Type is not application/json (wildcards are refused), or the "
                        + "Content-Encoding is not identity (type unsupported-media-type)");
            }
            add(when, 429, "this key is over its rate; retry after Retry-After (type rate-limited)");
            add(when, 500, "a fault of the service itself, never of the request; safe to retry (type internal)");
            add(when, 503, "the database is unreachable; nothing was stored, retry after Retry-After (type "
                    + "unavailable)");
            add(when, 503, "this key has as many requests being processed as are left free for the other keys; "
                    + "retry after Retry-After (type busy)");
            if (body) {
                add(when, 503, "the instance holds too many request bodies, or this key as many as are left free for "
                        + "the others; retry after Retry-After (type busy)");
            }
            for (ProblemResponse answer : AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getMethod(),
                    ProblemResponse.class)) {
                add(when, answer.type().status().value(), answer.when() + " (type " + answer.type().kind() + ")");
            }
            boolean paged = operation.getParameters() != null && operation.getParameters().stream()
                    .anyMatch(p -> "query".equals(p.getIn()) && "cursor".equals(p.getName()));
            ApiResponse ok = operation.getResponses().get("200");
            if (paged && ok != null) {
                ok.addHeaderObject("Link", new io.swagger.v3.oas.models.headers.Header().description("while more "
                        + "items follow: <path?limit=n&cursor=c>; rel=\"next\" (RFC 8288), the next page relative to "
                        + "this request").schema(new Schema<String>().types(java.util.Set.of("string"))));
            }
            when.forEach((code, clauses) -> operation.getResponses().addApiResponse(Integer.toString(code),
                    new ApiResponse().description(HttpStatus.valueOf(code).getReasonPhrase() + ": "
                            + String.join("; ", clauses)).content(new Content().addMediaType(
                                    "application/problem+json", new MediaType().schema(
                                            new Schema<>().$ref("#/components/schemas/ProblemDetail"))))));
            return operation;
        };
    }

    private static void add(Map<Integer, List<String>> when, int code, String clause) {
        when.computeIfAbsent(code, c -> new ArrayList<>()).add(clause);
    }

    private static String type(Schema<?> schema) {
        if (schema.getType() != null) {
            return schema.getType();
        }
        return schema.getTypes() == null || schema.getTypes().isEmpty() ? null : schema.getTypes().iterator().next();
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
            forecasts(schemas);
            epochPlans(api, schemas);
        };
    }

    /**
     * The randomiser plan endpoint answers the plan of the bandit's algorithm: its 200 schema is the
     * registered plans' ({@link AlgorithmDescriptor#epochPlans}), one $ref, or a oneOf of several.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void epochPlans(io.swagger.v3.oas.models.OpenAPI api, Map<String, Schema> schemas) {
        List<Class<?>> plans = Algorithms.all().stream().flatMap(d -> d.epochPlans().stream()).toList();
        if (api.getPaths() == null || plans.isEmpty()) {
            return;
        }
        api.getPaths().values().stream().map(io.swagger.v3.oas.models.PathItem::getGet)
                .filter(op -> op != null && "randomiserPlan".equals(op.getOperationId()))
                .map(op -> op.getResponses() == null ? null : op.getResponses().get("200"))
                .filter(ok -> ok != null && ok.getContent() != null)
                .flatMap(ok -> ok.getContent().values().stream())
                .forEach(media -> {
                    List<Schema> refs = new java.util.ArrayList<>();
                    for (Class<?> type : plans) {
                        ModelConverters.getInstance(true).readAll(new AnnotatedType(type)).forEach(schemas::putIfAbsent);
                        refs.add(new Schema<>().$ref("#/components/schemas/" + type.getSimpleName()));
                    }
                    media.setSchema(refs.size() == 1 ? refs.get(0) : new io.swagger.v3.oas.models.media.ComposedSchema()
                            .oneOf(refs));
                });
    }

    /**
     * A plan report holds its algorithm's forecast under the forecaster's key: the report's schema
     * lists every registered forecaster's key, in registry order between {@code gap} and
     * {@code notes}, each with its forecast's schema.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void forecasts(Map<String, Schema> schemas) {
        Schema<?> report = schemas.get("PlanReport");
        if (report == null || report.getProperties() == null) {
            return;
        }
        Map<String, Schema> properties = new java.util.LinkedHashMap<>(report.getProperties());
        Schema notes = properties.remove("notes");
        for (Forecaster f : Algorithms.all().stream().flatMap(d -> d.forecaster().stream()).toList()) {
            ModelConverters.getInstance(true).readAll(new AnnotatedType(f.type())).forEach(schemas::putIfAbsent);
            properties.put(f.key(), new Schema<>().$ref("#/components/schemas/" + f.type().getSimpleName()));
        }
        if (notes != null) {
            properties.put("notes", notes);
        }
        report.setProperties((Map) properties);
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
     * each algorithm describes its own ({@link AlgorithmDescriptor#wireDocs}) and they are applied here.
     */
    @Bean
    OpenApiCustomizer clientWireFormat() {
        return api -> {
            var schemas = api.getComponents().getSchemas();
            if (schemas == null) {
                return;
            }
            for (WireDoc doc : Algorithms.all().stream().flatMap(d -> d.wireDocs().stream()).toList()) {
                Schema<?> schema = schemas.get(doc.schema());
                if (schema == null) {
                    continue;
                }
                schema.setDescription(doc.description());
                if (schema.getProperties() != null) {
                    doc.fields().forEach((field, text) -> {
                        Schema<?> property = schema.getProperties().get(field);
                        if (property != null) {
                            property.setDescription(text);
                        }
                    });
                }
            }
        };
    }
    /**
     * Last of the customisers: every description's {@code {{group}}} placeholders replaced by the
     * names of the registered algorithms in that group ({@link RegistryProse}), so the controllers
     * name no algorithm and the document names each one wherever it belongs.
     */
    @Bean
    @org.springframework.core.annotation.Order(org.springframework.core.Ordered.LOWEST_PRECEDENCE)
    OpenApiCustomizer registryProse() {
        return api -> {
            java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            if (api.getPaths() != null) {
                api.getPaths().values().forEach(item -> item.readOperations().forEach(op -> {
                    op.setSummary(RegistryProse.fill(op.getSummary()));
                    op.setDescription(RegistryProse.fill(op.getDescription()));
                    if (op.getParameters() != null) {
                        op.getParameters().forEach(param -> {
                            param.setDescription(RegistryProse.fill(param.getDescription()));
                            fillSchema(param.getSchema(), seen);
                        });
                    }
                    if (op.getRequestBody() != null) {
                        op.getRequestBody().setDescription(RegistryProse.fill(op.getRequestBody().getDescription()));
                        fillContent(op.getRequestBody().getContent(), seen);
                    }
                    if (op.getResponses() != null) {
                        op.getResponses().values().forEach(r -> {
                            r.setDescription(RegistryProse.fill(r.getDescription()));
                            fillContent(r.getContent(), seen);
                        });
                    }
                }));
            }
            if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
                api.getComponents().getSchemas().values().forEach(schema -> fillSchema(schema, seen));
            }
        };
    }

    private static void fillContent(Content content, java.util.Set<Object> seen) {
        if (content != null) {
            content.values().forEach(media -> fillSchema(media.getSchema(), seen));
        }
    }

    @SuppressWarnings("rawtypes")
    private static void fillSchema(Schema<?> schema, java.util.Set<Object> seen) {
        if (schema == null || !seen.add(schema)) {
            return;
        }
        schema.setDescription(RegistryProse.fill(schema.getDescription()));
        if (schema.getProperties() != null) {
            for (Schema property : schema.getProperties().values()) {
                fillSchema(property, seen);
            }
        }
        fillSchema(schema.getItems(), seen);
        for (List<Schema> parts : java.util.Arrays.asList(schema.getAllOf(), schema.getOneOf(), schema.getAnyOf())) {
            if (parts != null) {
                parts.forEach(part -> fillSchema(part, seen));
            }
        }
        if (schema.getAdditionalProperties() instanceof Schema<?> values) {
            fillSchema(values, seen);
        }
    }
}
