#!/usr/bin/env python3
"""The peer comparison of issue 15.5: atlas frechet --input against NumPy/Pymanopt on the same samples.

For every size n x k and count N it
  1. draws N samples of GPD(X, 2) on Gr(n, k) with `atlas frechet --save-samples` (seed 1; the mean X too), once;
  2. runs, interleaved and --reps times (the order alternates between repetitions), `atlas frechet --input FILE
     --schemes atlas` (the CLI's own timing: update times only, after its stated warm-up) and, when NumPy is present,
     bench/peer/peer.py on the same file (one BLAS thread: OPENBLAS_NUM_THREADS = OMP_NUM_THREADS = MKL_NUM_THREADS
     = 1), with Pymanopt's own schemes too when `import pymanopt` works (--pymanopt DIR puts a source checkout on
     PYTHONPATH);
  3. optionally (--jmh) runs JMH's FrechetBenchmark for the atlas scheme at each size (bench/target/benchmarks.jar);
  4. prints one Markdown table: medians over the repetitions and their spread (min-max), the best peer Frechet scheme
     (lowest median of its mean times), the ratio peer mean / atlas mean (median over the repetitions, min-max; the
     issue's measure), the same ratio of medians and of CPU time per update (robust to a busy machine), the goal of
     the issue for the row, NumPy's oPCA (Oja's rule, not a Frechet mean: beside, never the "best peer") and
     its ratio, the atlas command's warm-up (wall seconds and untimed updates per scheme, as its JSON reports them)
     and the whole atlas process's wall time (JVM start, reading, warm-up, run), and the load average (1 min) before
     and after each run.

Run from anywhere (the repository is found from this file):
  python3 bench/peer/run.py --sizes 30x5,100x5,300x10 --counts 1000,20000 --reps 3 --jmh \\
      --pymanopt /path/to/pymanopt/src --json peer.json
Samples are kept in --workdir (default /tmp/atlas-peer) and reused; nothing is written into the repository.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PEER = os.path.join(ROOT, "bench", "peer", "peer.py")
BENCHMARKS = os.path.join(ROOT, "bench", "target", "benchmarks.jar")
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def goal(n, k, count):
    """The issue's goal for a row: peer mean / atlas mean at least this."""
    if n >= 2000:
        return 3
    return 20 if count >= 20000 else 10


def huge_pages():
    """Whether the kernel lets the JVM put its heap on transparent huge pages (the ./atlas launcher's test)."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            mode = f.read()
    except OSError:
        return False
    return "[always]" in mode or "[madvise]" in mode


def atlas_command(jar=None):
    """The atlas launcher: the given jar, else this repository's jar when it is built, else the repository's ./atlas
    script (which builds it)."""
    jar = jar or os.path.join(ROOT, "cli", "target", "atlas.jar")
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") if os.environ.get("JAVA_HOME") else "java"
    # As the ./atlas launcher runs `atlas frechet`: with the Vector API module, without which the small-k kernels fall
    # back to their scalar loops (3x slower at Gr(300,10)), and with the heap on transparent huge pages where the
    # kernel offers them (a fresh 4-KB page's first touch cost ~15 us here: 12-16 ms in a first update at (2000,10)).
    extra = ["--add-modules", "jdk.incubator.vector"] + (["-XX:+UseTransparentHugePages"] if huge_pages() else []) \
        + os.environ.get("ATLAS_JAVA_OPTS", "").split()
    return [java] + extra + ["-jar", jar] if os.path.exists(jar) else [os.path.join(ROOT, "atlas")]


def run(cmd, env=None, fatal=True):
    """Runs a command; returns (stdout, wall seconds, load before, load after). On failure exits with its stderr, or
    (fatal=False) prints it and returns None."""
    before = os.getloadavg()[0]
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = os.getloadavg()[0]
    if p.returncode != 0:
        message = "run.py: %s failed (exit %d):\n%s" % (" ".join(cmd), p.returncode, p.stderr)
        if fatal:
            sys.exit(message)
        print(message, file=sys.stderr, flush=True)
        return None
    return p.stdout, wall, before, after


def samples(workdir, n, k, count):
    """The sample and mean files of a size and count, drawn by atlas once."""
    base = os.path.join(workdir, "gr%dx%d-N%d-p2-seed1" % (n, k, count))
    files = base + ".npy", base + "-mean.npy"
    if not all(os.path.exists(f) for f in files):
        run(atlas_command() + ["frechet", "--param", "n=%d" % n, "--param", "k=%d" % k, "--count", str(count),
                               "--seed", "1", "--p", "2", "--save-samples", files[0], "--save-mean", files[1]])
    return files


def atlas_run(files, warmup, jar=None):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "atlas.json")
        cmd = atlas_command(jar) + ["frechet", "--input", files[0], "--mean", files[1], "--schemes", "atlas",
                                 "--json", out]
        if warmup is not None:
            cmd += ["--warmup", str(warmup)]
        _, wall, before, after = run(cmd)
        with open(out) as f:
            run_json = json.load(f)["runs"][0]
            row = run_json["schemes"][0]
            warm = run_json.get("warmUp", {})
    return {"mean_us": row["microsPerSample"], "median_us": row["medianMicros"],
            "cpu_us": row.get("cpuMicrosPerSample"), "distance": row["finalDistance"], "process_s": wall,
            "warmup_s": warm.get("seconds"), "warmup_updates": warm.get("updatesPerScheme"),
            "warmup_ended": warm.get("ended"), "load": [before, after]}


def peer_run(files, pymanopt_path, schemes):
    env = dict(os.environ, **ONE_THREAD)
    if pymanopt_path:
        env["PYTHONPATH"] = pymanopt_path + os.pathsep + env.get("PYTHONPATH", "")
    out, wall, before, after = run([sys.executable, PEER, files[0], "--mean", files[1], "--schemes", schemes], env)
    result = json.loads(out)
    result["load"] = [before, after]
    result["process_s"] = wall
    return result


def jmh(n, k):
    """JMH's FrechetBenchmark.update for the atlas scheme at n x k: the score in us/op, or None without the jar or
    when JMH fails (e.g. another JMH run holds its lock): the measured table is never lost to it."""
    if not os.path.exists(BENCHMARKS):
        return None
    java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") if os.environ.get("JAVA_HOME") else "java"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "jmh.json")
        if run([java, "-jar", BENCHMARKS, "FrechetBenchmark.update", "-p", "size=%dx%d" % (n, k), "-p",
                "scheme=atlas", "-f", "1", "-wi", "5", "-i", "5", "-w", "1", "-r", "1", "-rf", "json", "-rff", out],
               fatal=False) is None:
            return None
        with open(out) as f:
            return json.load(f)[0]["primaryMetric"]["score"]


def warm_spread(runs):
    """The warm-up seconds of atlas runs, or "–" where the jar's JSON does not report them (before --warmup auto)."""
    values = [r["warmup_s"] for r in runs if r.get("warmup_s") is not None]
    return spread(values, "%.2f") if values else "–"


def spread(values, fmt):
    return (fmt + " (" + fmt + "–" + fmt + ")") % (statistics.median(values), min(values), max(values))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="30x5,100x5,300x10")
    p.add_argument("--counts", default="1000,20000", help="N per size, comma-separated; sizes with n >= 2000 take "
                   "--large-count instead")
    p.add_argument("--large-count", default="1000:10,200:100,40:500",
                   help="N for n >= 2000 as N:k pairs (default 1000 for k = 10, 200 for k = 100, 40 for k = 500)")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--warmup", help="atlas frechet --warmup auto|SECONDS (default: the command's, auto)")
    p.add_argument("--compare-jar", help="another atlas.jar (e.g. built from an earlier commit), run interleaved "
                   "with this one with its own default warm-up; a second table compares the two")
    p.add_argument("--jmh", action="store_true", help="also run JMH's FrechetBenchmark for the atlas scheme")
    p.add_argument("--peer-schemes", default="all", help="peer.py --schemes: comma-separated, or 'all' (default); "
                   "opca is always added")
    p.add_argument("--pymanopt", help="a Pymanopt source directory (its src/) to put on PYTHONPATH for the peer")
    p.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "atlas-peer"))
    p.add_argument("--json", help="also write every measurement to this file")
    args = p.parse_args(argv)
    os.makedirs(args.workdir, exist_ok=True)
    try:
        import numpy  # noqa: F401  (only to know whether the peer can run)
        numpy_present = True
    except ImportError:
        numpy_present = False
    peer_schemes = args.peer_schemes if args.peer_schemes == "all" or "opca" in args.peer_schemes.split(",") \
        else args.peer_schemes + ",opca"
    large = {int(kk): int(nn) for nn, kk in (pair.split(":") for pair in args.large_count.split(","))}
    rows = []
    for size in args.sizes.split(","):
        n, k = (int(v) for v in size.split("x"))
        counts = [large.get(k, 40)] if n >= 2000 else [int(c) for c in args.counts.split(",")]
        for count in counts:
            rows.append({"n": n, "k": k, "count": count, "files": samples(args.workdir, n, k, count), "atlas": [],
                         "peer": [], "compare": []})
    print("# machine: %d CPUs, load average %.2f %.2f %.2f; java: %s; numpy: %s; reps: %d" % (
        os.cpu_count(), *os.getloadavg(), shutil.which("java"), "yes" if numpy_present else "absent", args.reps),
        flush=True)
    for rep in range(args.reps):
        for row in rows:
            order = ["atlas", "peer"] if rep % 2 == 0 else ["peer", "atlas"]
            if args.compare_jar:
                order.insert(1, "compare")
            for who in order:
                if who == "atlas":
                    row["atlas"].append(atlas_run(row["files"], args.warmup))
                elif who == "compare":
                    row["compare"].append(atlas_run(row["files"], None, args.compare_jar))
                elif numpy_present:
                    row["peer"].append(peer_run(row["files"], args.pymanopt, peer_schemes))
            print("# rep %d Gr(%d,%d) N=%d done, load %.2f" % (rep + 1, row["n"], row["k"], row["count"],
                                                                os.getloadavg()[0]), flush=True)
    if args.jmh:
        scores = {}
        for row in rows:
            key = (row["n"], row["k"])
            if key not in scores:
                scores[key] = jmh(*key)
            row["jmh_us"] = scores[key]
    print()
    print("| size | N | atlas CLI mean µs | atlas CLI median µs | atlas cpu µs | JMH µs | best peer (mean / median µs)"
          " | ratio peer/atlas (mean) | ratio (median) | ratio (cpu) | goal | NumPy oPCA mean µs | ratio oPCA/atlas"
          " | atlas warm-up s (updates) | atlas process s | load |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
          " ---: |")
    for row in rows:
        a = row["atlas"]
        means = [r["mean_us"] for r in a]
        cpu = [r["cpu_us"] for r in a if r["cpu_us"] is not None]
        loads = [v for r in a + row["peer"] for v in r["load"]]
        peer_text, ratio_text, opca_text, opca_ratio, median_ratio, cpu_ratio = "–", "–", "–", "–", "–", "–"
        if row["peer"]:
            names = [s for s in row["peer"][0]["schemes"] if s != "opca"]
            best = min(names, key=lambda s: statistics.median(r["schemes"][s]["mean_us"] for r in row["peer"]))
            opca = [r["schemes"]["opca"]["mean_us"] for r in row["peer"]]
            opca_text = spread(opca, "%.1f")
            opca_ratio = spread([o / am for o, am in zip(opca, means)], "%.1f×")
            peer_means = [r["schemes"][best]["mean_us"] for r in row["peer"]]
            peer_medians = [r["schemes"][best]["median_us"] for r in row["peer"]]
            peer_text = "%s %s / %s" % (best, spread(peer_means, "%.1f"), "%.1f" % statistics.median(peer_medians))
            ratios = [pm / am for pm, am in zip(peer_means, means)]
            median_ratio = spread([pm / r["median_us"] for pm, r in zip(peer_medians, a)], "%.1f×")
            if len(cpu) == len(a):
                cpu_ratio = spread([r["schemes"][best]["cpu_us"] / c for r, c in zip(row["peer"], cpu)], "%.1f×")
            ratio_text = spread(ratios, "%.1f×")
            row["best_peer"] = best
            row["ratio_median"] = statistics.median(ratios)
        warm = [r["warmup_s"] for r in a if r.get("warmup_s") is not None]
        warm_updates = [r["warmup_updates"] for r in a if r.get("warmup_updates") is not None]
        warm_text = "%s (%d)" % (spread(warm, "%.2f"), statistics.median(warm_updates)) if warm else "–"
        print("| (%d,%d) | %d | %s | %s | %s | %s | %s | %s | %s | %s | ≥ %d× | %s | %s | %s | %s | %.1f–%.1f |" % (
            row["n"], row["k"], row["count"], spread(means, "%.2f"),
            spread([r["median_us"] for r in a], "%.2f"), spread(cpu, "%.2f") if cpu else "–",
            "%.2f" % row["jmh_us"] if row.get("jmh_us") else "–", peer_text, ratio_text, median_ratio, cpu_ratio,
            goal(row["n"], row["k"], row["count"]), opca_text, opca_ratio, warm_text,
            spread([r["process_s"] for r in a], "%.1f"), min(loads), max(loads)))
    if args.compare_jar:
        print()
        print("Against --compare-jar %s (its own default warm-up), same runs interleaved:" % args.compare_jar)
        print()
        print("| size | N | this mean / median / cpu µs | compared mean / median / cpu µs | mean ratio compared/this"
              " | mean/median this | mean/median compared | warm-up s this | warm-up s compared |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in rows:
            a, c = row["atlas"], row["compare"]
            med = lambda rs, key: statistics.median(r[key] for r in rs if r.get(key) is not None)
            print("| (%d,%d) | %d | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f | %s | %s | %s | %s | %s |" % (
                row["n"], row["k"], row["count"], med(a, "mean_us"), med(a, "median_us"), med(a, "cpu_us"),
                med(c, "mean_us"), med(c, "median_us"), med(c, "cpu_us"),
                spread([y["mean_us"] / x["mean_us"] for x, y in zip(a, c)], "%.2f×"),
                spread([x["mean_us"] / x["median_us"] for x in a], "%.2f"),
                spread([y["mean_us"] / y["median_us"] for y in c], "%.2f"),
                warm_spread(a), warm_spread(c)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"load_average_end": os.getloadavg(), "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
