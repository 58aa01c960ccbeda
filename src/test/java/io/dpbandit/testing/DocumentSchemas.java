package io.dpbandit.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * openapi.yaml's answer schemas as a JSON-schema validator (networknt, draft 2020-12: an OpenAPI
 * 3.1 schema object is one) reads them, with every object that lists its properties closed
 * ({@code additionalProperties: false} where the document leaves it unsaid; a map keeps its value
 * schema), so an undocumented field fails as well as a wrong type or an unexpected null. Each
 * mismatch is the answer's JSON pointer and what is wrong there.
 */
public final class DocumentSchemas {

    private final JsonNode document;
    private final ObjectNode closed;
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final Map<String, Schema> byOperation = new HashMap<>();

    private DocumentSchemas(JsonNode document) {
        this.document = document;
        this.closed = document.path("components").deepCopy();
        close(closed);
    }

    /** openapi.yaml at the repository root. */
    public static DocumentSchemas openapiYaml() {
        try {
            return new DocumentSchemas(new ObjectMapper(new YAMLFactory())
                    .readTree(RepositoryPaths.root().resolve("openapi.yaml").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What is wrong with {@code answer} as the 200 answer of {@code method path} (the path as the
     * document writes it, e.g. {@code /bandits/{id}/ledger}); empty if it matches.
     */
    public List<String> mismatches(String method, String path, JsonNode answer) {
        Schema schema = byOperation.computeIfAbsent(method + " " + path, k -> {
            JsonNode ok = document.path("paths").path(path).path(method.toLowerCase(java.util.Locale.ROOT))
                    .path("responses").path("200").path("content").path("application/json").path("schema");
            if (ok.isMissingNode()) {
                throw new IllegalArgumentException("openapi.yaml documents no JSON 200 answer of " + k);
            }
            ObjectNode root = new ObjectMapper().createObjectNode();
            root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
            root.set("components", closed);
            root.setAll((ObjectNode) ok.deepCopy());
            return registry.getSchema(root);
        });
        return schema.validate(answer).stream()
                .map(e -> e.getInstanceLocation() + ": " + e.getMessage()).toList();
    }

    /** additionalProperties false on every object schema that lists properties and says nothing of others. */
    private static void close(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("properties") && object.path("properties").isObject() && !object.has("additionalProperties")
                    && !object.has("allOf")) {
                object.put("additionalProperties", false);
            }
        }
        if (node.isContainerNode()) {
            node.forEach(DocumentSchemas::close);
        }
    }
}
