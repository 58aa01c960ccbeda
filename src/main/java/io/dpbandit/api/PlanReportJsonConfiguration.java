package io.dpbandit.api;

import io.dpbandit.algorithms.PlanReportJson;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Plan reports on the wire ({@code POST /plan}, {@code GET /bandits/{id}/forecast}): every
 * registered forecaster's key, null but for the report's own (Spring Boot registers the module with
 * its ObjectMapper).
 */
@Configuration(proxyBeanMethods = false)
public class PlanReportJsonConfiguration {

    @Bean
    PlanReportJson planReportJson() {
        return new PlanReportJson();
    }
}
