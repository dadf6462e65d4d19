package org.atlasgraph.report;

import org.junit.jupiter.api.Assumptions;

/** The external programs tests need, or a skip that says how to install them (.ci/run installs both). */
final class Installed {
    private Installed() {
    }

    /** @return Ripser, or skips the test */
    static Ripser ripser() {
        Assumptions.assumeTrue(Ripser.locate().isPresent(),
                "Ripser is not installed (.ci/run installs it): " + Ripser.INSTALL_HINT);
        return Ripser.locate().orElseThrow();
    }

    /** @return the headless browser check, or skips the test */
    static BrowserCheck chromium() {
        Assumptions.assumeTrue(BrowserCheck.locate().isPresent(),
                "Chromium is not installed (.ci/run installs it): " + BrowserCheck.INSTALL_HINT);
        return BrowserCheck.locate().orElseThrow();
    }
}
