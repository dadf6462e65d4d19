#!/usr/bin/env python3
"""Pymanopt's steepest descent and conjugate gradients on the problems of `atlas optimize` (issue 11.4).

The problems are built from the closed forms of org.atlasgraph.optim.problem.Problems, with no random numbers, so
both sides minimize the same function from the same start point:
  A = Q diag(lambda) Q^T, Q = H(u) H(v), H(w) = I - 2 w w^T / |w|^2, u_i = sin(i + 1), v_i = cos(2i + 1)
  lambda: the top k spread linearly over [1, 2) (lambda_1 = 2 - 1/k, lambda_k = 1), the other n - k linearly over
          [0, 0.9]
  start:  the n x k matrix 1 + sin((i + 1)(j + 2)), orthonormalized by Gram-Schmidt (k = 1: a unit vector)
  rayleigh  f(x) = -x^T A x on the sphere S^{n-1} (Pymanopt's Sphere(n)), k = 1, minimum -1
  brockett  f(X) = -tr(X^T A X) on Gr(n, k) (Pymanopt's Grassmann(n, k)), minimum -(lambda_1 + ... + lambda_k)
The cost and the Euclidean gradient (-2 A X) are explicit NumPy functions (pymanopt.function.numpy); Pymanopt turns
the Euclidean gradient into the Riemannian one by its tangent-space projection, as Objective.ambient does on our side.

Each optimizer runs once untimed (as `atlas optimize` warms up every method), then --repeat times timed
(time.perf_counter around Optimizer.run); it stops at a Riemannian gradient norm <= --tolerance or after
--max-iterations. Pymanopt's other stopping rules (step size, cost evaluations, time) are switched off so that the
gradient norm decides, as on our side. Pymanopt's line searches compare cost values (Armijo), which stop making
progress once the decrease is below the cost's rounding error, about |f| 1e-16: on these problems its gradient norm
stalls between 2e-8 and 6.2e-7. Where the untimed run never reaches --tolerance, the timed runs stop at the iteration
where it had its smallest gradient norm, and the table says so. Iterations are steps taken (Pymanopt's count
less one: it counts the start point), as `atlas optimize` counts them. NumPy should run with one BLAS thread
(OPENBLAS_NUM_THREADS=1 ...), as our EJML products do.

With --jar, the same problem is also run by `java -jar JAR optimize --problem P --repeat R` and its table is printed
first, so that one invocation gives both sides at the same load.

Pymanopt is never part of this repository: put a source checkout's src/ on the path with --pymanopt DIR (or
PYTHONPATH); a checkout lacks the generated pymanopt._version module, which is stood in for as in peer.py.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time
import types

import numpy as np


def import_pymanopt():
    """Pymanopt, with a stand-in for the _version module an installation generates (a source checkout lacks it)."""
    try:
        import pymanopt
    except ModuleNotFoundError as e:
        if e.name != "pymanopt._version":
            raise
        shim = types.ModuleType("pymanopt._version")
        shim.__version__ = "source checkout"
        sys.modules["pymanopt._version"] = shim
        import pymanopt
    import pymanopt.manifolds  # noqa: F401
    import pymanopt.optimizers  # noqa: F401
    return pymanopt


def spectrum(n, k):
    """Problems.spectrum: lambda_1 >= ... >= lambda_n."""
    top = [1 + (k - 1 - i) / k for i in range(k)]
    rest = [0.9 * (n - k - 1 - j) / (n - k - 1) for j in range(n - k)]
    return np.array(top + rest)


def symmetric_matrix(n, k):
    """Problems.symmetricMatrix: A = H(u) H(v) diag(lambda) H(v) H(u)."""
    i = np.arange(n)
    a = np.diag(spectrum(n, k))
    for w in (np.cos(2 * i + 1.0), np.sin(i + 1.0)):
        h = np.eye(n) - 2 * np.outer(w, w) / (w @ w)
        a = h @ a @ h
    return (a + a.T) / 2


def start_basis(n, k):
    """Problems.startBasis: 1 + sin((i + 1)(j + 2)), columns orthonormalized by classical Gram-Schmidt in order."""
    i = np.arange(1, n + 1, dtype=float)
    columns = []
    for j in range(k):
        c = 1 + np.sin(i * (j + 2))
        for prev in columns:
            c = c - (c @ prev) * prev
        columns.append(c / np.linalg.norm(c))
    return np.stack(columns, axis=1)


def build(pymanopt, name, n, k):
    """The manifold, the Pymanopt problem, the start point and the closed-form minimum."""
    if name == "rayleigh":
        manifold = pymanopt.manifolds.Sphere(n)
        a = symmetric_matrix(n, 1)
        x0 = start_basis(n, 1)[:, 0]
        minimum = -1.0
    elif name == "brockett":
        manifold = pymanopt.manifolds.Grassmann(n, k)
        a = symmetric_matrix(n, k)
        x0 = start_basis(n, k)
        minimum = -float(np.sum(spectrum(n, k)[:k]))
    else:
        raise SystemExit(f"--problem: expected rayleigh or brockett, found '{name}'")

    @pymanopt.function.numpy(manifold)
    def cost(x):
        return -float(np.sum(x * (a @ x)))

    @pymanopt.function.numpy(manifold)
    def euclidean_gradient(x):
        return -2 * (a @ x)

    problem = pymanopt.Problem(manifold, cost, euclidean_gradient=euclidean_gradient)
    return problem, x0, minimum


def optimizers(pymanopt, names, tolerance):
    """Factories of Pymanopt's SteepestDescent and ConjugateGradient (one per beta rule), called with the iteration
    budget and the log verbosity; they stop on the gradient norm and the budget only."""
    rules = {"cg-fr": "FletcherReeves", "cg-prp": "PolakRibiere", "cg-hs": "HestenesStiefel",
             "cg-hz": "HagerZhang"}

    def factory(name):
        def make(max_iterations, log_verbosity=0):
            common = dict(max_time=float("inf"), max_iterations=max_iterations, min_gradient_norm=tolerance,
                          min_step_size=0.0, max_cost_evaluations=10 ** 9, verbosity=0,
                          log_verbosity=log_verbosity)
            if name == "sd":
                return pymanopt.optimizers.SteepestDescent(**common)
            return pymanopt.optimizers.ConjugateGradient(beta_rule=rules[name], **common)
        return make

    for name in names:
        if name != "sd" and name not in rules:
            raise SystemExit(f"--methods: expected sd, cg-fr, cg-prp, cg-hs or cg-hz, found '{name}'")
    return {name: factory(name) for name in names}


def atlas_table(jar, name, n, k, repeat, tolerance, max_iterations, methods):
    """The output of `java -jar JAR optimize` on the same problem (JAVA from JAVA_HOME, else the PATH)."""
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") if "JAVA_HOME" in os.environ else "java"
    # With the Vector API module, as the ./atlas launcher runs it (else the small-k kernels run their scalar loops).
    command = [java, "--add-modules", "jdk.incubator.vector", "-jar", jar, "optimize", "--problem", name, "--n", str(n), "--repeat", str(repeat),
               "--tolerance", repr(tolerance), "--max-iterations", str(max_iterations)]
    if name == "brockett":
        command += ["--k", str(k)]
    if methods:
        command += ["--methods", methods]
    print("$ " + " ".join(command), flush=True)
    done = subprocess.run(command, capture_output=True, text=True)
    print(done.stdout, end="")
    if done.returncode != 0:
        print(done.stderr, end="", file=sys.stderr)
        raise SystemExit(f"atlas optimize exited with {done.returncode}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--problem", default="rayleigh", help="rayleigh or brockett (default rayleigh)")
    parser.add_argument("--n", type=int, help="matrix size (default 1000 for rayleigh, 500 for brockett)")
    parser.add_argument("--k", type=int, default=10, help="brockett: subspace dimension (default 10)")
    parser.add_argument("--methods", default="sd,cg-fr,cg-prp,cg-hs",
                        help="comma-separated: sd, cg-fr, cg-prp, cg-hs, cg-hz (default sd,cg-fr,cg-prp,cg-hs)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per method after one untimed (default 3)")
    parser.add_argument("--tolerance", type=float, default=1e-8, help="gradient norm to reach (default 1e-8)")
    parser.add_argument("--max-iterations", type=int, default=1000, help="iteration budget (default 1000)")
    parser.add_argument("--pymanopt", help="a Pymanopt source directory (the checkout's src/) to put on the path")
    parser.add_argument("--jar", help="also run `java -jar JAR optimize` on the same problem, first")
    parser.add_argument("--atlas-methods", default="", help="--methods passed to atlas optimize (default: all)")
    args = parser.parse_args()
    n = args.n if args.n is not None else (1000 if args.problem == "rayleigh" else 500)
    k = 1 if args.problem == "rayleigh" else args.k

    if args.jar:
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        atlas_table(args.jar, args.problem, n, k, args.repeat, args.tolerance, args.max_iterations,
                    args.atlas_methods)
    if args.pymanopt:
        sys.path.insert(0, args.pymanopt)
    pymanopt = import_pymanopt()
    problem, x0, minimum = build(pymanopt, args.problem, n, k)
    print(f"\nPymanopt ({pymanopt.__version__}), NumPy {np.__version__}, BLAS threads "
          f"{os.environ.get('OPENBLAS_NUM_THREADS', 'default')}: {args.problem}, n = {n}"
          + (f", k = {k}" if k > 1 else "") + f", minimum f = {minimum:.10g} (closed form), f(start) = "
          f"{problem.cost(x0):.10g}")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| method | iterations | mean s | median s | |grad| | f - min | stopped by |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, make in optimizers(pymanopt, args.methods.split(","), args.tolerance).items():
        log = make(args.max_iterations, log_verbosity=1).run(problem, initial_point=x0).log
        norms = np.array(log["iterations"]["gradient_norm"])
        reached = np.flatnonzero(norms <= args.tolerance)
        budget = args.max_iterations if reached.size else int(np.argmin(norms)) + 1
        seconds = []
        for _ in range(args.repeat):
            optimizer = make(budget)
            start = time.perf_counter()
            result = optimizer.run(problem, initial_point=x0)
            seconds.append(time.perf_counter() - start)
        stopped = (result.stopping_criterion.splitlines()[0] if reached.size else
                   f"stalled: |grad| never <= {args.tolerance:g} in {args.max_iterations} iterations; timed to its "
                   f"smallest |grad|, at iteration {budget - 1}")
        print(f"| pymanopt-{name} | {result.iterations - 1} | {statistics.mean(seconds):.4f} | "
              f"{statistics.median(seconds):.4f} | {result.gradient_norm:.2e} | {result.cost - minimum:.2e} | "
              f"{stopped} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
