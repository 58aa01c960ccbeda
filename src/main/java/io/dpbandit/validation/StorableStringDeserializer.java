package io.dpbandit.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;

/**
 * Reads every string of a request body and refuses one that PostgreSQL cannot store as sent: a NUL
 * character (text and jsonb reject it) or an unpaired UTF-16 surrogate (it would be stored as '?',
 * so two different requestIds could become one). Refused while the body is read, so such a request
 * is a 400 before any handler or transaction runs.
 */
public final class StorableStringDeserializer extends StringDeserializer {

    /** A string the database cannot hold as sent; the message never repeats it. */
    public static final class UnstorableStringException extends MismatchedInputException {
        UnstorableStringException(JsonParser p) {
            super(p, "a string holds a NUL character or an unpaired surrogate");
        }
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        String value = super.deserialize(p, ctxt);
        if (value != null && !storable(value)) {
            throw new UnstorableStringException(p);
        }
        return value;
    }

    /** Whether the string holds no NUL and only paired surrogates. */
    public static boolean storable(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
