/** Placeholder until its issue lands: see the module's pom description. */
package org.atlasgraph.optim;
