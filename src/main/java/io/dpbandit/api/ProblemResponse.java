package io.dpbandit.api;

import io.dpbandit.problem.ProblemType;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A problem an operation answers because of what it was asked, and when: the API document lists it
 * under the operation (OpenApiConfiguration), next to the answers every operation can give (401,
 * 403, 406, 429, 500, 503; 400 for its parameters or query string; 408, 413, 415 with a body).
 * {@code DocumentedAnswersTest} checks the list against what the service answers.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(ProblemResponse.List.class)
public @interface ProblemResponse {

    ProblemType type();

    /** When it is answered, for the document: "the bandit is retired". */
    String when();

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface List {
        ProblemResponse[] value();
    }
}
