package io.dpbandit.bandit;

/**
 * An epoch's state. OPEN: it serves decisions and hands out its learning slots. SEALED: every
 * learning round has its reward or has waited out; nothing about its data can change any more.
 * CLOSED: released (CAPRI's model, USCA's estimator) and paid for in the ledger. ABANDONED: it can
 * never fill (its bandit was retired before every slot was handed out), so it never releases; its
 * accumulator and partial sums were dropped when it was abandoned, and its rounds are done.
 */
public enum EpochStatus { OPEN, SEALED, CLOSED, ABANDONED }
