#!/usr/bin/env python3
"""Times online Frechet mean updates of the NumPy/Pymanopt peers on the samples of a .npy file (issue 15.5).

The samples are the ones `atlas frechet --input` reads: an (N, n, k) float64 array of orthonormal bases of Gr(n, k).
Like the atlas command, this reads every sample into memory before timing, starts from M_1 = X_1, runs
M <- step(M, X_i, 1/i) for i = 2..N and times each update alone (time.perf_counter_ns around the step, nothing else),
after `--warmup` untimed updates on a throwaway mean. Before its update each sample is read once, untimed, so that
the step finds it in the cache (the atlas command does the same).

Schemes:
  exp, gifee, retraction      the NumPy equivalents of Fig. S1 in bench/python/frechet_numpy.py (MANOPT, GiFEE,
                              MANOPT-RET), written from the paper's formulas
  opca                        Oja's subspace rule W <- orth(W + eta X X^T W), eta = t/(1 - t), orth by Cholesky QR (the
                              oPCA baseline of section 3.2; not a Frechet mean scheme, reported beside them)
  pymanopt-exp, pymanopt-ret  Pymanopt's own Grassmann.exp / .retraction of Grassmann.log / i (MANOPT and
                              MANOPT-RET), when `import pymanopt` works (put its source on PYTHONPATH; it is never
                              part of this repository)

Prints one JSON object: {"numpy": version, "pymanopt": version or null, "schemes": {name: {"mean_us", "median_us",
"cpu_us" (CPU time of the thread over the timed loop, per update: what a busy machine does not inflate), "samples",
"final_distance"}}}. Run with one BLAS thread (OPENBLAS_NUM_THREADS=1 ...), as bench/peer/run.py does.
"""
import argparse
import json
import os
import statistics
import sys
import time
import types

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import frechet_numpy  # noqa: E402  (the NumPy formulas of Fig. S1)


def step_opca(m, x, t):
    """Oja's subspace rule with eta = t/(1 - t), as the atlas "opca" scheme (OjaStep): orth(W + eta X X^T W)."""
    w = m + (t / (1.0 - t)) * (x @ (x.T @ m))
    lower = np.linalg.cholesky(w.T @ w)
    return np.linalg.solve(lower, w.T).T


def import_pymanopt():
    """Pymanopt if it can be imported, else None. A source checkout on PYTHONPATH lacks the _version module that an
    installation generates; it is stood in for by one that says so."""
    try:
        import pymanopt
    except ModuleNotFoundError as e:
        if e.name != "pymanopt._version":
            return None
        shim = types.ModuleType("pymanopt._version")
        shim.__version__ = "source checkout"
        sys.modules["pymanopt._version"] = shim
        import pymanopt
    return pymanopt


pymanopt = import_pymanopt()


def pymanopt_schemes(n, k):
    """MANOPT and MANOPT-RET with Pymanopt's Grassmann manifold."""
    manifold = pymanopt.manifolds.Grassmann(n, k)

    def exp(m, x, t):
        return manifold.exp(m, t * manifold.log(m, x))

    def ret(m, x, t):
        return manifold.retraction(m, t * manifold.log(m, x))

    return {"pymanopt-exp": exp, "pymanopt-ret": ret}


def available(n, k):
    schemes = dict(frechet_numpy.SCHEMES)
    schemes["opca"] = step_opca
    if pymanopt is not None:
        schemes.update(pymanopt_schemes(n, k))
    return schemes


def time_scheme(step, samples, warmup):
    """Mean and median of the update times in microseconds, and the final estimate."""
    m = samples[0]
    for i in range(1, warmup + 1):
        m = step(m, samples[i % len(samples)], 1.0 / (i + 1))
    m = samples[0]
    times = []
    clock = time.perf_counter_ns
    touched = 0.0
    cpu_start = time.thread_time_ns()
    for i in range(1, len(samples)):
        x = samples[i]
        touched += x.sum()  # untimed: brings the sample into the cache, as the atlas command does before an update
        t = 1.0 / (i + 1)
        start = clock()
        m = step(m, x, t)
        times.append(clock() - start)
    cpu_us = (time.thread_time_ns() - cpu_start) / 1e3 / len(times)
    return statistics.fmean(times) / 1e3, statistics.median(times) / 1e3, cpu_us, m


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("samples", help="an (N, n, k) float64 .npy file")
    p.add_argument("--schemes", default="all", help="comma-separated, or 'all' (default)")
    p.add_argument("--warmup", type=int, default=20, help="untimed updates per scheme before timing")
    p.add_argument("--mean", help="the population mean, (n, k) .npy: the final distance to it is reported")
    args = p.parse_args(argv)
    data = np.load(args.samples, mmap_mode="r")
    if data.ndim != 3:
        sys.exit("peer.py: %s: expected an array of shape (N, n, k), found shape %s" % (args.samples, data.shape))
    samples = [np.array(data[i], dtype=np.float64) for i in range(data.shape[0])]
    n, k = samples[0].shape
    schemes = available(n, k)
    names = list(schemes) if args.schemes == "all" else args.schemes.split(",")
    mean = np.load(args.mean) if args.mean else None
    result = {"numpy": np.__version__, "pymanopt": pymanopt.__version__ if pymanopt else None,
              "n": n, "k": k, "samples": len(samples), "schemes": {}}
    for name in names:
        if name not in schemes:
            sys.exit("peer.py: --schemes: expected names from %s, found '%s'" % (list(schemes), name))
        mean_us, median_us, cpu_us, estimate = time_scheme(schemes[name], samples, args.warmup)
        row = {"mean_us": mean_us, "median_us": median_us, "cpu_us": cpu_us, "samples": len(samples)}
        if mean is not None:
            row["final_distance"] = frechet_numpy_distance(estimate, mean)
        result["schemes"][name] = row
    print(json.dumps(result))


def frechet_numpy_distance(a, b):
    """The geodesic distance of two orthonormal bases: the norm of their principal angles."""
    s = np.clip(np.linalg.svd(a.T @ b, compute_uv=False), -1.0, 1.0)
    return float(np.linalg.norm(np.arccos(s)))


if __name__ == "__main__":
    main(sys.argv[1:])
