package io.dpbandit.ui;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
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
 * running service on its embedded PostgreSQL, with the README walkthrough's bandits: "homepage"
 * (CAPRI, a 2-d pool) driven through two closed epochs, and "news" (LINUCB). The assertions are on
 * what a person sees: texts, and charts that have something drawn in them.
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

    @BeforeAll
    void startTheBrowserAndWalkThroughTheReadme() throws IOException {
        browser = HeadlessChromium.start(1280, 900);
        wait = new WebDriverWait(browser, TIMEOUT);
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
            int left = status.path("epochLength").asInt() - status.path("current").path("assigned").asInt();
            for (int t = 0; t < left; t++) {
                List<Double> context = t % 2 == 0 ? pool.get(t / 2 % pool.size())
                        : List.of(round(random.nextDouble()), round(random.nextDouble()));
                JsonNode decision = rest.postForObject("/decide", Map.of("bandit", "homepage", "context", context),
                        JsonNode.class);
                // a1 is the better action on the left half of the plane, a2 on the right
                String best = context.get(0) < 0.5 ? "a1" : "a2";
                rest.postForObject("/feedback", Map.of("decisionId", decision.path("decisionId").asText(),
                        "reward", decision.path("action").asText().equals(best) ? 1.0 : 0.0), JsonNode.class);
            }
            FeedbackWindows.pass(jdbc, "homepage");
            assertThat(lifecycle.settle("homepage")).isEqualTo(Step.CLOSED);
        }
        lifecycle.settle("homepage"); // plans epoch 3
        // The planner's forecast is computed in the background on the first request; ask for it now
        // so the page finds it ready (a slow machine would otherwise race the page's refresh).
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!rest.getForObject("/bandits/homepage/plan", JsonNode.class).path("status").asText().equals("READY")
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @AfterAll
    void stopTheBrowser() {
        if (browser != null) {
            browser.quit();
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
    void theListShowsEachBanditsAlgorithmPhaseEpochAndBudgetSpent() {
        signIn(ANALYST_KEY);
        WebElement homepage = row("homepage");
        JsonNode status = rest.getForObject("/bandits/homepage", JsonNode.class);
        List<String> cells = homepage.findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList();
        assertThat(cells.get(0)).isEqualTo("homepage");
        assertThat(cells.get(1)).isEqualTo("CAPRI");
        assertThat(cells.get(2)).isEqualTo("EXPLORE");
        assertThat(cells.get(3)).isEqualTo("3 " + status.path("current").path("assigned").asInt() + " of "
                + status.path("epochLength").asInt() + " rounds");
        assertThat(cells.get(4)).isEqualTo("Open, plan ready");
        assertThat(cells.get(5)).isEqualTo(shown(status.path("budget").path("epsilonSpent").asDouble()) + " of 1");
        assertThat(Double.parseDouble(homepage.findElement(By.tagName("meter")).getAttribute("value")))
                .isEqualTo(status.path("budget").path("epsilonSpent").asDouble());

        List<String> news = row("news").findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList();
        assertThat(news).containsExactly("news", "LINUCB", "EXPLORE", "1 0 of 100000 rounds", "Open, learning",
                "1 of 1");

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
                .startsWith(shown(spent) + " of ε = 1 spent in 2 charges");

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
        Set<String> actions = new HashSet<>();
        recommended.path("actions").forEach(a -> actions.add(a.asText()));
        String legend = map.findElement(By.cssSelector(".legend")).getText();
        for (String action : actions) {
            assertThat(legend).contains(action + " (");
        }
        for (int i = 0; i < dots.size(); i++) {
            assertThat(dots.get(i).findElement(By.tagName("title")).getAttribute("textContent"))
                    .endsWith(": " + recommended.path("actions").get(i).asText() + ", "
                            + recommended.path("activeSetSizes").get(i).asInt() + " active");
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

        // The privacy report: the guarantee in words and one row per mechanism, with its paper.
        WebElement privacy = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#panel-privacy table")));
        assertThat(privacy.getText()).contains("Gaussian mechanism").contains("Pavlovic, Salgia & Zhao");
        assertThat(browser.findElement(By.cssSelector("#panel-privacy p.description")).getText())
                .contains("-DP for each round").contains("Accountant ZCDP");
        screenshot("analyst-bandit.png", true);
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
