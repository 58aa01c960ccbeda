package io.dpbandit.bandit;

/** What a bandit or action id may look like (the database checks the same pattern for bandits). */
public final class BanditIds {

    public static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";
    public static final String MESSAGE =
            "must be 1-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit";

    private BanditIds() {
    }
}
