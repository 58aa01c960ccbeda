package io.dpbandit.sdk;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Percent-encoding of the ids and values the client puts into a URI, so an id can never add a segment. */
final class UriParts {

    private UriParts() {
    }

    /** One path segment: RFC 3986's unreserved characters as they are, every other byte of UTF-8 as %XX. */
    static String segment(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                    || c == '_' || c == '~') {
                sb.append(c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return sb.toString();
    }

    /** One query value (application/x-www-form-urlencoded, UTF-8). */
    static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
