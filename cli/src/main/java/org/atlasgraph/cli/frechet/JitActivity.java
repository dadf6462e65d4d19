package org.atlasgraph.cli.frechet;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * Whether the JIT compiler has been at work, for {@link WarmUpRule}'s {@code auto} warm-up: the compilers' accumulated
 * time ({@link CompilationMXBean}, in milliseconds), read between warm-up rounds. A single native call that runs no
 * Java code, so that asking does not itself give the JIT work (HotSpot's {@code Compiler.queue} diagnostic command,
 * reached through JMX, did: measured, the warm-up never saw a quiet round with it). A compilation still running is
 * not seen until it ends; {@link WarmUpRule} therefore asks for quiet over a span of time, not a single round. Without
 * compilation-time monitoring (another VM) the JIT is taken as always busy, so the warm-up runs to its cap.
 */
final class JitActivity {
    private final Optional<CompilationMXBean> compilation;
    private long lastMillis;

    JitActivity() {
        this.compilation = Optional.ofNullable(ManagementFactory.getCompilationMXBean())
                .filter(CompilationMXBean::isCompilationTimeMonitoringSupported);
        this.lastMillis = millis();
    }

    /** @return true when no compilation time accrued since the previous call (or construction) */
    boolean quietSinceLastCall() {
        long now = millis();
        boolean quiet = compilation.isPresent() && now == lastMillis;
        lastMillis = now;
        return quiet;
    }

    private long millis() {
        return compilation.map(CompilationMXBean::getTotalCompilationTime).orElse(0L);
    }
}
