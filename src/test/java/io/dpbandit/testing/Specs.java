package io.dpbandit.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.spec.BanditSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bandit specs the tests create, as the JSON a caller sends (mutable maps, so a test can change
 * a field before sending), and as {@link BanditSpec} for tests that run without HTTP. One place for
 * each: a test that needs a variant copies the map and changes it.
 */
public final class Specs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Specs() {
    }

    /** A mutable map from alternating keys and values. */
    public static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /**
     * CAPRI with joint DP, (ε, δ) = (1, 1e-5), an RBF kernel, three actions in two dimensions and a
     * pool of three contexts; T_1 = ⌈√horizon⌉ (10 for a horizon of 100). It pins the paper's
     * composition (SEQUENTIAL) and decisions (exploit NONE), which the LEARN profile would otherwise
     * choose for it, so the lifecycle tests read the paper's epoch schedule and split;
     * {@link #capriLearn} is the same spec with those left to the profile.
     */
    public static Map<String, Object> capri(String id, int horizon, int waitSeconds) {
        Map<String, Object> spec = capriLearn(id, horizon, waitSeconds);
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "composition", "SEQUENTIAL"));
        spec.put("tuning", Map.of("exploit", "NONE"));
        return spec;
    }

    /** {@link #capri} with the composition and the decisions left to the LEARN profile. */
    public static Map<String, Object> capriLearn(String id, int horizon, int waitSeconds) {
        return map("id", id, "algorithm", "CAPRI",
                "privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5),
                "horizon", horizon, "rewardBound", 1.0,
                "kernel", Map.of("type", "RBF", "lengthScale", 0.3),
                "regularization", 1.0, "contextDimension", 2,
                "actions", List.of(Map.of("id", "a1", "features", List.of(0.1, 0.9)),
                        Map.of("id", "a2", "features", List.of(0.7, 0.3)),
                        Map.of("id", "a3", "features", List.of(0.5, 0.5))),
                "contextPool", List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.5, 0.5)),
                "feedback", Map.of("waitSeconds", waitSeconds, "defaultReward", 0.0));
    }

    /** {@link #capri} with local DP: every user's device randomises its own contribution. */
    public static Map<String, Object> capriLdp(String id) {
        Map<String, Object> spec = capri(id, 100, 600);
        spec.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5));
        return spec;
    }

    /** USCA (pure ε-DP): each per-context release charged {@code epsilon}, at most {@code totalEpsilon} in all. */
    public static Map<String, Object> usca(String id, int horizon, double epsilon, double totalEpsilon) {
        return map("id", id, "algorithm", "USCA",
                "privacy", Map.of("model", "JDP", "epsilon", epsilon, "totalEpsilon", totalEpsilon),
                "horizon", horizon, "kernel", Map.of("type", "RBF", "lengthScale", 0.3), "contextDimension", 2,
                "actions", List.of(Map.of("id", "x", "features", List.of(0.1)), Map.of("id", "y", "features", List.of(0.9))),
                "contextPool", List.of(List.of(0.2, 0.4), List.of(0.8, 0.1)),
                "tuning", Map.of("approximationSize", 20));
    }

    /**
     * LINUCB (JDP) or ONLINEUCB (LDP, the privacy model left to its default): three actions in two
     * dimensions, contexts of two numbers.
     */
    public static Map<String, Object> linear(String id, String algorithm, int horizon, int waitSeconds) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("id", id);
        spec.put("algorithm", algorithm);
        spec.put("privacy", algorithm.equals("ONLINEUCB") ? Map.of("epsilon", 1.0, "delta", 1e-5)
                : Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5));
        spec.put("horizon", horizon);
        spec.put("rewardBound", 1.0);
        spec.put("contextDimension", 2);
        spec.put("actions", List.of(Map.of("id", "a1", "features", List.of(1.0, 0.0)),
                Map.of("id", "a2", "features", List.of(0.0, 1.0)),
                Map.of("id", "a3", "features", List.of(0.6, 0.8))));
        spec.put("feedback", Map.of("waitSeconds", waitSeconds, "defaultReward", 0.0));
        return spec;
    }

    /** GPUCB under {@code model} (JDP or LDP): contexts of one number, three actions, M = 2 · 4² = 32 features. */
    public static Map<String, Object> gp(String id, String model, int horizon) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("id", id);
        spec.put("algorithm", "GPUCB");
        spec.put("privacy", Map.of("model", model, "epsilon", 1.0, "delta", 1e-5));
        spec.put("horizon", horizon);
        spec.put("kernel", Map.of("type", "RBF", "lengthScale", 0.5));
        spec.put("contextDimension", 1);
        spec.put("actions", List.of(Map.of("id", "low", "features", List.of(0.2)),
                Map.of("id", "mid", "features", List.of(0.5)), Map.of("id", "high", "features", List.of(0.8))));
        spec.put("gpucb", Map.of("nodesPerDimension", 4)); // M = 2 * 4^2 = 32
        spec.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.0));
        return spec;
    }

    /** The spec as the service reads it from JSON (before validation: optional fields stay null). */
    public static BanditSpec spec(Map<String, Object> json) {
        return JSON.convertValue(json, BanditSpec.class);
    }
}
