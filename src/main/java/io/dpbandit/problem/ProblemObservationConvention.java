package io.dpbandit.problem;

import io.micrometer.common.KeyValues;
import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * Spring's tags on {@code http.server.requests} (method, uri, status, outcome, exception) plus
 * {@value ProblemTag#KEY}: the problem type the request was answered with (see {@link ProblemTag}).
 * Spring Boot's observation filter uses this convention because it is the only bean of its type.
 */
@Component
public class ProblemObservationConvention extends DefaultServerRequestObservationConvention {

    @Override
    public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
        return super.getLowCardinalityKeyValues(context).and(ProblemTag.KEY, ProblemTag.of(context.getCarrier()));
    }
}
