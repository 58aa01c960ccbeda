package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The lists page by cursor as GitHub's API does: the body stays a JSON array, {@code limit} bounds
 * it, and {@code Link: <...>; rel="next"} names the next page while more follow. Pages are keyset
 * reads, so an item inserted between two pages is neither seen twice nor makes another one skipped.
 */
class PaginationTest extends PostgresIntegrationTest {

    static final Pattern NEXT = Pattern.compile("<([^>]+)>; rel=\"next\"");

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    /** The next page's path (and query) from the Link header, or null on the last page. */
    static String next(ResponseEntity<JsonNode> page) {
        String link = page.getHeaders().getFirst(HttpHeaders.LINK);
        if (link == null) {
            return null;
        }
        Matcher m = NEXT.matcher(link);
        assertThat(m.matches()).as("Link: %s", link).isTrue();
        URI next = URI.create(m.group(1));
        assertThat(next.getHost()).as("a reference relative to the request").isNull();
        return next.getRawPath() + "?" + next.getRawQuery();
    }

    static List<String> field(JsonNode page, String name) {
        List<String> out = new ArrayList<>();
        page.forEach(item -> out.add(item.path(name).asText()));
        return out;
    }

    ResponseEntity<JsonNode> page(String path) {
        ResponseEntity<JsonNode> r = api.get(path);
        assertThat(r.getStatusCode()).as("%s -> %s", path, r.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(r.getBody().isArray()).as("a page is the array it always was").isTrue();
        return r;
    }

    @Test
    void theLedgerPagesByCursorAndAChargeMadeBetweenTwoPagesComesLastOnce() {
        api.ok("/bandits", Specs.usca("paged-usca", 10, 0.5, 2.0));
        for (int t = 0; t < 10; t++) {
            api.decide("paged-usca", List.of(0.2, 0.4));
        }
        FeedbackWindows.pass(jdbc, "paged-usca");
        lifecycle.settle("paged-usca");
        api.ok("/release", Map.of("bandit", "paged-usca", "context", List.of(0.2, 0.4)));
        api.ok("/release", Map.of("bandit", "paged-usca", "context", List.of(0.8, 0.1)));

        ResponseEntity<JsonNode> first = page("/bandits/paged-usca/ledger?limit=1");
        assertThat(first.getBody()).hasSize(1);
        String second = next(first);
        assertThat(second).startsWith("/bandits/paged-usca/ledger?limit=1&cursor=");
        // A charge made between two pages.
        api.ok("/release", Map.of("bandit", "paged-usca", "context", List.of(0.5, 0.5)));

        List<String> seen = new ArrayList<>(field(first.getBody(), "id"));
        int pages = 1;
        for (String path = second; path != null; pages++) {
            ResponseEntity<JsonNode> p = page(path);
            assertThat(p.getBody()).hasSizeBetween(1, 1);
            seen.addAll(field(p.getBody(), "id"));
            path = next(p);
        }
        assertThat(pages).isEqualTo(3);
        List<String> all = field(page("/bandits/paged-usca/ledger").getBody(), "id");
        assertThat(all).hasSize(3);
        assertThat(seen).as("every charge once, in order, the late one last").isEqualTo(all);
        assertThat(page("/bandits/paged-usca/ledger").getHeaders().containsKey(HttpHeaders.LINK))
                .as("no next page under the default limit").isFalse();
    }

    @Test
    void theBanditsPageByIdAndOnesCreatedMeanwhileAppearOnceOrNotAtAll() {
        for (String id : List.of("page-b", "page-c", "page-d")) {
            api.ok("/bandits", Specs.capri(id, 100, 600));
        }
        List<String> seen = new ArrayList<>();
        ResponseEntity<JsonNode> first = page("/bandits?limit=2");
        assertThat(first.getBody()).hasSize(2);
        seen.addAll(field(first.getBody(), "id"));
        // Created between two pages: one sorting after every id so far, one before the cursor.
        api.ok("/bandits", Specs.capri("zz-page-late", 100, 600));
        api.ok("/bandits", Specs.capri("0000-page-early", 100, 600));
        String path = next(first);
        int pages = 1;
        while (path != null) {
            ResponseEntity<JsonNode> p = page(path);
            assertThat(p.getBody().size()).isBetween(1, 2);
            seen.addAll(field(p.getBody(), "id"));
            path = next(p);
            pages++;
        }
        assertThat(pages).isGreaterThan(2);
        assertThat(seen).as("no bandit twice").doesNotHaveDuplicates();
        assertThat(seen).contains("page-b", "page-c", "page-d", "zz-page-late");
        assertThat(seen).as("created before the cursor: on no later page").doesNotContain("0000-page-early");
        assertThat(field(page("/bandits?limit=1000").getBody(), "id")).as("the same order as one big page")
                .containsSubsequence(seen);
    }

    @Test
    void epochsAndBudgetsPageToo() {
        api.ok("/bandits", Specs.capri("paged-epochs", 100, 600));
        int length = api.ok("/bandits/paged-epochs").path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            api.feedback(api.decide("paged-epochs", List.of(0.2, 0.4)).path("decisionId").asText(), 0.5);
        }
        FeedbackWindows.pass(jdbc, "paged-epochs");
        lifecycle.settle("paged-epochs");
        ResponseEntity<JsonNode> first = page("/bandits/paged-epochs/epochs?limit=1");
        assertThat(field(first.getBody(), "number")).containsExactly("1");
        ResponseEntity<JsonNode> second = page(next(first));
        assertThat(field(second.getBody(), "number")).containsExactly("2");
        assertThat(next(second)).isNull();

        for (String id : List.of("paged-budget-1", "paged-budget-2")) {
            api.ok("/budgets", Map.of("id", id, "epsilon", 1.0, "delta", 1e-5));
        }
        List<String> budgets = new ArrayList<>();
        for (String path = "/budgets?limit=1"; path != null; ) {
            ResponseEntity<JsonNode> p = page(path);
            assertThat(p.getBody()).hasSize(1);
            budgets.addAll(field(p.getBody(), "id"));
            path = next(p);
        }
        assertThat(budgets).doesNotHaveDuplicates().contains("paged-budget-1", "paged-budget-2");
        assertThat(field(page("/budgets?limit=1000").getBody(), "id")).isEqualTo(budgets);
    }

    @Test
    void aLimitOutOfRangeOrACursorOfAnotherListIsA400NamingIt() {
        api.ok("/bandits", Specs.capri("paged-bad", 100, 600));
        for (String list : List.of("/bandits", "/budgets", "/bandits/paged-bad/ledger", "/bandits/paged-bad/epochs")) {
            for (String limit : List.of("0", "-1", "1001", "99999999999")) {
                var r = api.get(list + "?limit=" + limit);
                assertProblem(r, HttpStatus.BAD_REQUEST, "validation");
                assertThat(r.getBody().toString()).as("%s limit %s", list, limit).contains("limit");
            }
            var word = api.get(list + "?limit=ten");
            assertProblem(word, HttpStatus.BAD_REQUEST, "validation");
            assertThat(word.getBody().path("detail").asText()).contains("limit");
            String otherList = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    "elsewhere:1".getBytes(StandardCharsets.UTF_8));
            for (String cursor : List.of("!!not-base64!!", otherList, "bGVkZ2VyOmFiYw", "ZXBvY2hzOi0x")) {
                var r = api.get(list + "?cursor=" + cursor);
                assertProblem(r, HttpStatus.BAD_REQUEST, "validation");
                assertThat(r.getBody().path("errors").get(0).path("field").asText()).as("%s cursor %s", list, cursor)
                        .isEqualTo("cursor");
            }
        }
        assertThat(page("/bandits/paged-bad/ledger?limit=1000").getBody()).isEmpty();
        assertThat(page("/bandits/paged-bad/epochs?limit=1").getBody()).hasSize(1);
    }
}
