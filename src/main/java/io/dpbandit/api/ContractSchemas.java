package io.dpbandit.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The document describes exactly what is served, from the Java records the service writes:
 * <ul>
 *   <li>closed objects: a record's schema has {@code additionalProperties: false} (a record is a
 *       fixed set of fields; a map stays open);</li>
 *   <li>nulls: a component that can be null allows null ({@code type: [..., "null"]}, a reference
 *       as {@code anyOf: [$ref, {type: null}]}): a boxed primitive ({@code Integer}, {@code Double},
 *       ..., which a record chooses over the primitive to allow null), a component annotated
 *       {@code @Schema(nullable = true)}, and the optional fields of the annotation-free client
 *       records ({@link #CLIENT_NULLABLE});</li>
 *   <li>required: an answer's record component that Jackson always writes (no {@code @JsonInclude}
 *       that leaves it out, not unwrapped) is required; schemas a request body reads keep only the
 *       requirements their validation states, since their other fields may be left out.</li>
 * </ul>
 * {@code ServedAnswersMatchContractTest} validates real answers of every algorithm against the
 * resulting document with objects closed.
 */
@Configuration(proxyBeanMethods = false)
public class ContractSchemas {

    /**
     * The optional components of the client module's records, which carry no annotations (the
     * device library has no dependencies): those not boxed primitives, by schema name.
     */
    static final Map<String, Set<String>> CLIENT_NULLABLE = Map.of("KernelSpec", Set.of("normalisation"));

    /** Per record schema, the components Jackson always writes (in record order). */
    private static final Map<String, List<String>> ALWAYS_WRITTEN = new ConcurrentHashMap<>();

    /** The components of the record schema {@code name} that Jackson always writes; empty if none is known. */
    static List<String> alwaysWritten(String name) {
        return ALWAYS_WRITTEN.getOrDefault(name, List.of());
    }

    /** Reads each record as it is resolved: closes its schema, allows null where it can be null. */
    @Bean
    ModelConverter recordContract() {
        return new RecordContract();
    }

    static final class RecordContract implements ModelConverter {

        @Override
        @SuppressWarnings("rawtypes")
        public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
            Schema<?> resolved = chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
            if (resolved == null || type.getType() == null) {
                return resolved;
            }
            JavaType java = type.getType() instanceof JavaType j ? j
                    : TypeFactory.defaultInstance().constructType(type.getType());
            Class<?> raw = java.getRawClass();
            String ref = resolved.get$ref();
            String name = ref != null ? ref.substring(ref.lastIndexOf('/') + 1) : resolved.getName();
            Schema<?> model = name == null || context.getDefinedModels() == null ? null
                    : context.getDefinedModels().get(name);
            if (raw.isRecord() && model != null && model.getProperties() != null) {
                describe(raw, name, model);
            }
            return resolved;
        }

        @SuppressWarnings({"rawtypes", "unchecked"})
        private static void describe(Class<?> record, String name, Schema<?> model) {
            JsonInclude classInclude = record.getAnnotation(JsonInclude.class);
            boolean unwraps = false;
            List<String> written = new ArrayList<>();
            for (RecordComponent c : record.getRecordComponents()) {
                AnnotatedElement field = field(record, c);
                if (has(field, c, JsonUnwrapped.class)) {
                    unwraps = true;
                    continue;
                }
                if (has(field, c, JsonIgnore.class)) {
                    continue;
                }
                JsonProperty renamed = annotation(field, c, JsonProperty.class);
                String property = renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
                Schema p = (Schema) model.getProperties().get(property);
                if (p == null) {
                    continue;
                }
                JsonInclude include = annotation(field, c, JsonInclude.class);
                JsonInclude.Include how = include != null ? include.value()
                        : classInclude != null ? classInclude.value() : JsonInclude.Include.ALWAYS;
                if (how == JsonInclude.Include.ALWAYS || how == JsonInclude.Include.USE_DEFAULTS) {
                    written.add(property);
                }
                io.swagger.v3.oas.annotations.media.Schema doc = annotation(field, c,
                        io.swagger.v3.oas.annotations.media.Schema.class);
                boolean nullable = (doc != null && doc.nullable()) || boxed(c.getType())
                        || CLIENT_NULLABLE.getOrDefault(name, Set.of()).contains(property);
                if (nullable) {
                    model.getProperties().put(property, nullable(p));
                }
            }
            ALWAYS_WRITTEN.put(name, written);
            if (!unwraps) {
                model.setAdditionalProperties(Boolean.FALSE);
            }
        }

        private static AnnotatedElement field(Class<?> record, RecordComponent c) {
            try {
                return record.getDeclaredField(c.getName());
            } catch (NoSuchFieldException e) {
                return c.getAccessor();
            }
        }

        private static boolean has(AnnotatedElement field, RecordComponent c,
                Class<? extends java.lang.annotation.Annotation> a) {
            return annotation(field, c, a) != null;
        }

        private static <A extends java.lang.annotation.Annotation> A annotation(AnnotatedElement field,
                RecordComponent c, Class<A> a) {
            A found = field.getAnnotation(a);
            if (found == null) {
                found = c.getAccessor().getAnnotation(a);
            }
            return found != null ? found : c.getAnnotation(a);
        }

        private static boolean boxed(Class<?> type) {
            return type == Integer.class || type == Long.class || type == Double.class || type == Float.class
                    || type == Short.class || type == Byte.class || type == Boolean.class;
        }
    }

    /**
     * The schema with null allowed: "null" added to its types (and to its enum), or a reference
     * wrapped as anyOf [the reference, null] with the description kept outside.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static Schema nullable(Schema p) {
        if (p.get$ref() != null) {
            Schema wrapper = new Schema().anyOf(List.of(new Schema<>().$ref(p.get$ref()),
                    new Schema<>().types(Set.of("null"))));
            wrapper.setDescription(p.getDescription());
            return wrapper;
        }
        if (p.getAnyOf() != null || p.getOneOf() != null) {
            List<Schema> parts = new ArrayList<>(p.getAnyOf() != null ? p.getAnyOf() : p.getOneOf());
            if (parts.stream().noneMatch(ContractSchemas::isNull)) {
                parts.add(new Schema<>().types(Set.of("null")));
            }
            if (p.getAnyOf() != null) {
                p.setAnyOf(parts);
            } else {
                p.setOneOf(parts);
            }
            return p;
        }
        Set<String> types = new LinkedHashSet<>();
        if (p.getTypes() != null) {
            types.addAll(p.getTypes());
        } else if (p.getType() != null) {
            types.add(p.getType());
        }
        if (types.isEmpty()) {
            return p; // any value, null among them
        }
        types.add("null");
        p.setTypes(types);
        if (p.getEnum() != null && !p.getEnum().contains(null)) {
            p.getEnum().add(null);
        }
        return p;
    }

    @SuppressWarnings("rawtypes")
    private static boolean isNull(Schema s) {
        return s.getTypes() != null && s.getTypes().size() == 1 && s.getTypes().contains("null");
    }

    /**
     * The answers' records list what they always write as required; the schemas a request body or
     * parameter reads (and every schema they reach) are left as validation states them. Runs after
     * the customisers that add schemas, before the prose is filled in.
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE - 1)
    OpenApiCustomizer requiredFields() {
        return api -> {
            if (api.getComponents() == null || api.getComponents().getSchemas() == null) {
                return;
            }
            Set<String> requests = requestSchemas(api);
            api.getComponents().getSchemas().forEach((name, schema) -> {
                List<String> written = ALWAYS_WRITTEN.get(name);
                if (written == null || requests.contains(name) || schema.getProperties() == null) {
                    return;
                }
                Set<String> required = new LinkedHashSet<>(written);
                if (schema.getRequired() != null) {
                    required.addAll(schema.getRequired());
                }
                required.retainAll(schema.getProperties().keySet());
                schema.setRequired(required.isEmpty() ? null : new ArrayList<>(required));
            });
        };
    }

    /** The component schemas a request body or parameter reads, and every schema they reference. */
    @SuppressWarnings("rawtypes")
    static Set<String> requestSchemas(OpenAPI api) {
        Set<String> names = new LinkedHashSet<>();
        List<Schema> roots = new ArrayList<>();
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> item.readOperations().forEach(op -> {
                if (op.getRequestBody() != null) {
                    content(op.getRequestBody().getContent(), roots);
                }
                if (op.getParameters() != null) {
                    op.getParameters().forEach(p -> {
                        if (p.getSchema() != null) {
                            roots.add(p.getSchema());
                        }
                    });
                }
            }));
        }
        Map<String, Schema> schemas = api.getComponents().getSchemas();
        java.util.ArrayDeque<Schema> todo = new java.util.ArrayDeque<>(roots);
        Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Schema s = todo.pop();
            if (s == null || !seen.add(s)) {
                continue;
            }
            if (s.get$ref() != null) {
                String name = s.get$ref().substring(s.get$ref().lastIndexOf('/') + 1);
                if (names.add(name) && schemas.get(name) != null) {
                    todo.push(schemas.get(name));
                }
            }
            if (s.getProperties() != null) {
                s.getProperties().values().forEach(p -> todo.push((Schema) p));
            }
            if (s.getItems() != null) {
                todo.push(s.getItems());
            }
            if (s.getAdditionalProperties() instanceof Schema values) {
                todo.push(values);
            }
            for (List<Schema> parts : java.util.Arrays.asList(s.getAllOf(), s.getAnyOf(), s.getOneOf())) {
                if (parts != null) {
                    parts.forEach(todo::push);
                }
            }
        }
        return names;
    }

    @SuppressWarnings("rawtypes")
    private static void content(Content content, List<Schema> roots) {
        if (content != null) {
            content.values().forEach(media -> roots.add(media.getSchema()));
        }
    }
}
