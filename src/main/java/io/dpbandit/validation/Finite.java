package io.dpbandit.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A number, or every number of an array, is finite. JSON has no NaN or Infinity, but Jackson reads
 * {@code 1e999} as Infinity; a privacy bound computed from one would bound nothing. Null is valid
 * (combine with {@code @NotNull}).
 */
@Documented
@Constraint(validatedBy = {Finite.NumberValidator.class, Finite.ArrayValidator.class})
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface Finite {

    String message() default "must be a finite number";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** A finite Double. */
    class NumberValidator implements ConstraintValidator<Finite, Double> {
        @Override
        public boolean isValid(Double value, ConstraintValidatorContext context) {
            return value == null || Double.isFinite(value);
        }
    }

    /** A double[] of finite numbers. */
    class ArrayValidator implements ConstraintValidator<Finite, double[]> {
        @Override
        public boolean isValid(double[] value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            for (double v : value) {
                if (!Double.isFinite(v)) {
                    return false;
                }
            }
            return true;
        }
    }
}
