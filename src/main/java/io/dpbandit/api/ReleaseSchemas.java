package io.dpbandit.api;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * GET /release's schema from the registry: the answer is the bandit and its algorithm, the fields
 * of the algorithm's release record inline ({@link AlgorithmDescriptor#releaseType}, its
 * {@code model} one of {@link AlgorithmDescriptor#releasedModels} where the record leaves it open),
 * the budget and the provenance. One closed schema per algorithm ({@code LatestCapriRelease}, ...),
 * and {@code LatestRelease} is one of them, chosen by {@code algorithm} (the discriminator), so a
 * generated client reads each algorithm's model typed.
 */
@Configuration(proxyBeanMethods = false)
public class ReleaseSchemas {

    /** The common fields before and after the algorithm's own, as {@code LatestRelease} lists them. */
    private static final List<String> BEFORE = List.of("bandit", "algorithm");
    private static final List<String> AFTER = List.of("budget", "provenance");

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE - 2)
    OpenApiCustomizer latestReleasePerAlgorithm() {
        return api -> {
            @SuppressWarnings("rawtypes")
            Map<String, Schema> schemas = api.getComponents() == null ? null : api.getComponents().getSchemas();
            if (schemas == null || schemas.get("LatestRelease") == null
                    || schemas.get("LatestRelease").getProperties() == null) {
                return;
            }
            Schema<?> latest = schemas.get("LatestRelease");
            Map<String, String> mapping = new LinkedHashMap<>();
            List<Schema> variants = new ArrayList<>();
            for (AlgorithmDescriptor d : Algorithms.all()) {
                String name = schemaName(d);
                schemas.put(name, variant(d, latest, schemas));
                String ref = "#/components/schemas/" + name;
                mapping.put(d.algorithm().name(), ref);
                variants.add(new Schema<>().$ref(ref));
            }
            ComposedSchema oneOf = new ComposedSchema();
            oneOf.setOneOf(variants);
            oneOf.setDescription(latest.getDescription() != null ? latest.getDescription() : "A bandit's latest "
                    + "release: the fields of its algorithm's release (the schema its algorithm names)");
            oneOf.setDiscriminator(new Discriminator().propertyName("algorithm").mapping(mapping));
            schemas.put("LatestRelease", oneOf);
        };
    }

    /** {@code LatestCapriRelease}, {@code LatestLinucbRelease}, ...: the algorithm's name as a word. */
    static String schemaName(AlgorithmDescriptor d) {
        String word = d.algorithm().name().toLowerCase(Locale.ROOT);
        return "Latest" + Character.toUpperCase(word.charAt(0)) + word.substring(1) + "Release";
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<?> variant(AlgorithmDescriptor d, Schema<?> latest, Map<String, Schema> schemas) {
        String recordName = d.releaseType().getSimpleName();
        Map<String, Schema> read = ModelConverters.getInstance(true).readAll(new AnnotatedType(d.releaseType()));
        read.forEach((name, schema) -> {
            if (!name.equals(recordName)) {
                schemas.putIfAbsent(name, schema);
            }
        });
        Schema<?> release = read.get(recordName);
        Map<String, Schema> properties = new LinkedHashMap<>();
        Set<String> required = new LinkedHashSet<>();
        for (String common : BEFORE) {
            properties.put(common, latest.getProperties().get(common));
            required.add(common);
        }
        Schema<String> algorithm = new Schema<String>().types(Set.of("string"));
        algorithm.addEnumItemObject(d.algorithm().name());
        properties.put("algorithm", algorithm);
        release.getProperties().forEach((field, schema) -> properties.put(field, schema));
        required.addAll(ContractSchemas.alwaysWritten(recordName));
        Schema model = properties.get("model");
        if (model != null && !d.releasedModels().isEmpty()) {
            List<Schema> refs = new ArrayList<>();
            for (Class<?> type : d.releasedModels()) {
                ModelConverters.getInstance(true).readAll(new AnnotatedType(type)).forEach(schemas::putIfAbsent);
                refs.add(new Schema<>().$ref("#/components/schemas/" + type.getSimpleName()));
            }
            Schema typed = refs.size() == 1 ? refs.get(0) : new ComposedSchema().oneOf(refs);
            typed.setDescription(model.getDescription());
            properties.put("model", typed);
        }
        for (String common : AFTER) {
            properties.put(common, latest.getProperties().get(common));
            required.add(common);
        }
        Schema<?> variant = new Schema<>().types(Set.of("object")).description("GET /release of a "
                + d.algorithm().name() + " bandit" + (release.getDescription() == null ? "" : ": "
                + release.getDescription()));
        variant.setProperties((Map) properties);
        required.retainAll(properties.keySet());
        variant.setRequired(new ArrayList<>(required));
        variant.setAdditionalProperties(Boolean.FALSE);
        return variant;
    }
}
