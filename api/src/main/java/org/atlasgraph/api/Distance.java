package org.atlasgraph.api;

/**
 * The geodesic distance between two points: exact from principal angles or great circles where a closed form exists,
 * the shortest path of naive approximate distances (§4.2.3, Alg. 2) on a learned atlas. TCK rules DST-1…DST-4 check
 * symmetry, the zero diagonal, the triangle inequality and agreement with the exact distance.
 */
@FunctionalInterface
public interface Distance {
    /**
     * @param p a point
     * @param q a point
     * @return {@code d(p, q) ≥ 0}
     */
    double distance(ChartPoint p, ChartPoint q);
}
