package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import java.net.InetAddress;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.mock.env.MockEnvironment;

/** The embedded (development) mode listens on the loopback address unless configured otherwise. */
class EmbeddedLoopbackTest {

    private static MockEnvironment process(MockEnvironment env) {
        new EmbeddedLoopback().postProcessEnvironment(env, null);
        return env;
    }

    @Test
    void embeddedModeBindsBothServersToLoopback() {
        MockEnvironment env = process(new MockEnvironment());
        assertThat(env.getProperty("server.address")).isEqualTo("127.0.0.1");
        assertThat(env.getProperty("management.server.address")).as("no management port of its own").isNull();
        MockEnvironment separate = process(new MockEnvironment().withProperty("management.server.port", "8081"));
        assertThat(separate.getProperty("management.server.address")).isEqualTo("127.0.0.1");
    }

    @Test
    void aConfiguredAddressWins() {
        MockEnvironment env = process(new MockEnvironment().withProperty("server.address", "0.0.0.0")
                .withProperty("management.server.port", "8081"));
        assertThat(env.getProperty("server.address")).isEqualTo("0.0.0.0");
        assertThat(env.getProperty("management.server.address")).isEqualTo("127.0.0.1");
    }

    @Test
    void anExternalDatabaseKeepsEveryInterface() {
        MockEnvironment env = process(new MockEnvironment()
                .withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/dpbandit"));
        assertThat(env.getProperty("server.address")).isNull();
        assertThat(env.getProperty("management.server.address")).isNull();
    }

    /** The service the tests start runs in embedded mode: its connector is bound to 127.0.0.1. */
    @Nested
    class Started extends PostgresIntegrationTest {

        @Autowired
        ServletWebServerApplicationContext context;

        @Test
        void theStartedServiceListensOnLoopbackOnly() throws Exception {
            var connector = ((TomcatWebServer) context.getWebServer()).getTomcat().getConnector();
            Object address = connector.getProperty("address");
            assertThat(address).isInstanceOf(InetAddress.class);
            assertThat(((InetAddress) address).isLoopbackAddress()).isTrue();
        }
    }
}
