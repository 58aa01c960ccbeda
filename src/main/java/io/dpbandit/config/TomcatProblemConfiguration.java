package io.dpbandit.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.problem.Problems;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;

/**
 * Tomcat's own answers as problem+json. Some requests never reach Spring: a request line Tomcat
 * cannot parse, a URI with a NUL or an invalid escape. Tomcat answers those through its host's
 * error-report valve, which writes an HTML page; this replaces it with one that writes the same
 * problem details as the rest of the service (no stack trace, no server version).
 *
 * <p>An encoded '/' (%2F) is passed through to Spring Security's firewall instead of being refused
 * by Tomcat, so that it is answered like every other non-canonical path.
 */
@Configuration(proxyBeanMethods = false)
public class TomcatProblemConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorPages(ObjectMapper json) {
        return factory -> {
            factory.addConnectorCustomizers(connector -> connector.setEncodedSolidusHandling("passthrough"));
            // A body left unread (a request refused before it) closes the connection instead of
            // holding a worker thread while Tomcat reads the rest of it.
            factory.addContextValves(new UnreadBodyValve());
            factory.addContextCustomizers(context -> {
                if (context.getParent() instanceof StandardHost host) {
                    host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
                    host.getPipeline().addValve(new ProblemErrorReportValve(json));
                }
            });
        };
    }

    /** Writes an error Tomcat produced itself as a problem, when nothing was written yet. */
    public static final class ProblemErrorReportValve extends ErrorReportValve {

        private final ObjectMapper json;

        public ProblemErrorReportValve() {
            this(new ObjectMapper());
        }

        ProblemErrorReportValve(ObjectMapper json) {
            this.json = json;
            setShowReport(false);
            setShowServerInfo(false);
        }

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            ProblemDetail problem = Problems.forStatus(status);
            try {
                response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
                response.setCharacterEncoding("UTF-8");
                response.getOutputStream().write(json.writeValueAsBytes(problem));
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // The client is gone or the response is closed: nothing more to tell it.
            }
        }
    }
}
