package io.dpbandit.ui;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven through Debian's chromedriver, both named explicitly so that
 * Selenium Manager never runs (it would download a browser or driver, and CI has no internet
 * beyond the package registries). Where either is missing, a test class that registers
 * {@link Required} is skipped with a message saying what to install. Paths: {@code -Ddpbandit.chromium=...}, {@code -Ddpbandit.chromedriver=...}, or
 * the environment variables {@code CHROMIUM} and {@code CHROMEDRIVER}; by default
 * {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver}.
 */
final class HeadlessChromium {

    private HeadlessChromium() {
    }

    /** Disables a test class, saying why and what to install, where Chromium or chromedriver is missing. */
    static final class Required implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return missing().map(ConditionEvaluationResult::disabled)
                    .orElseGet(() -> ConditionEvaluationResult.enabled("headless Chromium and chromedriver found"));
        }
    }

    static Optional<String> missing() {
        Path browser = browser();
        Path driver = driver();
        if (Files.isExecutable(browser) && Files.isExecutable(driver)) {
            return Optional.empty();
        }
        return Optional.of("Browser tests skipped: no headless Chromium here (looked for " + browser + " and "
                + driver + "). Install Debian's packages with `apt-get install chromium chromium-driver`, or name "
                + "other binaries with -Ddpbandit.chromium and -Ddpbandit.chromedriver.");
    }

    static ChromeDriver start(int width, int height) {
        Optional<String> missing = missing();
        assumeTrue(missing.isEmpty(), missing::get);
        Path browser = browser();
        Path driver = driver();
        // Selenium reports through java.util.logging, e.g. that it has no CDP bindings for this
        // Chromium's version; the tests use none.
        Logger.getLogger("org.openqa.selenium").setLevel(Level.SEVERE);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .usingAnyFreePort()
                .withSilent(true)
                .withLogOutput(OutputStream.nullOutputStream())
                .build();
        ChromeOptions options = new ChromeOptions()
                .setBinary(browser.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--disable-sync",
                        "--disable-background-networking", "--disable-component-update", "--lang=en-GB",
                        "--window-size=" + width + "," + height);
        ChromeDriver chrome = new ChromeDriver(service, options);
        chrome.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
        return chrome;
    }

    private static Path browser() {
        return locate("dpbandit.chromium", "CHROMIUM", "/usr/bin/chromium");
    }

    private static Path driver() {
        return locate("dpbandit.chromedriver", "CHROMEDRIVER", "/usr/bin/chromedriver");
    }

    private static Path locate(String property, String variable, String fallback) {
        String configured = System.getProperty(property);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(variable);
        }
        return Path.of(configured == null || configured.isBlank() ? fallback : configured);
    }
}
