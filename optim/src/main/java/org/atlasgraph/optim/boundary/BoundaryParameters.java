package org.atlasgraph.optim.boundary;

/**
 * The parameters a principal boundary was fitted with (App. E.2), after defaults were filled in; reported with every
 * fit so that a run can be repeated.
 *
 * @param radius             h, the radius of the indicator kernel that selects a flow point's neighbours
 * @param alpha              α of eq. E.1, the pull of each flow toward the mean logarithm of its neighbours
 * @param step               the Euler step length
 * @param iterations         the most Euler steps (the integration stops earlier when the boundary closes)
 * @param boundaryCorrection β, the pull of the boundary toward the midpoint of the two flows (0 = the paper's ODE)
 * @param chainLinks         K, the links of each discrete geodesic that carries transports from a flow to the boundary
 * @param margins            whether the flows followed the classes' margins toward each other (classes that are
 *                           regions, not curves) rather than the whole classes; the boundary was then centred in
 *                           the gap between the margins
 * @param plusPoints         the number of points of the first class the flow followed
 * @param minusPoints        the number of points of the second class the flow followed
 */
public record BoundaryParameters(double radius, double alpha, double step, int iterations, double boundaryCorrection,
                                 int chainLinks, boolean margins, int plusPoints, int minusPoints) {
}
