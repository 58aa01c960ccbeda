package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/** The packed upper-triangle storage of the tree's matrices. */
class SymmetricMatrixTest {

    @Test
    void packedStorageMatchesTheDenseMatrix() {
        double[] a = {1, -2, 3, 0.5};
        SymmetricMatrix m = SymmetricMatrix.outer(a);
        DMatrixRMaj dense = m.toDense();
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertThat(m.get(i, j)).isEqualTo(a[i] * a[j]);
                assertThat(dense.get(i, j)).isEqualTo(a[i] * a[j]);
            }
        }
        assertThat(SymmetricMatrix.fromUpperTriangle(dense)).isEqualTo(m);
        assertThat(m.leadingBlock(3)).isEqualTo(SymmetricMatrix.outer(new double[] {1, -2, 3}));
        assertThat(m.columnHead(3, 3)).containsExactly(0.5, -1, 1.5);
        assertThat(m.plusIdentity(2).get(1, 1)).isEqualTo(6.0);
        assertThat(m.plusIdentity(2).get(0, 1)).isEqualTo(-2.0);
        assertThat(m.frobeniusNorm()).isCloseTo(1 + 4 + 9 + 0.25, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SymmetricMatrix.sumOfOuterProducts(4, List.of(a, a))).isEqualTo(m.times(2));
    }

    @Test
    void isImmutable() {
        double[] upper = {1, 2, 3};
        SymmetricMatrix m = new SymmetricMatrix(2, upper);
        upper[0] = 99;
        m.upper()[1] = 99;
        assertThat(m.get(0, 0)).isEqualTo(1.0);
        assertThat(m.get(0, 1)).isEqualTo(2.0);
        assertThatThrownBy(() -> new SymmetricMatrix(2, new double[4])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SymmetricMatrix.outer(new double[] {Double.NaN})).isInstanceOf(IllegalArgumentException.class);
    }
}
