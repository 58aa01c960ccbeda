package io.dpbandit.sdk.local;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.io.IOException;

/**
 * The public inputs of the user's randomiser that a locally private bandit's learning decision
 * carries ({@code randomiser} of POST /decide's answer): one record per LDP algorithm. All of it
 * is public (a function of the spec, the public model and the played action), so a backend may
 * forward it to the device as it is: the records write the JSON they were read from.
 */
@JsonDeserialize(using = RandomiserInput.Reader.class)
public sealed interface RandomiserInput permits CapriLocalInput, OnlineUcbInput, GpUcbInput {

    /**
     * Reads the object by its fields, as the API document's oneOf lists them: {@code plan} is
     * CAPRI's, {@code ticket} ONLINEUCB's, {@code features} without a ticket GPUCB's.
     */
    final class Reader extends JsonDeserializer<RandomiserInput> {
        @Override
        public RandomiserInput deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode node = p.readValueAsTree();
            Class<? extends RandomiserInput> type;
            if (node.has("plan")) {
                type = CapriLocalInput.class;
            } else if (node.has("ticket")) {
                type = OnlineUcbInput.class;
            } else if (node.has("features")) {
                type = GpUcbInput.class;
            } else {
                return ctxt.reportInputMismatch(RandomiserInput.class,
                        "randomiser inputs of no known algorithm (fields: %s)", fieldNames(node));
            }
            return ctxt.readTreeAsValue(node, type);
        }

        private static String fieldNames(JsonNode node) {
            StringBuilder sb = new StringBuilder();
            node.fieldNames().forEachRemaining(n -> sb.append(sb.isEmpty() ? "" : ", ").append(n));
            return sb.toString();
        }
    }
}
