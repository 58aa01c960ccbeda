#!/usr/bin/env python3
"""Turns the UCI wine recognition data shipped by Debian's python3-sklearn into the simulator's second
multiclass data set (src/main/resources/datasets/wine/wine-pca5.csv), the same steps as
bench/prepare-digits.py with another source and number of components.

Deterministic (no randomness), numpy only:
  1. read sklearn/datasets/data/wine_data.csv: 178 rows, 13 chemical measurements, the label 0..2 last
     (59, 71 and 48 rows; the first line is sklearn's header "178,13,class_0,class_1,class_2");
  2. standardise each column (mean 0, variance 1);
  3. project on the first 4 principal components (SVD of the standardised matrix; 73.6 % of the variance),
     signs fixed so that the largest-magnitude loading of each component is positive;
  4. rescale and clip as the digits are: x_i = z_i * R / m with m = the median of ||z_i|| and
     R = sqrt(1 - b^2), every row with ||x_i|| > R scaled down to norm R, the constant bias b = 0.3 appended,
     so ||(x_i, b)|| <= 1 for every row;
  5. write label,x1..x5 (x5 the bias) truncated towards zero to 6 decimals, rows in the source order.

Why 4 components: the context then has 5 features (the digits have 7) and the joint point of a context and a
one-hot class has 8 coordinates, the most GPUCB's quadrature features take (M = 2 * 2^8 = 512). The wine data
is nearly linearly separable (a least-squares linear classifier on these 5 features fits 96.6 % of the rows),
so the task is easier per class than the digits; with 3 classes uniform play gets 1/3.

Usage: python3 bench/prepare-wine.py [SOURCE] [OUT]
Environment: COMPONENTS (4), QUANTILE (50) and BIAS (0.3). The committed CSV uses the defaults.
"""
import os
import sys

import numpy as np

from multiclass_features import contexts, write

SOURCE = "/usr/lib/python3/dist-packages/sklearn/datasets/data/wine_data.csv"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "main", "resources", "datasets",
                   "wine", "wine-pca5.csv")
COMPONENTS = int(os.environ.get("COMPONENTS", "4"))
QUANTILE = float(os.environ.get("QUANTILE", "50"))
BIAS = float(os.environ.get("BIAS", "0.3"))


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    out = sys.argv[2] if len(sys.argv) > 2 else OUT
    data = np.loadtxt(source, delimiter=",", skiprows=1)
    features, labels = data[:, :-1], data[:, -1].astype(int)
    assert features.shape == (178, 13) and set(labels) == {0, 1, 2}, features.shape
    x, explained, clipped = contexts(features, COMPONENTS, QUANTILE, BIAS)
    assert len({tuple(row) for row in x}) == len(x), "two rows share features: rewards would not be 0/1"
    onehot = np.eye(labels.max() + 1)[labels]
    fit = (np.argmax(x @ np.linalg.lstsq(x, onehot, rcond=None)[0], axis=1) == labels).mean()
    write(out, labels, x)
    print("wrote %s: %d rows, %d features, max norm %.6f, %d rows clipped, variance explained by %d components "
          "%.3f, least-squares linear fit %.3f, class counts %s" % (
              out, len(x), x.shape[1], np.linalg.norm(x, axis=1).max(), clipped, COMPONENTS, explained, fit,
              np.bincount(labels).tolist()), file=sys.stderr)


if __name__ == "__main__":
    main()
