package io.dpbandit.lifecycle;

import io.dpbandit.bandit.BanditMetrics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The lifecycle engine on PostgreSQL storage. */
@Configuration(proxyBeanMethods = false)
public class LifecycleConfiguration {

    @Bean
    LifecycleEngine lifecycleEngine(JdbcLifecycleStorage storage, BanditMetrics metrics,
            LifecycleProperties properties) {
        return new LifecycleEngine(storage, metrics, properties.stepBudgetMs());
    }
}
