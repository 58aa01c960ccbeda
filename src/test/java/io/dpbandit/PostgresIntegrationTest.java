package io.dpbandit;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * Base of full-context tests: the real service on a random port against a real PostgreSQL
 * (a temporary embedded cluster unless spring.datasource.url points at an external one).
 * Subclasses that keep the same configuration share one cached context and one database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
public abstract class PostgresIntegrationTest {
}
