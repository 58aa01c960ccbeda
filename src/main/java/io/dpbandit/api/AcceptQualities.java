package io.dpbandit.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.util.MimeTypeUtils;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.accept.ContentNegotiationStrategy;
import org.springframework.web.context.request.NativeWebRequest;

/**
 * The Accept header read as RFC 9110 §12.5.1 reads it, {@code q=0} included: a media range with
 * quality 0 is "not acceptable", and each type takes the quality of the most specific range that
 * matches it. Spring's header strategy keeps {@code application/json;q=0} as an acceptable type,
 * so {@code Accept: application/json;q=0} was answered 200 with JSON; here it is a 406.
 *
 * <p>Without a range of quality 0 the header is read as Spring reads it. With one, a wildcard
 * range that is kept ({@code *}{@code /*}, {@code application/*}) stands for the types this service
 * answers with that it covers and that no more specific range sets to 0; if nothing is left, the
 * list is empty and the answer is 406 (a problem body, as for any 406).
 */
final class AcceptQualities implements ContentNegotiationStrategy {

    /** Every type the service answers with (API, API document, Actuator, the analyst page). */
    static final List<MediaType> SERVED = List.of(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON,
            MediaType.parseMediaType("application/yaml"), MediaType.parseMediaType("application/vnd.oai.openapi"),
            MediaType.parseMediaType("application/vnd.oai.openapi+json"),
            MediaType.parseMediaType("application/vnd.spring-boot.actuator.v3+json"),
            MediaType.parseMediaType("application/openmetrics-text"), MediaType.TEXT_PLAIN, MediaType.TEXT_HTML,
            MediaType.parseMediaType("text/css"), MediaType.parseMediaType("text/javascript"),
            MediaType.parseMediaType("application/javascript"), MediaType.parseMediaType("image/svg+xml"),
            MediaType.IMAGE_PNG);

    @Override
    public List<MediaType> resolveMediaTypes(NativeWebRequest request) throws HttpMediaTypeNotAcceptableException {
        String[] values = request.getHeaderValues(HttpHeaders.ACCEPT);
        if (values == null) {
            return MEDIA_TYPE_ALL_LIST;
        }
        List<MediaType> ranges;
        try {
            ranges = MediaType.parseMediaTypes(Arrays.asList(values));
        } catch (InvalidMediaTypeException e) {
            throw new HttpMediaTypeNotAcceptableException("Could not parse 'Accept' header " + Arrays.toString(values)
                    + ": " + e.getMessage());
        }
        if (ranges.isEmpty()) {
            return MEDIA_TYPE_ALL_LIST;
        }
        if (ranges.stream().noneMatch(r -> r.getQualityValue() == 0.0)) {
            List<MediaType> sorted = new ArrayList<>(ranges);
            MimeTypeUtils.sortBySpecificity(sorted);
            return sorted;
        }
        List<MediaType> acceptable = new ArrayList<>();
        for (MediaType range : ranges) {
            if (range.getQualityValue() == 0.0) {
                continue;
            }
            if (range.isWildcardType() || range.isWildcardSubtype()) {
                for (MediaType served : SERVED) {
                    if (range.includes(served) && quality(ranges, served) > 0 && !acceptable.contains(served)) {
                        acceptable.add(served);
                    }
                }
            } else if (quality(ranges, range) > 0) {
                acceptable.add(range);
            }
        }
        MimeTypeUtils.sortBySpecificity(acceptable);
        return acceptable;
    }

    /** The quality of the most specific range that includes {@code type} (0 when none does). */
    static double quality(List<MediaType> ranges, MediaType type) {
        MediaType best = null;
        for (MediaType range : ranges) {
            if (range.includes(type) && (best == null || specificity(range) > specificity(best))) {
                best = range;
            }
        }
        return best == null ? 0.0 : best.getQualityValue();
    }

    private static int specificity(MediaType range) {
        return range.isWildcardType() ? 0 : range.isWildcardSubtype() ? 1 : 2;
    }
}
