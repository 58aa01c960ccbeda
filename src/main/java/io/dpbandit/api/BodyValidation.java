package io.dpbandit.api;

import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import java.lang.annotation.ElementType;
import org.springframework.boot.autoconfigure.validation.ValidationConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Bean Validation of request bodies without asking JPA about them. With JPA on the classpath,
 * Hibernate Validator asks JPA's PersistenceUtil before each property it checks whether the
 * property is loaded (lazy loading): a provider lookup and a persistence check for every constraint
 * of every body, about a tenth of a small request's validation and JSON reading in a JFR profile
 * (docs/benchmarks.md, 5). Request bodies are records read from JSON, never entities, so every
 * property is reachable and cascadable.
 */
@Configuration(proxyBeanMethods = false)
class BodyValidation {

    @Bean
    ValidationConfigurationCustomizer everyPropertyIsReachable() {
        return configuration -> configuration.traversableResolver(new TraversableResolver() {
            @Override
            public boolean isReachable(Object bean, Path.Node property, Class<?> rootBeanType, Path pathToProperty,
                    ElementType elementType) {
                return true;
            }

            @Override
            public boolean isCascadable(Object bean, Path.Node property, Class<?> rootBeanType, Path pathToProperty,
                    ElementType elementType) {
                return true;
            }
        });
    }
}
