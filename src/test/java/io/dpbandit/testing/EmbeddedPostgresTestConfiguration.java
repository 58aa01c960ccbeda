package io.dpbandit.testing;

import io.dpbandit.config.EmbeddedPostgresConfiguration;
import io.dpbandit.config.EmbeddedPostgresProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The service's own embedded PostgreSQL for slice tests (@JdbcTest, @DataJpaTest), which do not
 * scan the application's configuration: a temporary cluster (the test profile leaves the data
 * directory blank) and the pool on it, so that the slice's Flyway migrates the real schema and its
 * statements run on the real server, never on an in-memory stand-in.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(EmbeddedPostgresConfiguration.class)
@EnableConfigurationProperties(EmbeddedPostgresProperties.class)
public class EmbeddedPostgresTestConfiguration {
}
