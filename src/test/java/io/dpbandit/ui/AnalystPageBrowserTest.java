package io.dpbandit.ui;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.Specs;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RepositoryPaths;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;

/**
 * The analyst page in a real browser (headless Chromium, see {@link HeadlessChromium}) against the
 * running service on its embedded PostgreSQL, with the README walkthrough's bandits, "homepage"
 * (CAPRI, a 2-d pool) driven through two closed epochs and "news" (LINUCB, no round yet), and one
 * bandit of every other algorithm with data in it: CAPRI with local DP (one epoch of device
 * reports), USCA (learnt, with two per-context releases), LINUCB (three leaves folded), ONLINEUCB
 * (device reports) and GPUCB (a 1-d context), and README's step 5, "ui-wine" (LINUCB from the wine's labels,
 * 2 000 users: a bandit that learns, the page's screenshot in README). The assertions are on what a person sees: texts, charts
 * that have something drawn in them, time axes that name a date and the zone (the browser runs in
 * Asia/Colombo, UTC+05:30, so an offset that is not shown cannot pass), and each chart's CSV
 * download, read back from the browser's download folder and compared with the API's numbers.
 * <p>
 * {@code -Ddpbandit.ui.screenshots=docs/img} (relative to the repository root) also saves a
 * screenshot of each page there, as README shows them.
 */
@Tag("browser")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(HeadlessChromium.Required.class)
class AnalystPageBrowserTest extends PostgresIntegrationTest {

    static final String ANALYST_KEY = "test-analyst-key";
    static final Duration TIMEOUT = Duration.ofSeconds(15);
    static final ObjectMapper JSON = new ObjectMapper();
    /** The browser's zone: an offset that is neither UTC nor a whole hour, so the page must show it. */
    static final String ZONE = "Asia/Colombo";
    static final String OFFSET = "UTC+05:30";
    /** The bandits of the other algorithms (ids no other test class uses: the database is shared). */
    static final String CAPRI_LDP = "ui-capri-ldp";
    static final String USCA = "ui-usca";
    static final String LINUCB = "ui-linucb";
    static final String ONLINEUCB = "ui-onlineucb";
    static final String GPUCB = "ui-gpucb";
    /** README's step 5, the bandit that learns: LINUCB from the wine's labels alone, 2 000 users streamed. */
    static final String WINE = "ui-wine";
    static final int WINE_USERS = 2000;
    /** A LINUCB launched next to a baseline (a rollout, AUTO): its page charts the lift per look. */
    static final String ROLLOUT = "ui-rollout";
    /** How many of the wine bandit's last 1 000 decisions picked the right label. */
    int wineRightInSecondHalf;

    @LocalServerPort
    int port;
    @Autowired
    TestRestTemplate rest;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    ChromeDriver browser;
    WebDriverWait wait;
    Path downloads;

    @BeforeAll
    void startTheBrowserAndWalkThroughTheReadme() throws Exception {
        browser = HeadlessChromium.start(1280, 900);
        wait = new WebDriverWait(browser, TIMEOUT);
        browser.executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", ZONE));
        downloads = Files.createTempDirectory("dpbandit-ui-downloads");
        browser.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow", "downloadPath",
                downloads.toString()));
        for (String id : List.of("homepage", "news")) {
            var created = rest.postForEntity("/bandits", JSON.readTree(readmeSpec(id)), JsonNode.class);
            assertThat(created.getStatusCode()).as(id).isIn(HttpStatus.CREATED, HttpStatus.OK);
        }
        Random random = new Random(17);
        List<List<Double>> pool = List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.5, 0.5));
        for (int epoch = 1; epoch <= 2; epoch++) {
            JsonNode status = rest.getForObject("/bandits/homepage", JsonNode.class);
            if (status.path("epoch").asInt() > epoch) {
                continue;
            }
            // Under the LEARN profile a share of the decisions after the first release exploit and take no
            // learning round, so decide until the epoch has all its learning rounds.
            int t = 0;
            while (status.path("current").path("assigned").asInt() < status.path("epochLength").asInt()) {
                List<Double> context = t % 2 == 0 ? pool.get(t / 2 % pool.size())
                        : List.of(round(random.nextDouble()), round(random.nextDouble()));
                JsonNode decision = rest.postForObject("/decide", Map.of("bandit", "homepage", "context", context),
                        JsonNode.class);
                // a1 is the better action on the left half of the plane, a2 on the right
                String best = context.get(0) < 0.5 ? "a1" : "a2";
                rest.postForObject("/feedback", Map.of("decisionId", decision.path("decisionId").asText(),
                        "reward", decision.path("action").asText().equals(best) ? 1.0 : 0.0), JsonNode.class);
                t++;
                status = rest.getForObject("/bandits/homepage", JsonNode.class);
            }
            FeedbackWindows.pass(jdbc, "homepage");
            assertThat(lifecycle.settle("homepage")).isEqualTo(Step.CLOSED);
        }
        lifecycle.settle("homepage"); // plans epoch 3
        capriWithLocalDp();
        uscaWithTwoReleases();
        linUcbWithThreeLeaves();
        onlineUcbWithReports();
        gpUcbOnOneNumber();
        wineLearns();
        rolloutAgainstABaseline();
        // The planner's forecast is computed in the background on the first request; ask for them now
        // so the pages find them ready (a slow machine would otherwise race the page's refresh).
        for (String id : List.of("homepage", "news", CAPRI_LDP, USCA, LINUCB, ONLINEUCB, GPUCB, WINE, ROLLOUT)) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!rest.getForObject("/bandits/" + id + "/plan", JsonNode.class).path("status").asText()
                    .equals("READY") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        }
    }

    /** CAPRI with local DP: one epoch of device reports, randomised as dpbandit-client does, closed. */
    void capriWithLocalDp() throws Exception {
        Map<String, Object> spec = Specs.capriLdp(CAPRI_LDP);
        create(spec);
        lifecycle.settle(CAPRI_LDP); // plans epoch 1
        int length = rest.getForObject("/bandits/" + CAPRI_LDP, JsonNode.class).path("epochLength").asInt();
        CapriRandomiserPlan plan = rest.getForObject("/bandits/" + CAPRI_LDP + "/epochs/1/randomiser",
                CapriRandomiserPlan.class);
        CapriRandomiser device = new CapriRandomiser(plan, PrivacyFloor.of(1.0, 1e-5));
        SeededNoiseSource noise = new SeededNoiseSource(5);
        List<List<Double>> contexts = List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.5, 0.5));
        for (int t = 0; t < length; t++) {
            List<Double> c = contexts.get(t % 3);
            JsonNode d = decide(CAPRI_LDP, c);
            double[] a = JSON.treeToValue(d.path("randomiser").path("actionFeatures"), double[].class);
            CapriReport report = device.randomise(c.stream().mapToDouble(Double::doubleValue).toArray(), a,
                    c.get(0) < 0.5 ? 0.9 : 0.1, noise);
            feedback(d, Map.of("report", report));
        }
        FeedbackWindows.pass(jdbc, CAPRI_LDP);
        assertThat(lifecycle.settle(CAPRI_LDP)).isEqualTo(Step.CLOSED);
        lifecycle.settle(CAPRI_LDP); // plans epoch 2
    }

    /** USCA: its 10 learning rounds, then two contexts released (charged) and one asked again (free). */
    void uscaWithTwoReleases() {
        create(Specs.usca(USCA, 10, 0.5, 2.0));
        for (int t = 0; t < 10; t++) {
            feedback(decide(USCA, List.of(0.2, 0.4)), Map.of("reward", t % 2 == 0 ? 1.0 : 0.0));
        }
        FeedbackWindows.pass(jdbc, USCA);
        assertThat(lifecycle.settle(USCA)).isEqualTo(Step.CLOSED);
        for (List<Double> c : List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.2, 0.4))) {
            assertThat(rest.postForEntity("/release", Map.of("bandit", USCA, "context", c), JsonNode.class)
                    .getStatusCode()).isEqualTo(HttpStatus.OK);
        }
    }

    /**
     * README's step 5 (examples/java/RealDataStream.java): a LINUCB bandit whose spec names the budget, the
     * horizon and the wine's three labels, so the LEARN profile chooses the rest; here it also carries 20
     * wines as its public sample (contextPool), where the page draws its recommendations. 2 000 users, each
     * one of the other 158 wines, are decided and rewarded (1 for the right label), and the leaves and epochs
     * are settled as the lifecycle worker would, every 125 users.
     */
    void wineLearns() {
        LabelledData wine = LabelledData.shipped("wine");
        List<Integer> rows = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, wine.size()).boxed().toList());
        Random random = new Random(29);
        java.util.Collections.shuffle(rows, random);
        List<Integer> pool = rows.subList(0, 20);
        List<Integer> users = rows.subList(20, rows.size());
        Map<String, Object> spec = new java.util.LinkedHashMap<>();
        spec.put("id", WINE);
        spec.put("algorithm", "LINUCB");
        spec.put("privacy", Map.of("epsilon", 1.0, "delta", 1e-5));
        spec.put("horizon", WINE_USERS);
        spec.put("rewardBound", 1.0);
        spec.put("contextDimension", wine.dimension());
        spec.put("actions", List.of(Map.of("id", "0"), Map.of("id", "1"), Map.of("id", "2")));
        spec.put("contextPool", pool.stream().map(i -> wine.features().get(i)).toList());
        spec.put("feedback", Map.of("waitSeconds", 1, "defaultReward", 0.0));
        create(spec);
        // Four users at a time within each 125, as README's RealDataStream sends them.
        java.util.concurrent.ExecutorService users4 = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int from = 1; from <= WINE_USERS; from += 125) {
                List<java.util.concurrent.Future<Boolean>> answers = new java.util.ArrayList<>();
                for (int t = from; t < from + 125; t++) {
                    int row = users.get(random.nextInt(users.size()));
                    answers.add(users4.submit(() -> {
                        JsonNode d = rest.postForObject("/decide", Map.of("bandit", WINE, "context",
                                wine.features().get(row)), JsonNode.class);
                        boolean right = d.path("action").asText().equals(String.valueOf(wine.labels()[row]));
                        feedback(d, Map.of("reward", right ? 1.0 : 0.0));
                        return right;
                    }));
                }
                for (int t = from; t < from + 125; t++) {
                    wineRightInSecondHalf += t > WINE_USERS / 2 && answers.get(t - from).get() ? 1 : 0;
                }
                FeedbackWindows.pass(jdbc, WINE);
                for (int i = 0; i < 200 && lifecycle.settle(WINE).worked(); i++) {
                    // fold every leaf whose rewards have settled, and release the epoch once it is whole
                }
            }
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            users4.shutdownNow();
        }
    }

    /**
     * A LINUCB over three labels launched next to a baseline that always shows a1 (a rollout at share 0.5,
     * AUTO, windows of 50 decisions): a2 is the only rewarded label, so the bandit wins once it has learnt.
     */
    void rolloutAgainstABaseline() {
        Map<String, Object> spec = Specs.linear(ROLLOUT, "LINUCB", 800, 600);
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 4.0, "delta", 1e-5));
        spec.put("actions", List.of(Map.of("id", "a1"), Map.of("id", "a2"), Map.of("id", "a3")));
        spec.put("rollout", Map.of("share", 0.5, "promotion", "AUTO", "window", 50, "looks", 16,
                "rewardRange", List.of(0.0, 1.0)));
        create(spec);
        Random random = new Random(41);
        for (int t = 1; t <= 400; t++) {
            JsonNode d = rest.postForObject("/decide", Map.of("bandit", ROLLOUT, "context",
                    List.of(round(random.nextDouble()), round(random.nextDouble())), "baseline", "a1"), JsonNode.class);
            feedback(d, Map.of("reward", d.path("action").asText().equals("a2") ? 1.0 : 0.0));
            if (t % 50 == 0) {
                FeedbackWindows.pass(jdbc, ROLLOUT);
                lifecycle.settle(ROLLOUT);
            }
        }
    }

    /** LINUCB with one model per action over 2-d contexts: three leaves of 10 rounds folded. */
    void linUcbWithThreeLeaves() {
        Map<String, Object> spec = Specs.linear(LINUCB, "LINUCB", 2560, 600); // leaves of ⌈2560/256⌉ = 10
        spec.put("actions", List.of(Map.of("id", "sport"), Map.of("id", "politics"), Map.of("id", "science")));
        spec.put("linear", Map.of("featureMap", "PER_ACTION", "release", "TREE")); // the tree: a model per leaf
        // its public sample: a 20 × 20 grid on the unit square, where the page draws its recommendations
        spec.put("contextPool", grid20());
        create(spec);
        Random random = new Random(23);
        for (int t = 0; t < 30; t++) {
            List<Double> c = List.of(round(random.nextDouble()), round(random.nextDouble()));
            JsonNode d = decide(LINUCB, c);
            feedback(d, Map.of("reward", d.path("action").asText().equals(c.get(0) < 0.5 ? "sport" : "politics")
                    ? 1.0 : 0.0));
        }
        FeedbackWindows.pass(jdbc, LINUCB);
        assertThat(lifecycle.settle(LINUCB)).isEqualTo(Step.FOLDED);
    }

    /** ONLINEUCB (local DP): 20 users report through their devices' randomiser. */
    void onlineUcbWithReports() throws Exception {
        Map<String, Object> spec = Specs.linear(ONLINEUCB, "ONLINEUCB", 100, 600);
        spec.put("contextPool", grid20()); // its public sample, where the page draws its recommendations
        create(spec);
        SeededNoiseSource noise = new SeededNoiseSource(7);
        for (int t = 0; t < 20; t++) {
            JsonNode d = decide(ONLINEUCB, List.of(0.5, 0.5));
            JsonNode in = d.path("randomiser");
            OnlineUcbReport report = new OnlineUcbRandomiser(JSON.treeToValue(in.path("parameters"),
                    OnlineUcbParameters.class), PrivacyFloor.of(1.0, 1e-5)).randomise(
                    JSON.treeToValue(in.path("features"), double[].class),
                    JSON.treeToValue(in.path("ticket"), OnlineUcbTicket.class), 0.6, noise);
            feedback(d, Map.of("report", report));
        }
        FeedbackWindows.pass(jdbc, ONLINEUCB);
        assertThat(lifecycle.settle(ONLINEUCB)).isEqualTo(Step.FOLDED);
    }

    /** GPUCB (JDP) on contexts of one number: 12 rounds folded, one leaf each. */
    void gpUcbOnOneNumber() {
        Map<String, Object> gp = Specs.gp(GPUCB, "JDP", 256);
        // its public sample: 101 evenly spaced prices on [0, 1], where the page draws its recommendations
        gp.put("contextPool", java.util.stream.IntStream.rangeClosed(0, 100).mapToObj(i -> List.of(i / 100.0)).toList());
        create(gp);
        for (int t = 0; t < 12; t++) {
            double c = t / 11.0;
            JsonNode d = decide(GPUCB, List.of(c));
            feedback(d, Map.of("reward", d.path("action").asText().equals(c < 0.5 ? "low" : "high") ? 1.0 : 0.0));
        }
        FeedbackWindows.pass(jdbc, GPUCB);
        assertThat(lifecycle.settle(GPUCB)).isEqualTo(Step.FOLDED);
    }

    /** A public sample of 2-d contexts: a 20 × 20 grid on the unit square. */
    static List<List<Double>> grid20() {
        return java.util.stream.IntStream.range(0, 400).mapToObj(i -> List.of((i / 20) / 19.0, (i % 20) / 19.0))
                .toList();
    }

    void create(Map<String, Object> spec) {
        var created = rest.postForEntity("/bandits", spec, JsonNode.class);
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isIn(HttpStatus.CREATED, HttpStatus.OK);
    }

    JsonNode decide(String bandit, List<Double> context) {
        return rest.postForObject("/decide", Map.of("bandit", bandit, "context", context), JsonNode.class);
    }

    void feedback(JsonNode decision, Map<String, Object> what) {
        Map<String, Object> body = new java.util.HashMap<>(what);
        body.put("decisionId", decision.path("decisionId").asText());
        assertThat(rest.postForObject("/feedback", body, JsonNode.class).path("status").asText())
                .isEqualTo("ACCEPTED");
    }

    @AfterAll
    void stopTheBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (downloads != null) {
            try (var files = Files.list(downloads)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(downloads);
        }
    }

    @BeforeEach
    void signedOut() {
        browser.get(url("/ui/"));
        browser.executeScript("sessionStorage.clear()");
        browser.get(url("/ui/"));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
    }

    @Test
    void aWrongKeyIsRefusedWithAMessageAndShowsNothing() {
        assertThat(browser.findElement(By.cssSelector("label[for=api-key]")).getText()).isEqualTo("Analyst API key");
        screenshot("analyst-sign-in.png", false);

        signIn("dpb_not_a_key");
        wait.until(ExpectedConditions.textToBe(By.id("sign-in-error"),
                "This key was not accepted. Check it and try again."));
        assertThat(browser.findElement(By.id("main")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("api-key")).getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(storedKey()).isNull();

        signIn("test-decider-key");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("sign-in-error"),
                "needs the analyst (or admin) role"));
        assertThat(browser.findElement(By.id("main")).isDisplayed()).isFalse();
        assertThat(storedKey()).isNull();
    }

    @Test
    void theListShowsEachBanditsAlgorithmWithItsPrivacyModelPhaseEpochAndBudget() {
        signIn(ANALYST_KEY);
        WebElement homepage = row("homepage");
        JsonNode status = rest.getForObject("/bandits/homepage", JsonNode.class);
        List<String> cells = homepage.findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList();
        assertThat(cells.get(0)).isEqualTo("homepage");
        assertThat(cells.get(1)).as("the privacy model next to the algorithm").isEqualTo("CAPRI (joint DP)");
        assertThat(cells.get(2)).isEqualTo("EXPLORE");
        assertThat(cells.get(3)).isEqualTo("3 " + status.path("current").path("assigned").asInt() + " of "
                + status.path("epochLength").asInt() + " rounds");
        assertThat(cells.get(4)).isEqualTo("Open, plan ready");
        assertThat(browser.findElement(By.cssSelector("table.bandits thead")).getText()).contains("Budget (ε)")
                .doesNotContain("spent");
        assertThat(cells.get(5)).startsWith(budgetWords(status.path("budget")));
        assertMeter(homepage, status.path("budget"));

        List<String> news = row("news").findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList();
        assertThat(news.subList(0, 5)).containsExactly("news", "LINUCB (joint DP)", "EXPLORE", "1 0 of 100000 rounds",
                "Open, learning");
        assertThat(news.get(5)).startsWith(budgetWords(rest.getForObject("/bandits/news", JsonNode.class).path("budget")))
                .doesNotContain("spent 1 ");
        assertThat(row(CAPRI_LDP).findElements(By.cssSelector("td")).get(0).getText()).isEqualTo("CAPRI (local DP)");

        assertThat(storedKey()).as("the key is kept in this tab's session").isEqualTo(ANALYST_KEY);
        assertThat((Object) browser.executeScript("return localStorage.length")).isEqualTo(0L);
        assertThat(browser.manage().getCookies()).isEmpty();
        screenshot("analyst-bandits.png", false);

        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
        assertThat(storedKey()).isNull();
        assertThat(browser.findElement(By.id("main")).isDisplayed()).isFalse();
    }

    @Test
    void aBanditsPageChartsItsEpochsBudgetActiveSetsWidthsAndRecommendations() throws IOException {
        signIn(ANALYST_KEY);
        row("homepage").findElement(By.linkText("homepage")).click();
        wait.until(ExpectedConditions.textToBe(By.id("bandit-title"), "homepage"));
        JsonNode epochs = rest.getForObject("/bandits/homepage/epochs", JsonNode.class);
        JsonNode ledger = rest.getForObject("/bandits/homepage/ledger", JsonNode.class);
        JsonNode recommended = rest.getForObject("/bandits/homepage/recommendations", JsonNode.class);

        WebElement timeline = panel("timeline");
        assertThat(timeline.findElements(By.cssSelector("svg rect.span.closing"))).as("closed epochs").hasSize(2);
        assertThat(timeline.findElements(By.cssSelector("svg text.row-label")).stream().map(WebElement::getText))
                .containsExactly("Phase", "Epoch 1", "Epoch 2", "Epoch 3");
        assertThat(epochs).hasSize(3);
        assertDrawn(timeline.findElements(By.cssSelector("svg rect.span")));

        WebElement budget = panel("budget");
        assertThat(budget.findElements(By.cssSelector("svg circle.dot"))).as("one dot per charge")
                .hasSize(ledger.size());
        assertThat(budget.findElement(By.cssSelector("svg path.line")).getAttribute("d")).contains("V");
        double spent = 0;
        for (JsonNode charge : ledger) {
            spent += charge.path("epsilon").asDouble();
        }
        assertThat(budget.findElement(By.cssSelector("p.description")).getText())
                .startsWith(shown(spent) + " of ε = 1 charged to the ledger in 2 charges")
                .as("CAPRI pays each charge with its release").contains("in the same transaction as the release");
        assertThat(browser.findElement(By.id("panel-budget-title")).getText())
                .isEqualTo("Privacy budget charged to the ledger over time");
        assertLegendMatchesBars(panel("epoch-statistics"));

        WebElement statistics = panel("epoch-statistics");
        List<WebElement> bars = statistics.findElements(By.cssSelector("svg rect.bar"));
        assertThat(bars).as("active-set size and width for each of 2 releases").hasSize(4);
        assertDrawn(bars);
        statistics.findElement(By.tagName("summary")).click();
        List<String> firstRelease = statistics.findElements(By.cssSelector("tbody tr")).get(0)
                .findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList();
        assertThat(firstRelease.get(0)).isEqualTo("1");
        assertThat(firstRelease.get(2)).isEqualTo(shown(epochs.get(0).path("width").asDouble()));

        WebElement map = panel("recommendations");
        WebElement heat = map.findElement(By.cssSelector("svg.heat-map"));
        assertThat(heat.findElements(By.cssSelector(".shade rect"))).isNotEmpty();
        List<WebElement> dots = heat.findElements(By.cssSelector("circle.context"));
        assertThat(dots).hasSize(recommended.path("contexts").size()).hasSize(3);
        // A recommendation is named only where the release resolves it (CAPRI: elimination left one
        // action); this bandit's releases resolve nothing, so the panel names no action anywhere.
        Set<String> actions = new HashSet<>();
        List<String> named = new java.util.ArrayList<>();
        for (int i = 0; i < recommended.path("actions").size(); i++) {
            boolean resolved = recommended.path("resolved").get(i).asBoolean();
            assertThat(resolved).as("resolved exactly where one action is left")
                    .isEqualTo(recommended.path("activeSetSizes").get(i).asInt() == 1);
            named.add(resolved ? recommended.path("actions").get(i).asText() : "not resolved yet");
            actions.add(named.get(i));
        }
        assertThat(named).as("these releases resolve nothing").containsOnly("not resolved yet");
        String legend = map.findElement(By.cssSelector(".legend")).getText();
        for (String action : actions) {
            assertThat(legend).contains(action + " (");
        }
        recommended.path("actions").forEach(a -> assertThat(legend).doesNotContain(a.asText() + " ("));
        assertThat(map.findElement(By.cssSelector("p.description")).getText())
                .contains("3 of 3 contexts are not resolved yet");
        for (int i = 0; i < dots.size(); i++) {
            assertThat(dots.get(i).findElement(By.tagName("title")).getAttribute("textContent"))
                    .endsWith(": " + named.get(i) + ", " + recommended.path("activeSetSizes").get(i).asInt() + " active");
        }
        assertThat(heat.getAttribute("aria-label")).startsWith("Heat map of the recommended action");

        // The planner's forecast (computed in the background on the first request) next to the releases.
        WebElement forecast = panel("forecast");
        JsonNode plan = rest.getForObject("/bandits/homepage/plan", JsonNode.class);
        assertThat(plan.path("status").asText()).isEqualTo("READY");
        List<WebElement> forecastBars = forecast.findElements(By.cssSelector("svg rect.bar"));
        assertThat(forecastBars).as("one bar per forecast release")
                .hasSize(plan.path("report").path("capri").path("epochs").size());
        assertDrawn(forecastBars);
        int firstShrunk = 0;
        for (JsonNode e : epochs) {
            if (!e.path("meanActiveSetSize").isNull() && e.path("meanActiveSetSize").asDouble()
                    < plan.path("report").path("capri").path("actions").asInt()) {
                firstShrunk = e.path("number").asInt();
                break;
            }
        }
        String said = forecast.findElement(By.cssSelector("p.description")).getText();
        assertThat(said).startsWith("Made from the spec and its public pool alone");
        assertThat(said).contains(firstShrunk > 0 ? "epoch " + firstShrunk + "'s release was the first to rule an "
                + "action out" : "no release has ruled an action out yet");

        // Dates with the browser's zone on the time axes; each chart's numbers as CSV.
        assertTimeAxis(timeline);
        budgetCsvIsTheLedger(budget, "homepage");
        widthsAgainstTheRewardRange(statistics, "homepage", epochs, -1, 1);
        List<List<String>> counted = csv(map, "homepage-recommendations.csv");
        assertThat(counted.get(0)).containsExactly("#", "context[0]", "context[1]", "Recommended action",
                "Best guess", "Resolved", "Active-set size");
        assertThat(counted).hasSize(4);
        for (int i = 0; i < 3; i++) {
            List<String> row = counted.get(i + 1);
            assertThat(Double.parseDouble(row.get(1))).isEqualTo(recommended.path("contexts").get(i).get(0).asDouble());
            assertThat(Double.parseDouble(row.get(2))).isEqualTo(recommended.path("contexts").get(i).get(1).asDouble());
            assertThat(row.get(3)).isEqualTo(named.get(i));
            assertThat(row.get(4)).isEqualTo(recommended.path("actions").get(i).asText());
            assertThat(row.get(5)).isEqualTo(recommended.path("resolved").get(i).asText());
            assertThat(row.get(6)).isEqualTo(recommended.path("activeSetSizes").get(i).asText());
        }
        List<List<String>> gaps = csv(forecast, "homepage-forecast.csv");
        JsonNode forecastEpochs = plan.path("report").path("capri").path("epochs");
        assertThat(gaps).hasSize(forecastEpochs.size() + 1);
        for (int i = 0; i < forecastEpochs.size(); i++) {
            assertThat(Double.parseDouble(gaps.get(i + 1).get(1)))
                    .isEqualTo(forecastEpochs.get(i).path("resolvableGap").asDouble());
            assertThat(gaps.get(i + 1).get(4)).isEqualTo("2");
        }
        assertThat(forecast.findElement(By.cssSelector("svg line.reference")).getAttribute("textContent"))
                .startsWith("reward range [-1, 1]");
        assertThat(facts()).contains("clipped to [-1, 1]").contains("of which "
                + rest.getForObject("/bandits/homepage", JsonNode.class).path("rounds").asInt()
                + " learning rounds are in releases");

        // The privacy report: the guarantee in words and one row per mechanism, with its paper.
        WebElement privacy = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#panel-privacy table")));
        assertThat(privacy.getText()).contains("Gaussian mechanism").contains("Pavlovic, Salgia & Zhao");
        assertThat(browser.findElement(By.cssSelector("#panel-privacy p.description")).getText())
                .contains("-DP for each round").contains("Accountant EXACT");
        String prose = browser.findElement(By.id("panel-privacy")).getAttribute("textContent");
        assertThat(prose).as("readable maths").contains("Σₜ yₜ Aᵣ⁻¹ᐟ² k_S(cₜ, xₜ)").contains("exp(ε)")
                .doesNotContain("^{").doesNotContain("_t").doesNotContain("epsilon").doesNotContain("sqrt(");
        assertPageReadable();
        screenshot("analyst-capri.png", true);
    }

    @Test
    void capriWithLocalDpChartsItsReleaseAgainstTheRewardRange() throws IOException {
        open(CAPRI_LDP);
        JsonNode epochs = rest.getForObject("/bandits/" + CAPRI_LDP + "/epochs", JsonNode.class);
        WebElement timeline = panel("timeline");
        assertThat(timeline.findElements(By.cssSelector("svg rect.span.closing"))).as("one closed epoch").hasSize(1);
        assertTimeAxis(timeline);
        budgetCsvIsTheLedger(panel("budget"), CAPRI_LDP);
        widthsAgainstTheRewardRange(panel("epoch-statistics"), CAPRI_LDP, epochs, -1, 1);
        assertThat(panel("recommendations").findElements(By.cssSelector("svg.heat-map circle.context"))).hasSize(3);
        assertThat(panel("forecast").findElements(By.cssSelector("svg rect.bar"))).isNotEmpty();
        assertThat(browser.findElement(By.cssSelector("#panel-privacy p.description")).getText()).contains("local DP");
        assertThat(browser.findElements(By.cssSelector("#panel-model, #panel-releases")))
                .allSatisfy(p -> assertThat(p.isDisplayed()).isFalse());
    }

    @Test
    void uscasPageListsItsReleasesOverTimeAndPerActionAndChargesNothing() throws IOException {
        JsonNode ledgerBefore = rest.getForObject("/bandits/" + USCA + "/ledger", JsonNode.class);
        open(USCA);
        JsonNode release = rest.getForObject("/release?bandit=" + USCA, JsonNode.class);
        assertThat(release.path("releases")).as("two contexts released; the third ask was a repeat").hasSize(2);
        WebElement releases = panel("releases");
        assertThat(releases.findElement(By.cssSelector("p.description")).getText())
                .startsWith("2 releases so far; the budget allows 4 in all, 2 more")
                .contains("never the context it was made for");
        assertThat(releases.findElements(By.cssSelector("svg circle.dot"))).as("one dot per release").hasSize(2);
        assertTimeAxis(releases);
        List<List<String>> overTime = csv(releases, USCA + "-releases.csv");
        assertThat(overTime.get(0)).containsExactly("Released at (ISO 8601)", "Action", "Ledger entry",
                "Releases so far", "Releases the budget allows");
        assertThat(overTime).hasSize(3);
        for (int i = 0; i < 2; i++) {
            JsonNode r = release.path("releases").get(i);
            List<String> row = overTime.get(i + 1);
            assertSameInstant(row.get(0), r.path("releasedAt").asText());
            assertThat(row.subList(1, 5)).containsExactly(r.path("action").asText(), r.path("ledgerId").asText(),
                    Integer.toString(i + 1), "4");
        }
        List<List<String>> perAction = csv(releases, USCA + "-releases-per-action.csv");
        Map<String, Integer> counted = new java.util.TreeMap<>();
        release.path("releases").forEach(r -> counted.merge(r.path("action").asText(), 1, Integer::sum));
        assertThat(perAction.subList(1, perAction.size())).containsExactlyElementsOf(counted.entrySet().stream()
                .map(e -> List.of(e.getKey(), e.getValue().toString())).toList());
        assertThat(facts()).contains("10, of which 10 learning rounds are in releases");
        assertLegendMatchesBars(releases);
        for (WebElement chart : releases.findElements(By.cssSelector("svg.chart"))) {
            assertThat(chart.findElements(By.cssSelector("text.tick[text-anchor=end]")).stream()
                    .map(t -> t.getAttribute("textContent")).toList()).as("a count axis ticks on whole numbers")
                    .isNotEmpty().allSatisfy(t -> assertThat(t).matches("\\d+"));
        }
        String odds = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(
                "#panel-forecast p.description"))).getText();
        assertThat(odds).as("two actions: even odds at a gap of 0 says nothing").doesNotContain("even odds at a gap of 0")
                .contains("With two actions any lead makes the best action the likelier release");
        assertPageReadable();
        budgetCsvIsTheLedger(panel("budget"), USCA);
        assertThat(browser.findElement(By.id("panel-recommendations")).isDisplayed()).isFalse();
        assertThat(rest.getForObject("/bandits/" + USCA + "/ledger", JsonNode.class))
                .as("reading the page charged nothing").isEqualTo(ledgerBefore);
        screenshot("analyst-usca.png", true);
    }

    @Test
    void theReadmesLearningBanditBeatsUniformPlayAndItsPageShowsResolvedRecommendationsOnItsPublicSample()
            throws IOException {
        // Uniform play is right 1 time in 3 (333 of 1 000, sd 15); the README's runs of the same spec are right
        // 0.84-0.94 of the last 1 000 decisions, so the floor 0.5 is 11 sd of uniform play above it and a
        // false failure needs the learned rate to fall 0.34 below those runs (their spread is about 0.05).
        assertThat(wineRightInSecondHalf / 1000.0).as("right in the last 1 000 of the wine's 2 000 users")
                .isGreaterThan(0.5);
        open(WINE);
        JsonNode status = rest.getForObject("/bandits/" + WINE, JsonNode.class);
        assertThat(status.path("choices").findValuesAsText("value")).contains("PER_ACTION", "EPOCHS");
        long held = status.path("modelRounds").asLong();
        assertThat(held).as("the first two epochs' releases at least (EPOCHS: 1/8 of the horizon, then doubling)")
                .isGreaterThanOrEqualTo(750);
        assertThat(panel("model").findElement(By.cssSelector("p.description")).getText())
                .startsWith("The model holds " + held + " of the horizon's " + WINE_USERS + " learning rounds");

        WebElement map = panel("recommendations");
        JsonNode recommended = rest.getForObject("/bandits/" + WINE + "/recommendations", JsonNode.class);
        assertThat(recommended.path("sample").asText()).as("the bandit's public sample, not a box").isEqualTo("POOL");
        assertThat(recommended.path("contexts")).hasSize(20);
        int resolvedCount = 0;
        List<List<String>> rows = csv(map, WINE + "-recommendations.csv");
        assertThat(rows).hasSize(21);
        int shown = rows.get(0).indexOf("Recommended action");
        assertThat(shown).as("#, the 5 context coordinates, then the recommended action").isEqualTo(6);
        for (int i = 0; i < 20; i++) {
            boolean resolved = recommended.path("resolved").get(i).asBoolean();
            resolvedCount += resolved ? 1 : 0;
            assertThat(rows.get(i + 1).get(shown)).isEqualTo(resolved ? recommended.path("actions").get(i).asText()
                    : "not resolved yet");
        }
        assertThat(resolvedCount).as("a model of %d rounds separates its best label somewhere on the sample", held)
                .isPositive();
        assertLegendMatchesBars(map);
        assertPageReadable();
        screenshot("analyst-bandit.png", true);
    }

    @Test
    void aRolloutsPageChartsTheLiftAtEachLookAndItsPromotion() throws IOException {
        JsonNode evaluation = rest.getForObject("/bandits/" + ROLLOUT + "/evaluation", JsonNode.class);
        int looks = evaluation.path("releases").size();
        assertThat(looks).as("400 decisions in windows of 50").isEqualTo(8);
        open(ROLLOUT);
        WebElement rollout = panel("rollout");
        String state = evaluation.path("promotion").path("state").asText();
        assertThat(rollout.findElement(By.cssSelector("p.description")).getText()).startsWith("AUTO rollout, "
                + state.toLowerCase().replace('_', ' ')).contains(looks + " of 16 released");
        // One interval per look for the lift so far, and one per look where both arms served for the window's.
        assertThat(rollout.findElements(By.cssSelector("svg line.interval.so-far"))).hasSize(looks);
        assertThat(rollout.findElements(By.cssSelector("svg line.marker")).size())
                .isEqualTo(evaluation.path("promotion").path("history").size() - 1);
        List<List<String>> rows = csv(rollout, ROLLOUT + "-evaluation.csv");
        assertThat(rows).hasSize(looks + 1);
        JsonNode last = evaluation.path("releases").get(looks - 1);
        assertThat(Double.parseDouble(rows.get(looks).get(4))).isEqualTo(last.path("lift").path("value").asDouble());
        browser.executeScript("arguments[0].scrollIntoView()", rollout);
        screenshot("analyst-rollout.png", false);
    }

    @Test
    void aLinUcbPageShowsTheRoundsItsModelHoldsItsForecastNoiseAndARecommendationMap() throws IOException {
        open(LINUCB);
        JsonNode status = rest.getForObject("/bandits/" + LINUCB, JsonNode.class);
        assertThat(status.path("modelRounds").asLong()).as("three leaves of 10").isEqualTo(30);
        assertThat(facts()).contains("the model holds 30 learning rounds");
        WebElement model = panel("model");
        assertThat(model.findElement(By.cssSelector("p.description")).getText())
                .startsWith("The model holds 30 of the horizon's 2560 learning rounds");
        modelNoiseIsTheForecast(model, LINUCB, "linear", 30);

        WebElement map = panel("recommendations");
        JsonNode recommended = rest.getForObject("/bandits/" + LINUCB + "/recommendations", JsonNode.class);
        assertThat(recommended.path("sample").asText()).isEqualTo("POOL");
        assertThat(map.findElements(By.cssSelector("svg.heat-map circle.context"))).hasSize(400);
        assertThat(map.findElement(By.cssSelector("p.description")).getText())
                .contains("on the 400 contexts of its public pool");
        List<List<String>> rows = csv(map, LINUCB + "-recommendations.csv");
        assertThat(rows.get(0)).containsExactly("#", "context[0]", "context[1]", "Recommended action", "Best guess",
                "Resolved");
        assertThat(rows).hasSize(401);
        for (int i = 0; i < 400; i += 37) {
            boolean resolved = recommended.path("resolved").get(i).asBoolean();
            assertThat(rows.get(i + 1).get(3)).isEqualTo(resolved ? recommended.path("actions").get(i).asText()
                    : "not resolved yet");
            assertThat(rows.get(i + 1).get(4)).isEqualTo(recommended.path("actions").get(i).asText());
            assertThat(rows.get(i + 1).get(5)).isEqualTo(String.valueOf(resolved));
            assertThat(Double.parseDouble(rows.get(i + 1).get(1)))
                    .isEqualTo(recommended.path("contexts").get(i).get(0).asDouble());
        }
        assertTimeAxis(panel("timeline"));
    }

    @Test
    void anOnlineUcbPageChartsItsScoreErrorBonusSpreadAndDecisionError() throws IOException {
        open(ONLINEUCB);
        long held = rest.getForObject("/bandits/" + ONLINEUCB, JsonNode.class).path("modelRounds").asLong();
        assertThat(held).as("every round's window has passed").isEqualTo(20);
        assertThat(facts()).contains("the model holds 20 learning rounds");
        WebElement model = panel("model");
        assertThat(model.findElement(By.cssSelector("p.description")).getText())
                .startsWith("The model holds 20 of the horizon's 100 learning rounds")
                .contains("through its user's randomised report");
        modelNoiseIsTheForecast(model, ONLINEUCB, "onlineucb", 20);
        assertThat(model.findElements(By.cssSelector("svg path.curve"))).as("score, bonus and decision error")
                .hasSize(3);
        // The decision error (score and bonus together) often runs on the score error: it is a wide band drawn
        // first, the score error a thin line of another colour on top, and each legend swatch has its curve's colour.
        List<String> order = model.findElements(By.cssSelector("svg path.curve")).stream()
                .map(c -> c.getAttribute("class")).toList();
        assertThat(order.indexOf("curve decision")).isNotNegative().isLessThan(order.indexOf("curve score"));
        WebElement scoreCurve = model.findElement(By.cssSelector("svg path.curve.score"));
        WebElement decisionCurve = model.findElement(By.cssSelector("svg path.curve.decision"));
        assertThat(style(scoreCurve, "stroke")).isNotEqualTo(style(decisionCurve, "stroke"));
        assertThat(Double.parseDouble(style(decisionCurve, "stroke-width").replace("px", "")))
                .isGreaterThan(Double.parseDouble(style(scoreCurve, "stroke-width").replace("px", "")));
        for (String kind : List.of("score", "bonus", "decision")) {
            assertThat(style(model.findElement(By.cssSelector(".legend .swatch.curve-" + kind)), "background-color"))
                    .as("the %s swatch", kind)
                    .isEqualTo(style(model.findElement(By.cssSelector("svg path.curve." + kind)), "stroke"));
        }
        assertThat(browser.findElement(By.id("panel-privacy")).getAttribute("textContent"))
                .contains("a user's one report is one mechanism").doesNotContain("k = 1 reports");
        assertPageReadable();
        assertThat(panel("recommendations").findElements(By.cssSelector("svg.heat-map circle.context"))).hasSize(400);
        budgetCsvIsTheLedger(panel("budget"), ONLINEUCB);
    }

    @Test
    void aGpUcbPageShowsItsModelAndTheRecommendedActionAlongItsOneNumberContext() throws IOException {
        open(GPUCB);
        assertThat(facts()).contains("the model holds 12 learning rounds");
        modelNoiseIsTheForecast(panel("model"), GPUCB, "gpucb", 12);
        WebElement strip = panel("recommendations");
        JsonNode recommended = rest.getForObject("/bandits/" + GPUCB + "/recommendations", JsonNode.class);
        assertThat(strip.findElements(By.cssSelector("svg.strip circle.context"))).hasSize(101)
                .hasSize(recommended.path("contexts").size());
        List<List<String>> rows = csv(strip, GPUCB + "-recommendations.csv");
        assertThat(rows.get(0)).containsExactly("#", "context[0]", "Recommended action", "Best guess", "Resolved");
        // Twelve rounds resolve nothing: the panel gives the model's best guess, never as a finding.
        assertThat(recommended.path("resolved")).allSatisfy(r -> assertThat(r.asBoolean()).isFalse());
        assertThat(rows.get(101)).containsExactly("101", "1", "not resolved yet",
                recommended.path("actions").get(100).asText(), "false");
        assertTimeAxis(panel("budget"));
        // Contexts in [0, 1]: the axis is [0, 1], not padded to -0.2 and 1.2.
        List<Double> ticks = strip.findElements(By.cssSelector("svg.strip text.tick")).stream()
                .map(t -> Double.parseDouble(t.getAttribute("textContent"))).toList();
        assertThat(ticks).startsWith(0.0).endsWith(1.0).allSatisfy(t -> assertThat(t).isBetween(0.0, 1.0));
        assertPageReadable();
    }

    /**
     * A tree bandit is charged its whole horizon when it is created, so at round 1 its ledger holds its
     * whole ε: the page must say that is charged (committed), never that the budget is spent or exhausted.
     */
    @Test
    void aFreshTreeBanditIsChargedItsHorizonButDoesNotLookExhausted() {
        String id = "ui-fresh-linucb";
        if (!rest.getForEntity("/bandits/" + id, JsonNode.class).getStatusCode().is2xxSuccessful()) {
            create(Specs.linear(id, "LINUCB", 2560, 600));
            decide(id, List.of(0.5, 0.5));
        }
        JsonNode budget = rest.getForObject("/bandits/" + id, JsonNode.class).path("budget");
        open(id);
        String said = panel("budget").findElement(By.cssSelector("p.description")).getText();
        String page = browser.findElement(By.id("main")).getText();
        assertThat(page.toLowerCase()).doesNotContain("exhausted").doesNotContain("spent its budget")
                .doesNotContain("spent " + shown(budget.path("epsilonTotal").asDouble()) + " of");
        assertThat(said).as("a tree's charge is not paid by a release")
                .doesNotContain("in the same transaction as the release");
        assertThat(facts()).contains(budgetWords(budget));
        assertThat(budget.has("charging")).as("the service splits spent from committed").isTrue();
        chargingIsNamedOnceTheServiceSaysIt(budget, said);
        JsonNode status = rest.getForObject("/bandits/" + id, JsonNode.class);
        assertThat(facts()).as("the status's notes are where the user looks").contains("What the counts mean")
                .contains(status.path("notes").get(0).asText()).contains(status.path("notes").get(1).asText());
    }

    /** Runs once the API's budget carries charging and spending (the budget split): the page uses both. */
    void chargingIsNamedOnceTheServiceSaysIt(JsonNode budget, String said) {
        assertThat(budget.path("charging").asText()).isEqualTo("AT_CREATION");
        assertThat(facts()).contains("whole horizon charged at creation").contains(budget.path("spending").asText());
        assertThat(said).contains(budget.path("spending").asText());
        assertThat(budget.path("epsilonSpent").asDouble()).as("round 1 has released little of the tree")
                .isLessThan(budget.path("epsilonCommitted").asDouble());
        assertMeter(browser.findElement(By.cssSelector(".facts")), budget);
    }

    @Test
    void aModelWithNoRoundYetSaysSoAndRecommendsNothing() {
        open("news");
        assertThat(facts()).contains("0; the model holds 0 learning rounds");
        WebElement model = panel("model");
        assertThat(model.findElement(By.cssSelector("p.description")).getText())
                .startsWith("The model holds 0 of the horizon's 100000 learning rounds").contains("No round is in it yet");
        assertThat(model.findElement(By.cssSelector("svg text.marker-label")).getText())
                .isEqualTo("now: no round in the model yet");
        WebElement none = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(
                "#panel-recommendations p.description")));
        assertThat(none.getText()).startsWith("No learning round is in the model yet, so it recommends nothing");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aListArrivesWholeWhateverItsPagesAcrossTheirLinkHeaders() {
        signIn(ANALYST_KEY);
        row("homepage"); // signed in: the key is kept
        List<Object> read = (List<Object>) browser.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import('./api.js').then(async (api) => {
                  const ids = (list, key) => list.map((item) => item[key]).join(',');
                  done([ids(await api.get('bandits/homepage/ledger?limit=1'), 'id'),
                        ids(await api.get('bandits/homepage/ledger'), 'id'),
                        ids(await api.get('bandits/homepage/epochs?limit=2'), 'number')]);
                }).catch((e) => done(['failed: ' + e]));
                """);
        JsonNode ledger = rest.getForObject("/bandits/homepage/ledger", JsonNode.class);
        assertThat(ledger.size()).as("more than one page of one").isGreaterThan(1);
        List<String> ids = new java.util.ArrayList<>();
        ledger.forEach(e -> ids.add(e.path("id").asText()));
        assertThat(read).containsExactly(String.join(",", ids), String.join(",", ids), "1,2,3");
    }

    @Test
    void aKeyScopedToOtherBanditsSeesNeitherTheirRowNorTheirPage() {
        signIn("test-scoped-key");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list-title")));
        wait.until(d -> !d.findElement(By.cssSelector("#main .lead")).getText().isEmpty());
        assertThat(browser.findElements(By.cssSelector("tr[data-bandit=homepage]"))).isEmpty();

        browser.get(url("/ui/#/bandits/homepage"));
        wait.until(ExpectedConditions.textToBe(By.cssSelector("#main .error.load"),
                "This key may not read this bandit."));
        assertThat(browser.findElements(By.cssSelector("#main svg"))).isEmpty();
    }

    // ---------------------------------------------------------------------------------------------

    void signIn(String key) {
        WebElement input = browser.findElement(By.id("api-key"));
        input.clear();
        input.sendKeys(key);
        browser.findElement(By.cssSelector("#sign-in-form button[type=submit]")).click();
    }

    /** Signs in and opens a bandit's page. */
    void open(String bandit) {
        signIn(ANALYST_KEY);
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list-title")));
        browser.get(url("/ui/#/bandits/" + bandit));
        wait.until(ExpectedConditions.textToBe(By.id("bandit-title"), bandit));
        wait.until(d -> !d.findElements(By.cssSelector(".facts dd")).isEmpty());
    }

    /** The facts at the top of a bandit's page, term and value on their own lines. */
    String facts() {
        return browser.findElement(By.cssSelector(".facts")).getText();
    }

    /**
     * A time axis names the browser's zone and offset, and its first tick carries a date: today's or
     * yesterday's in that zone (the charts start when the bandit was created, during this test).
     */
    void assertTimeAxis(WebElement panel) {
        List<String> ticks = panel.findElements(By.cssSelector("svg text.tick.time")).stream()
                .map(t -> t.getAttribute("textContent")).toList();
        assertThat(ticks).isNotEmpty();
        java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneId.of(ZONE));
        assertThat(ticks.get(0)).matches("\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?")
                .satisfiesAnyOf(t -> assertThat(t).startsWith(today.toString()),
                        t -> assertThat(t).startsWith(today.minusDays(1).toString()));
        assertThat(panel.findElements(By.cssSelector("svg text.axis-title")).stream()
                .map(t -> t.getAttribute("textContent"))).contains("Time in " + ZONE + " (" + OFFSET + ")");
    }

    /** The budget chart's CSV is the ledger: each charge's time (ISO 8601 at the browser's offset), ε and the sum so far. */
    void budgetCsvIsTheLedger(WebElement budget, String bandit) throws IOException {
        assertTimeAxis(budget);
        JsonNode ledger = rest.getForObject("/bandits/" + bandit + "/ledger", JsonNode.class);
        List<List<String>> rows = csv(budget, bandit + "-budget.csv");
        assertThat(rows.get(0)).containsExactly("Charged at (ISO 8601)", "Epoch", "Reason", "Epsilon charged",
                "Epsilon charged so far", "Epsilon total");
        assertThat(rows).hasSize(ledger.size() + 1);
        assertThat(budget.findElements(By.cssSelector("svg circle.dot"))).hasSize(ledger.size());
        double spent = 0;
        for (int i = 0; i < ledger.size(); i++) {
            JsonNode entry = ledger.get(i);
            List<String> row = rows.get(i + 1);
            spent += entry.path("epsilon").asDouble();
            assertSameInstant(row.get(0), entry.path("createdAt").asText());
            assertThat(row.get(1)).isEqualTo(entry.path("epoch").isNull() ? "" : entry.path("epoch").asText());
            assertThat(row.get(2)).isEqualTo(entry.path("reason").asText());
            assertThat(Double.parseDouble(row.get(3))).isEqualTo(entry.path("epsilon").asDouble());
            assertThat(Double.parseDouble(row.get(4))).as("the chart's step").isEqualTo(spent);
        }
        // The ledger's table shows the same moments, to the second, at the same offset.
        String shownFirst = budget.findElement(By.cssSelector("details.data tbody tr th")).getAttribute("textContent");
        assertThat(shownFirst).isEqualTo(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                .format(Instant.parse(ledger.get(0).path("createdAt").asText()).atZone(java.time.ZoneId.of(ZONE)))
                + " " + OFFSET);
    }

    /** What the budget meter's label says for this budget: spent and committed of the total. */
    static String budgetWords(JsonNode budget) {
        assertThat(budget.has("charging")).as("the API splits spent from committed").isTrue();
        return "spent " + shown(budget.path("epsilonSpent").asDouble()) + " · committed "
                + shown(budget.path("epsilonCommitted").asDouble()) + " of ε = "
                + shown(budget.path("epsilonTotal").asDouble());
    }

    /** The meter's hatched part is committed (charged where the API does not split) and its solid part spent. */
    void assertMeter(WebElement where, JsonNode budget) {
        WebElement meter = where.findElement(By.cssSelector(".budget-meter"));
        double inner = meter.getRect().getWidth() - 2;
        double total = budget.path("epsilonTotal").asDouble();
        double committed = budget.path("epsilonCommitted").asDouble();
        assertThat(meter.findElement(By.cssSelector(".committed")).getRect().getWidth() / inner)
                .as("committed share of the meter").isCloseTo(committed / total, within(0.05));
        assertThat(meter.findElement(By.cssSelector(".spent")).getRect().getWidth() / inner)
                .as("spent share of the meter")
                .isCloseTo(budget.path("epsilonSpent").asDouble() / total, within(0.05));
    }

    /** A computed style of an element, as the browser draws it. */
    String style(WebElement element, String property) {
        return (String) browser.executeScript("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])",
                element, property);
    }

    /** Each legend swatch of a panel has the colour of bars drawn in its charts, and each bar colour has a swatch. */
    void assertLegendMatchesBars(WebElement panel) {
        List<String> swatches = panel.findElements(By.cssSelector(".legend .swatch")).stream()
                .filter(w -> !w.getAttribute("class").contains("reference"))
                .map(w -> style(w, "background-color")).toList();
        Set<String> bars = new HashSet<>(panel.findElements(By.cssSelector("svg rect.bar")).stream()
                .map(b -> style(b, "fill")).toList());
        assertThat(bars).isNotEmpty();
        assertThat(new HashSet<>(swatches)).as("legend colours are the bars' colours").isEqualTo(bars);
    }

    /**
     * What a person reads on the page: no label of a chart crosses its chart's edge (where it would be
     * clipped), and no number is shown with a double's every digit (tables and tooltips included).
     */
    void assertPageReadable() {
        @SuppressWarnings("unchecked")
        List<String> clipped = (List<String>) browser.executeScript("""
                const out = [];
                for (const svg of document.querySelectorAll('#main svg.chart')) {
                  if (svg.closest('[hidden]')) continue;
                  const box = svg.getBoundingClientRect();
                  for (const t of svg.querySelectorAll('text')) {
                    const r = t.getBoundingClientRect();
                    if (r.width === 0) continue;
                    if (r.left < box.left - 1.5 || r.right > box.right + 1.5 || r.top < box.top - 1.5
                        || r.bottom > box.bottom + 1.5) out.push(t.textContent);
                  }
                }
                return out;
                """);
        assertThat(clipped).as("labels crossing their chart's edge").isEmpty();
        @SuppressWarnings("unchecked")
        List<String> raw = (List<String>) browser.executeScript("""
                const out = [];
                const texts = document.createTreeWalker(document.getElementById('main'), NodeFilter.SHOW_TEXT);
                for (let n = texts.nextNode(); n; n = texts.nextNode()) {
                  out.push(...(n.data.match(/\\d\\.\\d{8,}/g) ?? []));
                }
                return out;
                """);
        assertThat(raw).as("numbers shown raw (texts, tables and tooltips)").isEmpty();
    }

    /** A CSV time (ISO 8601, the browser's offset) is the API's instant, to the millisecond the page keeps. */
    static void assertSameInstant(String csvTime, String apiTime) {
        java.time.OffsetDateTime shown = java.time.OffsetDateTime.parse(csvTime);
        assertThat(shown.getOffset()).isEqualTo(java.time.ZoneOffset.of("+05:30"));
        assertThat(Duration.between(Instant.parse(apiTime), shown.toInstant()).abs())
                .isLessThan(Duration.ofMillis(1));
    }

    /** The width chart's dashed reference is the reward range, and its CSV has each release's width and the range. */
    void widthsAgainstTheRewardRange(WebElement statistics, String bandit, JsonNode epochs, double low, double high)
            throws IOException {
        String range = "[" + shown(low) + ", " + shown(high) + "]";
        assertThat(statistics.findElement(By.cssSelector("svg line.reference")).getAttribute("textContent"))
                .isEqualTo("reward range " + range + ": no two actions differ by more than " + shown(high - low));
        assertThat(statistics.findElement(By.cssSelector("p.description")).getText())
                .contains("rewards are clipped to " + range);
        List<List<String>> rows = csv(statistics, bandit + "-widths.csv");
        assertThat(rows.get(0)).containsExactly("Epoch", "Width", "Reward range low", "Reward range high",
                "Reward range length");
        List<JsonNode> released = new java.util.ArrayList<>();
        epochs.forEach(e -> {
            if (!e.path("width").isNull()) {
                released.add(e);
            }
        });
        assertThat(rows).hasSize(released.size() + 1);
        for (int i = 0; i < released.size(); i++) {
            List<String> row = rows.get(i + 1);
            assertThat(row.get(0)).isEqualTo(released.get(i).path("number").asText());
            assertThat(Double.parseDouble(row.get(1))).isEqualTo(released.get(i).path("width").asDouble());
            assertThat(row.subList(2, 5).stream().map(Double::parseDouble).toList())
                    .containsExactly(low, high, high - low);
        }
        List<List<String>> sizes = csv(statistics, bandit + "-active-sets.csv");
        assertThat(sizes).hasSize(released.size() + 1);
        assertThat(Double.parseDouble(sizes.get(1).get(1))).isEqualTo(released.get(0).path("meanActiveSetSize")
                .asDouble());
    }

    /**
     * The model panel charts the planner's forecast (a dot per point and series), marks the rounds the
     * model holds, and its CSV carries the forecast's numbers, the model's rounds, half the gap and
     * the reward range.
     */
    void modelNoiseIsTheForecast(WebElement model, String bandit, String kind, long held) throws IOException {
        JsonNode f = rest.getForObject("/bandits/" + bandit + "/plan", JsonNode.class).path("report").path(kind);
        JsonNode points = f.path("points");
        assertThat(points.size()).isPositive();
        assertThat(model.findElements(By.cssSelector("svg circle.dot.score"))).hasSize(points.size());
        assertThat(model.findElements(By.cssSelector("svg text.marker-label")).stream().map(WebElement::getText))
                .contains("now: " + held + " rounds in the model");
        List<List<String>> rows = csv(model, bandit + "-model-noise.csv");
        assertThat(rows.get(0)).containsExactly("Series", "Learning rounds", "Value (reward units)");
        List<List<String>> scores = rows.stream().filter(r -> r.get(0).startsWith("score error")).toList();
        assertThat(scores).hasSize(points.size());
        for (int i = 0; i < points.size(); i++) {
            assertThat(scores.get(i).get(1)).isEqualTo(points.get(i).path("rounds").asText());
            assertThat(Double.parseDouble(scores.get(i).get(2))).isEqualTo(points.get(i).path("scoreError").asDouble());
        }
        Map<String, List<String>> byLabel = new java.util.HashMap<>();
        rows.forEach(r -> byLabel.put(r.get(0).replaceAll(" \\(.*", ""), r));
        assertThat(byLabel.get("the model now").get(1)).isEqualTo(Long.toString(held));
        assertThat(Double.parseDouble(byLabel.get("half the gap").get(2))).isEqualTo(f.path("gap").asDouble() / 2);
        assertThat(byLabel.get("reward range length")).containsExactly("reward range length", "", "2");
    }

    /** Presses a chart's download button and reads the CSV file the browser saved (RFC 4180). */
    List<List<String>> csv(WebElement panel, String file) throws IOException {
        Path target = downloads.resolve(file);
        Files.deleteIfExists(target);
        WebElement button = panel.findElement(By.cssSelector("button.download[data-csv='" + file + "']"));
        button.click();
        // Chrome reserves the final name with an empty file while it writes to a .crdownload beside it.
        wait.until(d -> Files.exists(target) && !Files.exists(downloads.resolve(file + ".crdownload"))
                && target.toFile().length() > 0);
        String text = Files.readString(target);
        assertThat(text).endsWith("\r\n");
        List<List<String>> rows = new java.util.ArrayList<>();
        List<String> row = new java.util.ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new java.util.ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        return rows;
    }

    String storedKey() {
        return (String) browser.executeScript("return sessionStorage.getItem('dpbandit.analyst-key')");
    }

    WebElement row(String bandit) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("tr[data-bandit=" + bandit + "]")));
    }

    WebElement panel(String id) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#panel-" + id + ":has(svg)")));
    }

    /** Every shape has a positive size: the chart is not empty. */
    static void assertDrawn(List<WebElement> shapes) {
        assertThat(shapes).isNotEmpty().allSatisfy(s -> {
            assertThat(Double.parseDouble(s.getAttribute("width"))).isPositive();
            assertThat(Double.parseDouble(s.getAttribute("height"))).isPositive();
        });
    }

    /** A number as the page shows it: three significant digits (JavaScript's toPrecision(3)). */
    static String shown(double v) {
        return new BigDecimal(v).round(new MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString();
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    String url(String path) {
        return "http://localhost:" + port + path;
    }

    /** The JSON of a `curl ... -d '{...}'` in README.md's walkthrough or docs/api.md that creates the bandit `id`. */
    static String readmeSpec(String id) throws IOException {
        String readme = Files.readString(RepositoryPaths.root().resolve("README.md"))
                + Files.readString(RepositoryPaths.root().resolve("docs/api.md"));
        Matcher m = Pattern.compile("-d '(\\{\\s*\"id\": \"" + Pattern.quote(id) + "\".*?\\})'", Pattern.DOTALL)
                .matcher(readme);
        assertThat(m.find()).as("README.md or docs/api.md creates bandit %s", id).isTrue();
        return m.group(1);
    }

    /** With -Ddpbandit.ui.screenshots=DIR: the page (whole, or the window) as DIR/name. */
    void screenshot(String name, boolean wholePage) {
        String dir = System.getProperty("dpbandit.ui.screenshots");
        if (dir == null || dir.isBlank()) {
            return;
        }
        Dimension window = browser.manage().window().getSize();
        try {
            if (wholePage) {
                long height = (Long) browser.executeScript("return document.documentElement.scrollHeight");
                browser.manage().window().setSize(new Dimension(window.getWidth(), (int) height + 40));
            }
            Path target = RepositoryPaths.root().resolve(dir).resolve(name);
            Files.createDirectories(target.getParent());
            Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("cannot save screenshot " + name, e);
        } finally {
            browser.manage().window().setSize(window);
        }
    }
}
