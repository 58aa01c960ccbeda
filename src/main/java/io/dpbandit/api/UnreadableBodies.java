package io.dpbandit.api;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.validation.StorableStringDeserializer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * What a body the JSON reader could not read says to its caller: where (line and column as an
 * editor counts them, and the JSON pointer of the value when the reader knows it), and what kind of
 * thing was wrong (the field, what it must be and what kind of value came). Never the values
 * themselves (contexts and rewards are private): at most the one unexpected character Jackson
 * names, escaped, and field names, quoted as {@link ServiceErrors#quote} does.
 */
final class UnreadableBodies {

    private UnreadableBodies() {
    }

    /** The detail, and the field it is about with what to change there (both null: the body as a whole). */
    record Reason(String detail, String field, String message) {
        Reason(String detail) {
            this(detail, null, null);
        }
    }

    static Reason of(HttpMessageNotReadableException e) {
        Throwable cause = e.getMostSpecificCause();
        if (e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")) {
            return new Reason("a JSON body is required");
        }
        if (cause instanceof MismatchedInputException m && String.valueOf(m.getOriginalMessage())
                .startsWith("Trailing token")) {
            return new Reason("the body must be one JSON value; something follows it" + at(m.getLocation()));
        }
        if (cause instanceof JsonParseException p && String.valueOf(p.getOriginalMessage())
                .startsWith("Duplicate field")) {
            return new Reason("a field appears twice in one object" + at(p.getLocation()));
        }
        if (cause instanceof JsonParseException p) {
            return new Reason("malformed JSON" + where(p.getLocation(), pointer(p.getProcessor())) + ": "
                    + reason(p.getOriginalMessage()));
        }
        if (cause instanceof StorableStringDeserializer.UnstorableStringException u) {
            return fieldReason(u.getPath(), "holds a NUL character or an unpaired surrogate, which cannot be stored");
        }
        if (cause instanceof UnrecognizedPropertyException u) {
            return new Reason("unknown field " + ServiceErrors.quote(u.getPropertyName()), u.getPropertyName(),
                    "is not a field of this request");
        }
        if (cause instanceof InvalidFormatException f && f.getTargetType() != null && f.getTargetType().isEnum()) {
            return fieldReason(f.getPath(), "must be one of " + java.util.Arrays.toString(
                    f.getTargetType().getEnumConstants()));
        }
        if (cause instanceof MismatchedInputException m && expected(m.getTargetType()) != null) {
            String got = got(m);
            return fieldReason(m.getPath(), "must be " + expected(m.getTargetType()) + (got == null ? "" : ", got "
                    + got));
        }
        if (cause instanceof InvalidFormatException f) {
            return fieldReason(f.getPath(), "has the wrong type");
        }
        if (cause instanceof MismatchedInputException m) {
            return fieldReason(m.getPath(), "has the wrong type or shape");
        }
        if (cause instanceof IllegalArgumentException iae && iae.getMessage() != null) {
            return new Reason(iae.getMessage());
        }
        return new Reason("the body is not valid JSON for this endpoint");
    }

    private static Reason fieldReason(List<JsonMappingException.Reference> refs, String message) {
        String field = path(refs);
        return new Reason("field " + ServiceErrors.quote(field) + " " + message, field, message);
    }

    /** What a scalar field must be in JSON, or null for anything else (objects, arrays, strings...). */
    private static String expected(Class<?> type) {
        if (type == null) {
            return null;
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() && type != char.class || Number.class.isAssignableFrom(type)) {
            return "a JSON number";
        }
        if (type.isArray() && expected(type.getComponentType()) != null) {
            return "an array of " + (type.getComponentType() == boolean.class ? "booleans" : "JSON numbers");
        }
        return null;
    }

    /**
     * The kind of value the reader met, from the shape Jackson names in its message ("Cannot coerce
     * String value", "from Boolean value"); never the value.
     */
    private static String got(MismatchedInputException m) {
        String message = String.valueOf(m.getOriginalMessage());
        if (m instanceof InvalidFormatException f && f.getValue() instanceof String
                || message.startsWith("Cannot coerce String") || message.startsWith("Cannot coerce empty String")) {
            return "a string";
        }
        java.util.regex.Matcher shape = SHAPE.matcher(message);
        if (!shape.find()) {
            return null;
        }
        return switch (shape.group(1)) {
            case "String" -> "a string";
            case "Boolean" -> "a boolean";
            case "Integer", "Floating-point" -> "a number";
            case "Object" -> "an object";
            case "Array" -> "an array";
            case "Null" -> "null";
            default -> null;
        };
    }

    private static final java.util.regex.Pattern SHAPE = java.util.regex.Pattern.compile(
            "from (String|Boolean|Integer|Floating-point|Object|Array|Null) value");

    /** Where the reader stopped, as a caller's editor counts (1-based line and column), or nothing. */
    static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (at line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static String where(JsonLocation location, String pointer) {
        String at = location == null || location.getLineNr() < 1 ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
        return pointer == null ? at : at + (at.isEmpty() ? " in " : ", in ") + pointer;
    }

    /** The JSON pointer of the value being read (e.g. /context/2), or null at the top. */
    private static String pointer(Object processor) {
        if (!(processor instanceof JsonParser parser)) {
            return null;
        }
        JsonStreamContext context = parser.getParsingContext();
        if (context == null) {
            return null;
        }
        String pointer = context.pathAsPointer().toString();
        if (pointer.isEmpty()) {
            return null;
        }
        // Field names are the caller's text: as quote writes them (escaped, at most 64 characters).
        String quoted = ServiceErrors.quote(pointer);
        return quoted.substring(1, quoted.lastIndexOf('\'')) + quoted.substring(quoted.lastIndexOf('\'') + 1);
    }

    /** Matches the quoted token of Jackson's "Unrecognized token 'abc'": the caller's text. */
    private static final java.util.regex.Pattern TOKEN = java.util.regex.Pattern.compile("token '[^']*'");
    private static final Map<String, String> CUT_FROM = Map.of(" (start marker at", "", " (for Object starting at",
            "", " (for Array starting at", "", "\n", "", "; enable `", "", ": enable `", "", " [Source:", "");

    /**
     * Jackson's own words on what was wrong, without what would repeat the body: the token it did not
     * recognise, the source and its start markers; characters outside printable ASCII escaped.
     */
    static String reason(String original) {
        String m = original == null ? "" : original;
        for (String cut : CUT_FROM.keySet()) {
            int i = m.indexOf(cut);
            if (i >= 0) {
                m = m.substring(0, i);
            }
        }
        m = TOKEN.matcher(m).replaceAll(r -> r.group().startsWith("token 'null'") || r.group().equals("token 'true'")
                || r.group().equals("token 'false'") ? java.util.regex.Matcher.quoteReplacement(r.group()) : "token");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < m.length() && sb.length() < 200; i++) {
            char c = m.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                sb.append(c);
            } else {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return sb.toString().strip();
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (var r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "(body)" : sb.toString();
    }
}
