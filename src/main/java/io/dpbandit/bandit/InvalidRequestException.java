package io.dpbandit.bandit;

import java.util.List;

/** A request that cannot be served as sent: every problem, each with the field and what to change. */
public class InvalidRequestException extends RuntimeException {

    /** One problem with one field. */
    public record FieldProblem(String field, String message) {
    }

    private final List<FieldProblem> problems;

    public InvalidRequestException(List<FieldProblem> problems) {
        super(problems.isEmpty() ? "invalid request"
                : problems.get(0).field() + ": " + problems.get(0).message()
                        + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        this.problems = List.copyOf(problems);
    }

    public static InvalidRequestException of(String field, String message) {
        return new InvalidRequestException(List.of(new FieldProblem(field, message)));
    }

    public List<FieldProblem> problems() {
        return problems;
    }
}
