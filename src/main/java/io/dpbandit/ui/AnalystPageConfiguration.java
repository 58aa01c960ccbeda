package io.dpbandit.ui;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the analyst page's shell: the files under {@code classpath:/static/ui/} at {@code /ui/**},
 * {@code /ui/} as its index.html, and {@code /ui} redirected to {@code /ui/} (the page loads its
 * scripts and the API relative to that address). Spring Boot's default static mapping of
 * {@code /**} is switched off ({@code spring.web.resources.add-mappings: false}), so this is the
 * only static content the service serves; the security chain lets anyone GET {@code /ui/**} and
 * nothing else without a key.
 */
@Configuration(proxyBeanMethods = false)
public class AnalystPageConfiguration implements WebMvcConfigurer {

    /** Where the page is served. */
    public static final String PATH = "/ui/";

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler(PATH + "**")
                .addResourceLocations("classpath:/static/ui/");
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addRedirectViewController("/ui", PATH);
        registry.addViewController(PATH).setViewName("forward:" + PATH + "index.html");
    }
}
