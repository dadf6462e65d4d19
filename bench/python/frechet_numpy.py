#!/usr/bin/env python3
"""NumPy reference timings for the online Frechet mean baselines of section 3.2 (Fig. 1, Fig. S1).

A Pymanopt-equivalent written from the paper's formulas, not from Pymanopt's code: points of Gr(n,k) are
orthonormal n x k NumPy arrays, and one update M <- step(M, X, 1/i) uses

  exp        ManoptLog then ManoptExp of L/i          (MANOPT)
  gifee      GifeeLog then GifeeExp with Theta/i      (GiFEE)
  retraction ManoptLog then ManoptRet of X + L/i      (MANOPT-RET)

exactly as Fig. S1 writes them (thin SVDs, a k x k solve, a final QR). Samples come from the geodesic power
distribution GPD(X, p) of App. C.3 and are drawn before timing; only the updates are timed. Pymanopt adds Python
overhead (manifold objects, argument checks) on top of these NumPy calls, so these times are a lower bound on
Pymanopt's, and "ATLAS is r times faster than this" is a conservative check of "r times faster than Pymanopt".

Run (unset the machine's OpenBLAS overrides for a fair measurement):
  env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 bench/python/frechet_numpy.py \
      --sizes 30x5,100x5,300x10,2000x10,2000x100,2000x500 --json numpy-frechet.json
"""
import argparse
import ctypes
import glob
import json
import math
import os
import sys
import time

import numpy as np

SEED = 1
POWER = 2.0


def blas_info():
    """The BLAS NumPy was built with, and what its OpenBLAS reports at run time (threads, core type)."""
    info = {"numpy": np.__version__}
    try:
        deps = np.show_config(mode="dicts").get("Build Dependencies", {})
        blas = deps.get("blas", {})
        info["blas"] = blas.get("name")
        info["blas_version"] = blas.get("version")
    except (TypeError, AttributeError):
        pass
    libs = os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs")
    for path in glob.glob(os.path.join(libs, "*openblas*")):
        lib = ctypes.CDLL(path)
        for suffix in ("64_", ""):
            threads = getattr(lib, "scipy_openblas_get_num_threads" + suffix, None)
            core = getattr(lib, "scipy_openblas_get_corename" + suffix, None)
            if threads is not None and core is not None:
                core.restype = ctypes.c_char_p
                info["openblas_threads"] = threads()
                info["openblas_core"] = core().decode()
                break
    for var in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        if var in os.environ:
            info[var] = os.environ[var]
    return info


def qr_q(z):
    """The orthonormal factor of a thin QR with R's diagonal made positive (so a step by 0 returns X)."""
    q, r = np.linalg.qr(z)
    return q * np.where(np.diag(r) < 0, -1.0, 1.0)


def log_factors(x, y):
    """The thin SVD of A = (I - X X^T) Y (X^T Y)^{-1} for orthonormal X (Fig. S1, ManoptLog/GifeeLog, line 1-2)."""
    xty = x.T @ y
    a = np.linalg.solve(xty.T, (y - x @ xty).T).T
    return np.linalg.svd(a, full_matrices=False)


def manopt_log(x, y):
    u, s, vt = log_factors(x, y)
    return (u * np.arctan(s)) @ vt


def manopt_exp(x, v):
    u, s, vt = np.linalg.svd(v, full_matrices=False)
    return qr_q((x @ vt.T) * np.cos(s) @ vt + (u * np.sin(s)) @ vt)


def step_exp(m, x, t):
    return manopt_exp(m, t * manopt_log(m, x))


def step_retraction(m, x, t):
    u, _, vt = np.linalg.svd(m + t * manopt_log(m, x), full_matrices=False)
    return qr_q(u @ vt)


def step_gifee(m, x, t):
    # GifeeLog keeps the (X^T X)^{-1} of Fig. S1: the projector I - X (X^T X)^{-1} X^T, applied without forming it.
    xtx = m.T @ m
    xty = m.T @ x
    a = x - m @ np.linalg.solve(xtx, xty)
    a = np.linalg.solve(xty.T, a.T).T
    u, s, vt = np.linalg.svd(a, full_matrices=False)
    theta = t * np.arctan(s)
    return qr_q((m @ vt.T) * np.cos(theta) + u * np.sin(theta))


SCHEMES = {"exp": step_exp, "gifee": step_gifee, "retraction": step_retraction}


def uniform(rng, n, k):
    return qr_q(rng.standard_normal((n, k)))


def gpd(rng, mean, power):
    """GPD(X, p) of App. C.3 with the paper's delta_max = (pi/2) sqrt(max(k, n-k))."""
    n, k = mean.shape
    delta_max = math.pi / 2 * math.sqrt(max(k, n - k))
    while True:
        y = uniform(rng, n, k)
        if np.linalg.cond(mean.T @ y) > 1e12:
            continue
        log = manopt_log(mean, y)
        delta = np.linalg.norm(log)  # its singular values are the principal angles
        return manopt_exp(mean, (delta / delta_max) ** power * log)


def default_count(n, k):
    """Enough samples for a stable mean time, few enough that the slow schemes finish in seconds."""
    return int(min(2000, max(5, 2e8 / (n * k * k + 1e5))))


def run(n, k, schemes, count, warmup):
    rng = np.random.default_rng(SEED)
    mean = uniform(rng, n, k)
    samples = [gpd(rng, mean, POWER) for _ in range(min(count + warmup, 64))]
    rows = []
    for name in schemes:
        step = SCHEMES[name]
        m = samples[0]
        for i in range(1, warmup + 1):
            m = step(m, samples[i % len(samples)], 1.0 / (i + 1))
        m = samples[0]
        start = time.perf_counter()
        for i in range(1, count + 1):
            m = step(m, samples[i % len(samples)], 1.0 / (i + 1))
        elapsed = time.perf_counter() - start
        rows.append({"n": n, "k": k, "scheme": name, "samples": count,
                     "microsPerSample": elapsed / count * 1e6})
    return rows


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="30x5,100x5,300x10,2000x10,2000x100,2000x500")
    p.add_argument("--schemes", default=",".join(SCHEMES))
    p.add_argument("--count", type=int, default=0, help="updates timed per size and scheme (0: by size)")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--json", help="also write the results to this file")
    args = p.parse_args(argv)
    info = blas_info()
    print("# " + json.dumps(info), flush=True)
    results = []
    for size in args.sizes.split(","):
        n, k = (int(v) for v in size.split("x"))
        count = args.count or default_count(n, k)
        for row in run(n, k, args.schemes.split(","), count, args.warmup):
            results.append(row)
            print("Gr(%d,%d)  %-10s  N=%-5d  %12.1f us/sample" % (n, k, row["scheme"], count,
                                                                   row["microsPerSample"]), flush=True)
    if args.json:
        tmp = args.json + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"environment": info, "results": results}, f, indent=2)
        os.replace(tmp, args.json)


if __name__ == "__main__":
    main(sys.argv[1:])
