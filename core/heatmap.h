// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

/// \file heatmap.h
/// The phase heatmap cos(mθ_i) over pairs i and positions m, drawn at screen resolution: each
/// image row stands for a run of consecutive integer positions and shows the average over that
/// run (a box filter), so undersampled fast pairs fade to grey instead of aliasing into moiré.

namespace rope {

/// \brief Largest number of rows phaseHeatmap() accepts (taller than any screen).
inline constexpr int kMaxHeatmapRows = 16384;

/// \brief What the heatmap shows for one pair at one position.
enum class PhaseQuantity {
    /// cos(mθ_i), in [−1, 1]: the first coordinate of a rotated unit vector.
    Cos,
    /// sin(mθ_i), in [−1, 1]: the second coordinate.
    Sin,
    /// The angle mθ_i reduced to [0, 2π) radians.
    Angle,
};

/// \brief Mean of cos(mθ_i) over the integer positions m = first … first+count−1.
///
/// Closed form (Dirichlet kernel):
/// \f$\frac{1}{N}\sum_{k=0}^{N-1}\cos((a+k)θ) =
/// \frac{\sin(Nθ/2)}{N\sin(θ/2)}\cos\big((a+\tfrac{N-1}{2})θ\big)\f$, with a = first and N = count;
/// the ratio tends to 1 as sin(θ/2) → 0. Cost O(pairs), not O(pairs·count). \param invFreq θ_i in
/// radians per token, finite and positive. \param first first position a, |a| ≤
/// limits::kMaxPosition. \param count N ≥ 1 positions, first+count−1 within limits::kMaxPosition.
/// \warning Throws InvalidParameter ("inv_freq", "position", "count") on invalid input.
/// \see Su et al., RoFormer (arXiv 2104.09864) for θ_i; the sum is the standard
/// Lagrange trigonometric identity.
Eigen::ArrayXd meanCosOverPositions(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count);

/// \brief Mean of sin(mθ_i) over m = first … first+count−1:
/// \f$\frac{\sin(Nθ/2)}{N\sin(θ/2)}\sin\big((a+\tfrac{N-1}{2})θ\big)\f$.
/// \warning Same preconditions and exceptions as meanCosOverPositions().
Eigen::ArrayXd meanSinOverPositions(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count);

/// \brief First position of every heatmap row: \p rows runs of consecutive integers covering
/// firstPosition … lastPosition as evenly as possible, plus lastPosition+1 as a final edge.
///
/// Row r covers [edge_r, edge_{r+1}) with edge_r = firstPosition + ⌊r·N/R⌋, N = positions,
/// R = min(rows, N): so every row holds ⌊N/R⌋ or ⌈N/R⌉ positions and none is empty.
/// \return R+1 edges (as doubles; every value is an exact integer below 2^53).
/// \warning Throws InvalidParameter ("position", "rows") if lastPosition < firstPosition, a
/// position is out of range, or rows ∉ [1, kMaxHeatmapRows].
Eigen::ArrayXd heatmapRowEdges(long long firstPosition, long long lastPosition, int rows);

/// \brief The heatmap image: one row per run of positions (see heatmapRowEdges()), one column
/// per pair.
///
/// Cos and Sin rows hold the box-filtered means of meanCosOverPositions() /
/// meanSinOverPositions(). Angle rows hold the circular mean
/// \f$\operatorname{atan2}(\overline{\sin}, \overline{\cos}) \bmod 2π\f$ in [0, 2π), which is
/// exactly mθ_i when a row holds one position.
/// \return an R × pairs array, R = min(rows, lastPosition − firstPosition + 1).
/// \warning Throws InvalidParameter as heatmapRowEdges() and meanCosOverPositions().
Eigen::ArrayXXd phaseHeatmap(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                             long long firstPosition, long long lastPosition, int rows,
                             PhaseQuantity quantity);

} // namespace rope
