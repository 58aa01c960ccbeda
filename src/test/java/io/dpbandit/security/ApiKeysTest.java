package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.DatabaseMode;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A presented key finds its own principal by its hash, whatever the number of keys; nothing else finds one. */
class ApiKeysTest {

    static SecurityProperties.Key key(String name, String secret, String... roles) {
        return new SecurityProperties.Key(name, HexFormat.of().formatHex(ApiKeys.sha256(secret)).toUpperCase(),
                List.of(roles), List.of());
    }

    @Test
    void eachKeyIsItsOwnPrincipalAndNothingElseIsAny() {
        ApiKeys keys = new ApiKeys(new SecurityProperties(List.of(key("a", "secret-a", "decider"),
                key("b", "secret-b", "analyst", "ops")), null, true), DatabaseMode.embedded(""));
        assertThat(keys.authenticate("secret-a").orElseThrow().name()).isEqualTo("a");
        assertThat(keys.authenticate("secret-b").orElseThrow().roles()).isEqualTo(Set.of(Role.ANALYST, Role.OPS));
        // Repeated on one thread (the digest is reused per thread): the same answers.
        for (int i = 0; i < 3; i++) {
            assertThat(keys.authenticate("secret-a").orElseThrow().name()).isEqualTo("a");
            assertThat(keys.authenticate("secret-c")).isEmpty();
        }
        assertThat(keys.authenticate("secret-a ")).isEmpty();
        assertThat(keys.authenticate("")).isEmpty();
        assertThat(keys.authenticate(null)).isEmpty();
        assertThat(keys.authenticate("secret-a" + "x".repeat(600))).isEmpty();
    }

    @Test
    void aHashConfiguredTwiceIsTheLastKeys() {
        ApiKeys keys = new ApiKeys(new SecurityProperties(List.of(key("first", "same", "decider"),
                key("second", "same", "ops")), null, true), DatabaseMode.embedded(""));
        assertThat(keys.authenticate("same").orElseThrow().name()).isEqualTo("second");
    }
}
