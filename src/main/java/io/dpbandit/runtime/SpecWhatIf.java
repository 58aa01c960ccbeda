package io.dpbandit.runtime;

import io.dpbandit.spec.BanditSpec;

/**
 * A what-if option of {@code plan}: a picocli mixin of an algorithm's options that changes a spec before
 * it is forecast (and validated like any spec); an option not given leaves the spec as it is.
 */
public interface SpecWhatIf {

    /** {@code spec} with the options given applied. */
    BanditSpec apply(BanditSpec spec);

    /** An algorithm whose descriptor offers {@code plan} what-if options. */
    interface Offered {
        /** Fresh instances of its what-if mixins, in the order {@code plan --help} lists them. */
        java.util.List<SpecWhatIf> planWhatIfs();
    }
}
