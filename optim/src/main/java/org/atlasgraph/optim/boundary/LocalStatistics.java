package org.atlasgraph.optim.boundary;

import org.atlasgraph.api.TangentVector;

/**
 * The local tangent statistics of one class at a point x with the indicator kernel of radius h (Yao and Zhang 2020,
 * Sec. 2.2; App. E.2): the neighbours are the class's points x_i with {@code ‖Log_x(x_i)‖ ≤ h}.
 *
 * @param neighbours the number of neighbours
 * @param direction  W(x), the top eigenvector of {@code Σ_h(x) = mean Log_x(x_i) Log_x(x_i)ᵀ} with respect to the
 *                   metric, of unit metric norm (its sign is arbitrary)
 * @param meanLog    the mean logarithm {@code mean Log_x(x_i)} of eq. E.1
 * @param eigenvalueRatio λ₂/λ₁ of Σ_h, in [0, 1]: 0 for neighbours on a line, 1 when no direction is preferred
 */
record LocalStatistics(int neighbours, TangentVector direction, TangentVector meanLog, double eigenvalueRatio) {
}
