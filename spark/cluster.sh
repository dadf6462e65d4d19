#!/usr/bin/env bash
# A standalone Spark cluster on this machine, from the jars of the spark module's class path (no Spark distribution):
# a Master and a Worker in JVMs of their own, and the Worker starts executor JVMs for each application, so the driver's
# memory and the executors' can be measured apart (README, "Past one machine").
#
#   spark/cluster.sh start [CORES [MEMORY]]   start both (default 2 cores, 4g for executors); prints the master URL
#   spark/cluster.sh stop                     stop both (the Worker stops its executors)
#
# Build first: mvn -B -q -o -DskipTests -pl cli,spark -am package. The Worker builds an executor's class path from
# SPARK_HOME/jars: here spark/target/spark-home/jars, links to the jars of spark/target/classpath.txt. The application
# gives its own classes, e.g. ATLAS_JAVA_OPTS="-Dspark.executor.extraClassPath=$PWD/spark/target/atlasgraph-spark-\
# 0.1.0-SNAPSHOT-app.jar" (one word, an absolute path). Environment: ATLAS_SPARK_PORT (default 7077), JAVA_HOME.
# Logs and executors' work directories are in spark/target/cluster.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="$root/spark/target"
home="$target/spark-home"
dir="$target/cluster"
port="${ATLAS_SPARK_PORT:-7077}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

start() {
  local cores="${1:-2}" memory="${2:-4g}"
  local f
  for f in classpath.txt java-options.txt; do
    if [[ ! -f "$target/$f" ]]; then
      echo "cluster.sh: $target/$f is missing: mvn -B -q -DskipTests -pl cli,spark -am package" >&2
      exit 2
    fi
  done
  [[ ! -f "$dir/master.pid" ]] || { echo "cluster.sh: already started ($dir/master.pid); stop it first" >&2; exit 2; }
  rm -rf "$home"
  mkdir -p "$home/jars" "$dir"
  touch "$home/RELEASE" # a distribution's layout: jars/ rather than a build tree
  tr ':' '\n' < "$target/classpath.txt" | while read -r jar; do ln -s "$jar" "$home/jars/"; done
  local -a options
  read -r -a options < "$target/java-options.txt"
  local cp
  cp="$(cat "$target/classpath.txt")"
  export SPARK_HOME="$home" SPARK_SCALA_VERSION=2.13
  local -a run=("$java" "${options[@]}" -Xmx512m -cp "$cp") # Spark's default logging: INFO, which start waits for
  nohup "${run[@]}" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port 0 \
    > "$dir/master.log" 2>&1 &
  echo $! > "$dir/master.pid"
  nohup "${run[@]}" org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$port" --host 127.0.0.1 \
    --cores "$cores" --memory "$memory" --work-dir "$dir/work" --webui-port 0 > "$dir/worker.log" 2>&1 &
  echo $! > "$dir/worker.pid"
  local waited
  for ((waited = 0; waited < 300; waited++)); do
    if grep -q "Successfully registered with master" "$dir/worker.log" 2> /dev/null; then
      echo "spark://127.0.0.1:$port"
      return
    fi
    sleep 1
  done
  echo "cluster.sh: the Worker did not register in 300 s; see $dir/master.log and $dir/worker.log" >&2
  stop
  exit 3
}

stop() {
  local role
  for role in worker master; do
    if [[ -f "$dir/$role.pid" ]]; then
      kill "$(cat "$dir/$role.pid")" 2> /dev/null || true
      rm -f "$dir/$role.pid"
    fi
  done
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop ;;
  *) echo "usage: spark/cluster.sh start [CORES [MEMORY]] | stop" >&2; exit 2 ;;
esac
