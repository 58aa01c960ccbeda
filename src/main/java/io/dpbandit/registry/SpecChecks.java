package io.dpbandit.registry;

import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.SpecLimits;
import jakarta.validation.Validator;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * A spec as POST /bandits and POST /bandits/plan take it: Bean Validation's field rules and the
 * registry's rules (SpecValidation) in one answer listing every problem, within the configured
 * limits; the spec with its defaults filled in otherwise.
 */
@Component
public class SpecChecks {

    private final SpecLimits limits;
    private final Validator validator;

    public SpecChecks(SpecLimits limits, Validator validator) {
        this.limits = limits;
        this.validator = validator;
    }

    public BanditSpec validated(BanditSpec request) {
        return SpecValidation.normalise(request, limits, problems(request));
    }

    /** The request as a bandit created before profiles would have stored it (see SpecValidation). */
    public BanditSpec validatedAsBeforeProfiles(BanditSpec request) {
        return SpecValidation.normaliseAsBeforeProfiles(request, limits, problems(request));
    }

    private List<InvalidRequestException.FieldProblem> problems(BanditSpec request) {
        return request == null ? List.of() : validator.validate(request).stream().map(v ->
                new InvalidRequestException.FieldProblem(v.getPropertyPath().toString(), v.getMessage())).toList();
    }
}
