package io.dpbandit.api;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Slice;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Cursor pagination of the lists (GET /bandits, /budgets, /bandits/{id}/ledger, /bandits/{id}/epochs),
 * the way GitHub's API pages: the body stays the JSON array it always was (so existing clients and the
 * analyst page read a page as they read the whole list), {@code ?limit=} bounds it (1 to
 * {@value #MAX_LIMIT}, default {@value #DEFAULT_LIMIT}), and while more items follow the answer carries
 * {@code Link: <path?limit=n&cursor=c>; rel="next"} (RFC 8288; a reference relative to the request).
 * The cursor is opaque to callers: base64url of the list's name and the last item's key, read back as a
 * keyset position (the items after that key, in key order), so an item inserted while a caller pages
 * is neither seen twice nor makes another one skipped. A cursor of another list, or one that does not
 * decode, is a 400 naming {@code cursor}.
 */
final class Pages {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    static final String LIMIT_DESCRIPTION = "the most items in this page, 1 to " + MAX_LIMIT + " (default "
            + DEFAULT_LIMIT + "); while more follow, the answer's Link header names the next page (rel=\"next\")";
    static final String CURSOR_DESCRIPTION = "where the page starts: the cursor of the previous page's Link header "
            + "(rel=\"next\"); absent for the first page. Opaque: send it as given";

    private Pages() {
    }

    /**
     * What a cursor's key may be: an id (letters, digits, '.', '_', '-', at most 64 characters) or a
     * whole number; nothing else reaches a query (a NUL, which PostgreSQL cannot compare, answered 500
     * before this check).
     */
    private static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** The longest cursor this service makes: base64 of a list's name, ':' and a 64-character key. */
    private static final int MAX_CURSOR_LENGTH = 128;

    /**
     * The key after which a page starts: {@code first} without a cursor, else the cursor's key. A
     * cursor that is not one this service made for this list (too long, not base64url, not UTF-8,
     * another list's, a key that no item could have) is a 400 naming {@code cursor}.
     */
    static String after(String list, String cursor, String first) {
        if (cursor == null) {
            return first;
        }
        if (cursor.length() > MAX_CURSOR_LENGTH) {
            throw badCursor();
        }
        String decoded;
        try {
            decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(Base64.getUrlDecoder().decode(cursor))).toString();
        } catch (IllegalArgumentException | java.nio.charset.CharacterCodingException e) {
            throw badCursor();
        }
        if (!decoded.startsWith(list + ":") || !KEY.matcher(decoded.substring(list.length() + 1)).matches()) {
            throw badCursor();
        }
        return decoded.substring(list.length() + 1);
    }

    /** A cursor key that must be a whole number (a ledger entry's id, an epoch's number). */
    static long number(String key, long first) {
        if (key == null) {
            return first;
        }
        try {
            long n = Long.parseLong(key);
            if (n < 0) {
                throw badCursor();
            }
            return n;
        } catch (NumberFormatException e) {
            throw badCursor();
        }
    }

    private static InvalidRequestException badCursor() {
        return InvalidRequestException.of("cursor", "is not a cursor of this list; send the one from the previous "
                + "page's Link header as it is, or none for the first page");
    }

    /** The page as the answer: the items, and a Link to the next page while more follow. */
    static <T> ResponseEntity<List<T>> answer(HttpServletRequest request, String list, int limit, Slice<T> page,
            Function<T, String> key) {
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        if (page.more() && !page.items().isEmpty()) {
            String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    (list + ":" + key.apply(page.items().get(page.items().size() - 1))).getBytes(StandardCharsets.UTF_8));
            String next = UriComponentsBuilder.fromPath(request.getRequestURI()).query(request.getQueryString())
                    .replaceQueryParam("limit", limit).replaceQueryParam("cursor", cursor).build().toUriString();
            ok.header(HttpHeaders.LINK, "<" + next + ">; rel=\"next\"");
        }
        return ok.body(page.items());
    }
}
