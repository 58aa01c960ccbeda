package io.dpbandit.client.privacy;

/** The argument checks the report ledgers and the device policy share. */
final class LedgerChecks {

    private LedgerChecks() {
    }

    static void check(String bandit, int limit) {
        checkBandit(bandit);
        if (limit < 1) {
            throw new IllegalArgumentException("the limit of reports per bandit must be at least 1, got " + limit);
        }
    }

    /** A bandit id is required and not blank. */
    static void checkBandit(String bandit) {
        if (bandit == null || bandit.isBlank()) {
            throw new IllegalArgumentException("the bandit's id is required: the device counts its reports per "
                    + "bandit (the id the app asked POST /decide for)");
        }
    }
}
