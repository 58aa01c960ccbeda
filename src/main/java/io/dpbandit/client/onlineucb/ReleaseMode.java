package io.dpbandit.client.onlineucb;

/**
 * How the user's (x, y) is released (joint calibration of the two LDP releases, docs/papers.md).
 */
public enum ReleaseMode {
    /**
     * The default: (x, y) ∈ R^{d+1} is released as one vector by one Gaussian mechanism calibrated on
     * its joint L2 sensitivity 2·√(B_x² + B_y²) (2√2 for the paper's bounds B_x = B_y = 1). The report
     * is (ε, δ)-LDP, the guarantee the paper states.
     */
    JOINT_VECTOR,
    /**
     * The paper's Algorithm 1 as printed: x̃ and ỹ are two releases, each calibrated for (ε, δ) on its own
     * sensitivity (2B_x and 2B_y). By basic composition the report is (2ε, 2δ)-LDP, which is what this
     * mode reports; kept for replication.
     */
    PAPER_SEPARATE
}
