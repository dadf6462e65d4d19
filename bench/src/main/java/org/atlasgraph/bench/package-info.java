/**
 * JMH benchmarks of the providers and optimizers; not part of the test run. Build with
 * {@code mvn -B -pl bench -am package -DskipTests} and run {@code java -jar bench/target/benchmarks.jar}.
 */
package org.atlasgraph.bench;
