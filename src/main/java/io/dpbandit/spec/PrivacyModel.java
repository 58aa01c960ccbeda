package io.dpbandit.spec;

/**
 * Who adds the noise. JDP: the service (joint differential privacy: everything it publishes is
 * private with respect to each user's round). LDP: each user's device, with the client library's
 * randomiser (local differential privacy: the service receives only randomised reports).
 */
public enum PrivacyModel {
    JDP, LDP
}
