package io.dpbandit.kernel;

import org.ejml.data.DMatrixRMaj;

/**
 * The symmetric inverse square root X = U diag(max(lambda_i, floor)^-1/2) U^T of a symmetric matrix
 * M = U diag(lambda) U^T (CAPRI step 3, docs/papers.md), with what the eigenvalue floor did.
 *
 * <p>Where no eigenvalue was floored, X M X = I and X^T X = X^2 = M^-1. Floored eigenvalues are a
 * regularisation of M, which in CAPRI is post-processing of public data (S and R), so privacy is
 * unaffected (rule "eigenvalue floors", docs/papers.md).
 *
 * <p>Arrays and matrices are returned as stored for speed; do not modify them.
 *
 * @param matrix               X, n x n and exactly symmetric
 * @param eigenvaluesAscending the eigenvalues of M before flooring, ascending
 * @param relativeFloor        the floor relative to the largest eigenvalue (default 1e-12)
 * @param floor                relativeFloor * lambda_max, the smallest eigenvalue used
 * @param flooredCount         how many eigenvalues were below {@code floor} and were raised to it
 *                             (including any negative ones from round-off)
 */
public record InverseSquareRoot(
        DMatrixRMaj matrix,
        double[] eigenvaluesAscending,
        double relativeFloor,
        double floor,
        int flooredCount) {
}
