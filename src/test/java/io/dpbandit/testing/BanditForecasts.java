package io.dpbandit.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Supplier;

/** An existing bandit's forecast (GET /bandits/{id}/plan) is computed in the background: the tests wait for it. */
public final class BanditForecasts {

    private BanditForecasts() {
    }

    /**
     * Asks {@code plan} every 100 ms while it answers COMPUTING, for at most a minute; the last answer (the
     * caller asserts READY, so a forecast that never comes fails with what the service said).
     */
    public static JsonNode awaitDone(Supplier<JsonNode> plan) {
        JsonNode forecast = plan.get();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (forecast.path("status").asText().equals("COMPUTING") && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            forecast = plan.get();
        }
        return forecast;
    }
}
