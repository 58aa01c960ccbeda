#!/usr/bin/env python3
"""Turns the optical-recognition digits data shipped by Debian's python3-sklearn into the
simulator's multiclass data set (src/main/resources/datasets/digits/digits-pca7.csv).

Deterministic (no randomness), numpy only:
  1. read sklearn/datasets/data/digits.csv.gz: 1797 rows, 64 pixel counts (0..16), the label 0..9 last;
  2. standardise each pixel column (mean 0, variance 1; the 3 columns that are constant keep scale 1);
  3. project on the first 6 principal components (SVD of the standardised matrix), z_i in R^6;
  4. rescale and clip: x_i = z_i * R / m with m = the median of ||z_i|| and R = sqrt(1 - b^2), then every
     row with ||x_i|| > R is scaled down to norm R (about half the rows: clipping at the median norm), and
     the constant bias b = 0.3 is appended, so ||(x_i, b)|| <= 1 for every row. Dividing by the largest
     norm instead (as this script first did) leaves the median row a sixth of the norm budget, about
     1/36 of the signal per row in a private Gram matrix: docs/benchmarks-real.md, "The data's scale";
  5. write label,x1..x7 (x7 the bias) truncated towards zero to 6 decimals, rows in the source order.
The signs of principal components are fixed so that the largest-magnitude loading of each is positive.

Usage: python3 bench/prepare-digits.py [SOURCE] [OUT]
Environment: QUANTILE (50: the norm percentile the rows are scaled to and clipped at; 100 is the first
version's division by the largest norm) and BIAS (0.3; the first version had 1/sqrt(2)), for
bench/real-data-scale.sh. The committed CSV uses the defaults.
"""
import gzip
import os
import sys

import numpy as np

from multiclass_features import contexts, write

SOURCE = "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "main", "resources", "datasets",
                   "digits", "digits-pca7.csv")
COMPONENTS = 6
QUANTILE = float(os.environ.get("QUANTILE", "50"))
BIAS = float(os.environ.get("BIAS", "0.3"))


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    out = sys.argv[2] if len(sys.argv) > 2 else OUT
    with gzip.open(source, "rt") as f:
        data = np.loadtxt(f, delimiter=",")
    pixels, labels = data[:, :-1], data[:, -1].astype(int)
    assert pixels.shape == (1797, 64) and set(labels) == set(range(10)), pixels.shape
    x, explained, clipped = contexts(pixels, COMPONENTS, QUANTILE, BIAS)
    write(out, labels, x)
    print("wrote %s: %d rows, %d features, max norm %.6f, %d rows clipped, variance explained by %d components "
          "%.3f, class counts %s" % (out, len(x), x.shape[1], np.linalg.norm(x, axis=1).max(), clipped, COMPONENTS,
                                     explained,
                               np.bincount(labels).tolist()), file=sys.stderr)


if __name__ == "__main__":
    main()
