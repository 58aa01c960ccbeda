"""The feature pipeline the multiclass data sets share (bench/prepare-digits.py, bench/prepare-wine.py):
standardise, project on the first principal components with fixed signs, scale so that the QUANTILE-th
percentile row norm is R = sqrt(1 - bias^2), clip longer rows to R, append the constant bias, truncate
to 6 decimals towards zero (so no norm grows past 1), and write label,x1..x(k+1). Deterministic, numpy only.
"""
import os

import numpy as np


def contexts(features, components, quantile, bias):
    """The contexts of the rows of FEATURES; returns (x, share of the variance explained, rows clipped)."""
    std = features.std(axis=0)
    std[std == 0] = 1.0
    standard = (features - features.mean(axis=0)) / std
    _, singular, vt = np.linalg.svd(standard, full_matrices=False)
    loadings = vt[:components]
    signs = np.sign(loadings[np.arange(components), np.abs(loadings).argmax(axis=1)])
    loadings = loadings * signs[:, None]
    z = standard @ loadings.T
    radius = np.sqrt(1 - bias ** 2)
    x = z * radius / np.percentile(np.linalg.norm(z, axis=1), quantile)
    norms = np.linalg.norm(x, axis=1)
    clipped = int((norms > radius).sum())
    x = x * np.minimum(1.0, radius / norms)[:, None]
    x = np.hstack([x, np.full((len(z), 1), bias)])
    x = np.trunc(x * 1e6) / 1e6  # 6 decimals towards zero: no |coordinate| grows, so the norm stays <= 1
    assert np.linalg.norm(x, axis=1).max() <= 1.0
    explained = (singular[:components] ** 2).sum() / (singular ** 2).sum()
    return x, explained, clipped


def write(out, labels, x):
    """label,x1..xn with 6 decimals, rows in the source order."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("label," + ",".join("x%d" % (i + 1) for i in range(x.shape[1])) + "\n")
        for label, row in zip(labels, x):
            f.write("%d,%s\n" % (label, ",".join("%.6f" % v for v in row)))
