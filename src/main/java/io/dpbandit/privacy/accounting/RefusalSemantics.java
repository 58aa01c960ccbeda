package io.dpbandit.privacy.accounting;

/**
 * What a privacy filter does after a request that does not fit its budget. Both keep the filter's
 * guarantee (Rogers, Roth, Ullman &amp; Vadhan 2016, "Privacy odometers and filters: pay-as-you-go
 * composition"; Whitehouse, Ramdas, Rogers &amp; Wu 2023, "Fully-adaptive composition in differential
 * privacy"): a refused request is a release with no privacy loss.
 */
public enum RefusalSemantics {

    /** The filter halts at the first request that does not fit: every later request is refused. */
    HALTING,

    /**
     * A refused request is dropped and later ones are still considered (a ledger that refuses single
     * releases); valid because the admission condition holds for the realised sequence.
     */
    SKIP
}
