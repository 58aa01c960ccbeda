package io.dpbandit.sdk;

/** Joint DP (the service adds the noise) or local DP (each user's device does). */
public enum PrivacyModel {
    JDP,
    LDP
}
