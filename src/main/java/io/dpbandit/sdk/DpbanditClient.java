package io.dpbandit.sdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.sdk.error.DpbanditResponseException;
import io.dpbandit.sdk.error.NotReadyException;
import io.dpbandit.sdk.local.DeviceRandomiser;
import io.dpbandit.sdk.local.LocalReport;
import io.dpbandit.sdk.local.RandomiserInput;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dpbandit API for a product backend, an analyst's script or an admin tool: typed calls over
 * java.net.http with connect and request timeouts and bounded retries ({@link RetryPolicy}).
 *
 * <pre>{@code
 * DpbanditClient dpbandit = DpbanditClient.builder("http://localhost:8080", apiKey).build();
 * Decision d = dpbandit.decide(DecideRequest.of("homepage", 0.2, 0.4));
 * play(d.action());
 * dpbandit.feedback(d.decisionId(), reward);
 * }</pre>
 *
 * <p><b>Retries are safe.</b> A decide without a requestId is given one per call, sent on every
 * attempt, so a lost answer retried returns the decision the service stored instead of making a
 * second one; feedback is idempotent per decision (a repeat is DUPLICATE); creating a bandit with
 * the same spec answers the stored one; a USCA release for a context already released is free.
 *
 * <p><b>Errors</b> are unchecked: a {@link io.dpbandit.sdk.error.DpbanditProblemException}
 * subclass per problem type the service answers (catch {@code PausedException},
 * {@code NotReadyException}, {@code ValidationException}, ...), or a
 * {@link io.dpbandit.sdk.error.DpbanditTransportException} when no answer came.
 *
 * <p>Thread-safe; make one per service and key and share it.
 */
public final class DpbanditClient implements DeviceRandomiser.PlanSource {

    private final URI base;
    private final Transport transport;
    private final ObjectMapper json;
    private final Duration requestTimeout;
    private final Duration planTimeout;
    private final boolean generateRequestIds;
    private final Map<URI, Object> plans = new ConcurrentHashMap<>();

    private DpbanditClient(Builder b) {
        String text = b.baseUri.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
        this.json = SdkJson.mapper();
        this.requestTimeout = b.requestTimeout;
        this.planTimeout = b.planTimeout;
        this.generateRequestIds = b.generateRequestIds;
        HttpClient http = b.httpClient != null ? b.httpClient : HttpClient.newBuilder()
                .connectTimeout(b.connectTimeout).version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        String version = DpbanditClient.class.getPackage().getImplementationVersion();
        this.transport = new Transport(http, b.bearer ? "Authorization" : "X-API-Key",
                b.bearer ? "Bearer " + b.apiKey : b.apiKey, b.retry, b.sleeper, json,
                "dpbandit-sdk/" + (version == null ? "dev" : version) + " java/" + Runtime.version().feature());
    }

    /**
     * A client of the service at {@code baseUri} (e.g. http://localhost:8080) with an API key, sent
     * as {@code X-API-Key}.
     *
     * @throws IllegalArgumentException if the key is null or blank, or the URI is not http(s)://host[:port]:
     *         the message says how to provide them
     */
    public static Builder builder(String baseUri, String apiKey) {
        return new Builder(SdkSetup.baseUri(baseUri), apiKey);
    }

    /** Reads a bandit spec from JSON (the body of POST /bandits, e.g. one of examples/*.json). */
    public static BanditSpec readSpec(String specJson) {
        try {
            return SdkJson.mapper().readValue(specJson, BanditSpec.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a bandit spec: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * A copy of the JSON mapper the client reads and writes the API's records with: to forward a
     * decision's {@link RandomiserInput} to a device, or read a device's report, as the same JSON.
     */
    public ObjectMapper json() {
        return json.copy();
    }

    // ---- decisions and feedback (role decider) ----

    /** POST /decide for a context, with a requestId made for this call. */
    public Decision decide(String bandit, double... context) {
        return decide(DecideRequest.of(bandit, context));
    }

    /**
     * POST /decide. Without a requestId the client makes one (unless
     * {@link Builder#generateRequestIds(boolean)} turned that off) and sends it on every attempt.
     */
    public Decision decide(DecideRequest request) {
        DecideRequest r = request.requestId() == null && generateRequestIds
                ? request.withRequestId(UUID.randomUUID().toString()) : request;
        // The bandit is the one asked for, never one the answer names: a device counts its reports under it.
        return read(transport.send("POST", uri("decide"), write(r), requestTimeout, r.requestId() != null),
                Decision.class).withBandit(r.bandit());
    }

    /** POST /feedback with a reward (a JDP bandit's decision). */
    public FeedbackResult feedback(UUID decisionId, double reward) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("decisionId", decisionId);
        body.put("reward", reward);
        return read(transport.send("POST", uri("feedback"), write(body), requestTimeout, true), FeedbackResult.class);
    }

    /** POST /feedback with a device's report (a locally private bandit's learning decision). */
    public FeedbackResult report(UUID decisionId, LocalReport report) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("decisionId", Objects.requireNonNull(decisionId, "decisionId"));
        body.put("report", Objects.requireNonNull(report, "report"));
        return read(transport.send("POST", uri("feedback"), write(body), requestTimeout, true), FeedbackResult.class);
    }

    /**
     * The locally private round in one call, for code that is the device itself (an app's own
     * backend-less client, a simulation): randomises with {@code device} (fetching CAPRI's epoch
     * plan) and sends the report. The reward and context never leave this method unrandomised.
     *
     * <p>The device counts the report for {@link Decision#bandit()}, the bandit this client asked
     * POST /decide for, before randomising, and refuses the report past its own k for that bandit
     * ({@link io.dpbandit.client.privacy.DevicePolicy.ReportLimitException}), whatever the server
     * answered: then nothing is randomised or sent. The count stays taken if sending fails after the
     * retries: calling this again randomises again and counts again, so an app that must resend
     * randomises once with {@link DeviceRandomiser#randomise(String, RandomiserInput, double[], double,
     * DeviceRandomiser.PlanSource)} and sends that {@link LocalReport} with {@link #report(UUID, LocalReport)}
     * as often as it needs.
     *
     * @throws IllegalArgumentException if the decision carries no randomiser inputs (it is not a
     *         locally private learning round: a JDP bandit takes {@link #feedback(UUID, double)}, and a
     *         locally private decision with {@code learning: false} needs nothing), or names no bandit
     *         (it was not returned by {@link #decide}: see {@link Decision#withBandit(String)})
     * @throws io.dpbandit.client.privacy.DevicePolicy.ReportLimitException if the device has sent its k
     *         reports for the bandit
     * @throws io.dpbandit.client.privacy.PrivacyFloor.PrivacyFloorException if the inputs ask for more
     *         than the device's floor allows
     */
    public FeedbackResult report(Decision decision, double[] context, double reward, DeviceRandomiser device) {
        RandomiserInput input = decision.local().orElseThrow(() -> new IllegalArgumentException("decision "
                + decision.decisionId() + " carries no randomiser inputs: it is not a locally private learning "
                + "round"));
        if (decision.bandit() == null) {
            throw new IllegalArgumentException("decision " + decision.decisionId() + " names no bandit, and the "
                    + "device counts its reports per bandit: use the Decision decide returned, or withBandit(id)");
        }
        return report(decision.decisionId(), device.randomise(decision.bandit(), input, context, reward,
                this));
    }

    /**
     * An epoch's public randomiser plan, at the path a locally private decision's randomiser inputs
     * give (for CAPRI-LDP, {@code CapriLocalInput#fetchPlan(this)} reads it as its plan type). Cached:
     * an epoch's plan never changes. While the epoch is still being planned (409 not-ready) it is asked
     * for again after the retry policy's backoff, up to its attempts.
     */
    @Override
    public <T> T fetch(String path, Class<T> type) {
        URI where = base.resolve(path.startsWith("/") ? path.substring(1) : path);
        Object cached = plans.get(where);
        if (type.isInstance(cached)) {
            return type.cast(cached);
        }
        RetryPolicy retry = transport.retry();
        for (int attempt = 1; ; attempt++) {
            try {
                T plan = read(transport.send("GET", where, null, requestTimeout, true), type);
                if (plans.size() > 256) {
                    plans.clear();
                }
                plans.put(where, plan);
                return plan;
            } catch (NotReadyException planning) {
                if (attempt >= retry.maxAttempts()) {
                    throw planning;
                }
                try {
                    Thread.sleep(retry.backoff(attempt).toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw planning;
                }
            }
        }
    }

    // ---- releases (role analyst; POST /release also decider) ----

    /** GET /release: the bandit's latest private release. */
    public Release release(String bandit) {
        JsonNode n = readTree(transport.send("GET", uri("release").resolve("release?bandit=" + UriParts.query(bandit)),
                null, requestTimeout, true));
        try {
            return new Release(text(n, "bandit"), value(n, "algorithm", Algorithm.class), value(n, "phase", Phase.class),
                    n.hasNonNull("epoch") ? n.get("epoch").asInt() : null, value(n, "budget", Budget.class),
                    value(n, "provenance", Provenance.class), n.get("privacy"), n.get("model"), n);
        } catch (IOException e) {
            throw new DpbanditResponseException("GET /release answered a body this SDK cannot read: "
                    + e.getMessage(), 200, e);
        }
    }

    /**
     * POST /release: a private decision for a context (USCA: charged ε once per new context, free
     * again for the same one; the others: the public model's best action, free).
     */
    public ContextRelease release(String bandit, double... context) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("bandit", bandit);
        body.put("context", context);
        return read(transport.send("POST", uri("release"), write(body), requestTimeout, true), ContextRelease.class);
    }

    // ---- bandits ----

    /** POST /bandits (admin): the bandit's status, created now or (same spec) before. */
    public BanditStatus createBandit(BanditSpec spec) {
        return read(transport.send("POST", uri("bandits"), write(spec), planTimeout, true), BanditStatus.class);
    }

    /** POST /bandits/plan at the default gap (0.1) and seed (1): a forecast from the spec alone. */
    public PlanReport plan(BanditSpec spec) {
        return plan(spec, 0.1, 1);
    }

    /**
     * POST /bandits/plan: what the spec will achieve, from public information only (nothing is
     * stored, no privacy spent).
     *
     * @param gap  the reward gap to forecast the resolution of
     * @param seed the seed of the planner's public draws
     */
    public PlanReport plan(BanditSpec spec, double gap, long seed) {
        URI where = uri("bandits", "plan").resolve("plan?gap=" + gap + "&seed=" + seed);
        return read(transport.send("POST", where, write(spec), planTimeout, true), PlanReport.class);
    }

    /** GET /bandits/{id}/plan: the planner's forecast for an existing bandit. */
    public BanditForecast forecast(String bandit) {
        return read(transport.send("GET", uri("bandits", bandit, "plan"), null, requestTimeout, true),
                BanditForecast.class);
    }

    /** GET /bandits/{id}. */
    public BanditStatus bandit(String id) {
        return read(transport.send("GET", uri("bandits", id), null, requestTimeout, true), BanditStatus.class);
    }

    /** GET /bandits: the first page of the bandits this key may read (the service's default size). */
    public Page<BanditStatus> bandits() {
        return page(uri("bandits"), new TypeReference<List<BanditStatus>>() { });
    }

    /** GET /bandits?limit=: the first page, at most {@code limit} (1 to 1000) a page. */
    public Page<BanditStatus> bandits(int limit) {
        return page(uri("bandits").resolve("bandits?limit=" + limit), new TypeReference<List<BanditStatus>>() { });
    }

    /** GET /bandits/{id}/ledger: the first page of its privacy charges, oldest first. */
    public Page<LedgerEntry> ledger(String bandit) {
        return page(uri("bandits", bandit, "ledger"), new TypeReference<List<LedgerEntry>>() { });
    }

    /** The ledger at most {@code limit} (1 to 1000) charges a page. */
    public Page<LedgerEntry> ledger(String bandit, int limit) {
        return page(uri("bandits", bandit, "ledger").resolve("ledger?limit=" + limit),
                new TypeReference<List<LedgerEntry>>() { });
    }

    /** GET /bandits/{id}/epochs: the first page of its epochs, oldest first. */
    public Page<EpochSummary> epochs(String bandit) {
        return page(uri("bandits", bandit, "epochs"), new TypeReference<List<EpochSummary>>() { });
    }

    /** The epochs at most {@code limit} (1 to 1000) a page. */
    public Page<EpochSummary> epochs(String bandit, int limit) {
        return page(uri("bandits", bandit, "epochs").resolve("epochs?limit=" + limit),
                new TypeReference<List<EpochSummary>>() { });
    }

    /** POST /bandits/{id}/pause (admin): no new decisions; feedback, releases and epochs go on. */
    public BanditStatus pause(String bandit) {
        return admin(bandit, "pause");
    }

    /** POST /bandits/{id}/resume (admin). */
    public BanditStatus resume(String bandit) {
        return admin(bandit, "resume");
    }

    /** POST /bandits/{id}/retire (admin): for good; its status, ledger and releases stay readable. */
    public BanditStatus retire(String bandit) {
        return admin(bandit, "retire");
    }

    /** GET /bandits/{id}/evaluation (analyst): a rollout's private evaluation and its promotion. */
    public Evaluation evaluation(String bandit) {
        return read(transport.send("GET", uri("bandits", bandit, "evaluation"), null, requestTimeout, true),
                Evaluation.class);
    }

    /** POST /bandits/{id}/promote (admin): the bandit serves every decision that names a baseline. */
    public Evaluation.Rollout promote(String bandit) {
        return read(transport.send("POST", uri("bandits", bandit, "promote"), null, requestTimeout, true),
                Evaluation.Rollout.class);
    }

    /** POST /bandits/{id}/rollback (admin): the baseline serves every decision that names one. */
    public Evaluation.Rollout rollback(String bandit) {
        return read(transport.send("POST", uri("bandits", bandit, "rollback"), null, requestTimeout, true),
                Evaluation.Rollout.class);
    }

    private BanditStatus admin(String bandit, String action) {
        return read(transport.send("POST", uri("bandits", bandit, action), null, requestTimeout, true),
                BanditStatus.class);
    }

    // ---- plumbing ----

    private <T> Page<T> page(URI first, TypeReference<List<T>> type) {
        JavaType listType = json.getTypeFactory().constructType(type);
        java.util.function.Function<URI, Page<T>>[] fetch = new java.util.function.Function[1];
        fetch[0] = where -> {
            Transport.Answer a = transport.send("GET", where, null, requestTimeout, true);
            List<T> items = read(a, listType);
            return new Page<>(items, Transport.nextLink(a.headers(), where), fetch[0]);
        };
        return fetch[0].apply(first);
    }

    /** The service's URI for these path segments, each percent-encoded (an id cannot add a segment). */
    private URI uri(String... segments) {
        StringBuilder sb = new StringBuilder();
        for (String s : segments) {
            sb.append(sb.isEmpty() ? "" : "/").append(UriParts.segment(Objects.requireNonNull(s, "an id is required")));
        }
        return base.resolve(sb.toString());
    }

    private byte[] write(Object body) {
        try {
            return json.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the request as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private <T> T read(Transport.Answer a, Class<T> type) {
        return read(a, json.getTypeFactory().constructType(type));
    }

    private <T> T read(Transport.Answer a, JavaType type) {
        try {
            return json.readValue(a.body(), type);
        } catch (IOException e) {
            throw new DpbanditResponseException(a.uri().getPath() + " answered " + a.status() + " with a body this "
                    + "SDK cannot read as " + type.getRawClass().getSimpleName() + ": " + e.getMessage(), a.status(), e);
        }
    }

    private JsonNode readTree(Transport.Answer a) {
        try {
            return json.readTree(a.body());
        } catch (IOException e) {
            throw new DpbanditResponseException(a.uri().getPath() + " answered " + a.status() + " with a body that is "
                    + "not JSON", a.status(), e);
        }
    }

    private <T> T value(JsonNode n, String field, Class<T> type) throws IOException {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : json.treeToValue(v, type);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** How the client talks to the service. */
    public static final class Builder {
        private final URI baseUri;
        private final String apiKey;
        private boolean bearer;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private Duration planTimeout = Duration.ofSeconds(120);
        private RetryPolicy retry = RetryPolicy.DEFAULT;
        private boolean generateRequestIds = true;
        private HttpClient httpClient;
        private Transport.Sleeper sleeper = d -> Thread.sleep(d.toMillis());

        private Builder(URI baseUri, String apiKey) {
            this.baseUri = baseUri;
            this.apiKey = SdkSetup.apiKey(apiKey);
        }

        /** Send the key as {@code Authorization: Bearer <key>} instead of {@code X-API-Key}. */
        public Builder bearer() {
            this.bearer = true;
            return this;
        }

        /** How long a connection may take to open (default 5 s); ignored with {@link #httpClient}. */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long one attempt may wait for its answer (default 10 s): decisions, feedback, releases
         * and reads. A decision the service made after the timeout is not lost: the retry reuses its
         * requestId and gets it.
         */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /**
         * How long one attempt of POST /bandits or POST /bandits/plan may take (default 120 s): a
         * forecast is seconds of CPU on a large pool.
         */
        public Builder planTimeout(Duration timeout) {
            this.planTimeout = positive(timeout, "planTimeout");
            return this;
        }

        /** When to send a request again (default {@link RetryPolicy#DEFAULT}). */
        public Builder retryPolicy(RetryPolicy policy) {
            this.retry = Objects.requireNonNull(policy, "retry policy");
            return this;
        }

        /**
         * Whether a decide without a requestId is given one (default true). The service keeps a
         * requestId with a keyed digest of the context for its replay window (a day by default) to
         * answer a retry with the same decision. Turned off, such a decide is sent once more only when
         * the service surely did not act on it (no connection, 408, 429, 503).
         */
        public Builder generateRequestIds(boolean generate) {
            this.generateRequestIds = generate;
            return this;
        }

        /** The java.net.http client to send with (its own connect timeout, proxy, TLS and executor). */
        public Builder httpClient(HttpClient client) {
            this.httpClient = Objects.requireNonNull(client, "httpClient");
            return this;
        }

        /** How the client waits between attempts (tests). */
        Builder sleeper(Transport.Sleeper s) {
            this.sleeper = Objects.requireNonNull(s, "sleeper");
            return this;
        }

        public DpbanditClient build() {
            return new DpbanditClient(this);
        }

        private static Duration positive(Duration d, String name) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive");
            }
            return d;
        }
    }
}
