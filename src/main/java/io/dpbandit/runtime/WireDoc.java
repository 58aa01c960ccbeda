package io.dpbandit.runtime;

import java.util.Map;

/**
 * The API document's prose for one of an algorithm's wire records that carries no annotations (the
 * device library's records have no dependencies): the schema's description and its fields', from the
 * records' Javadoc. The API document applies every registered algorithm's.
 *
 * @param schema      the record's schema name (its simple class name)
 * @param description the schema's description
 * @param fields      field → description
 */
public record WireDoc(String schema, String description, Map<String, String> fields) {

    public WireDoc {
        fields = Map.copyOf(fields);
    }
}
