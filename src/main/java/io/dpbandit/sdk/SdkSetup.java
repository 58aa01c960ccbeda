package io.dpbandit.sdk;

import java.net.URI;

/**
 * The checks {@link DpbanditClient#builder(String, String)} makes before anything is sent, with
 * messages that say what to change: a missing key fails here, at construction, rather than as a
 * bare NullPointerException or a 401 on the first call.
 */
final class SdkSetup {

    /** The environment variable the guide (docs/sdk.md) and examples/java/Quickstart.java read the key from. */
    static final String API_KEY_VARIABLE = "DPBANDIT_API_KEY";

    /** How to start the service locally (README's Quick start), for the messages of failed connections. */
    static final String HOW_TO_START = "start it with `mvn spring-boot:run` in the dpbandit repository "
            + "(README.md, Quick start)";

    private SdkSetup() {
    }

    static String apiKey(String apiKey) {
        if (apiKey == null || apiKey.isBlank()) {
            throw new IllegalArgumentException((apiKey == null ? "no API key" : "the API key is blank")
                    + ": pass one as DpbanditClient.builder(baseUri, apiKey); the examples read it from the "
                    + "environment variable " + API_KEY_VARIABLE + ". For the service started with "
                    + "`mvn spring-boot:run`, the key with every role is in data/embedded-postgres.dev-key: "
                    + "export " + API_KEY_VARIABLE + "=$(cat data/embedded-postgres.dev-key)");
        }
        if (!apiKey.strip().equals(apiKey) || apiKey.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("the API key starts or ends with whitespace or holds a control "
                    + "character, which an HTTP header cannot carry: was it read with its line break? strip() it");
        }
        return apiKey;
    }

    static URI baseUri(String baseUri) {
        if (baseUri == null || baseUri.isBlank()) {
            throw new IllegalArgumentException("no base URI: pass the service's address as "
                    + "DpbanditClient.builder(baseUri, apiKey), e.g. http://localhost:8080");
        }
        URI uri;
        try {
            uri = URI.create(baseUri.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the base URI " + baseUri + " is not a URI: " + e.getMessage()
                    + "; e.g. http://localhost:8080", e);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("baseUri must be an http or https URI with a host, e.g. "
                    + "http://localhost:8080; got " + baseUri);
        }
        return uri;
    }

    /** host:port of a request, the scheme's default port if the URI names none. */
    static String hostAndPort(URI uri) {
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        String host = uri.getHost();
        return (host != null && host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }
}
