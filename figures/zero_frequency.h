// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/heatmap.h"

#include <Eigen/Core>

/// \file zero_frequency.h
/// p-RoPE (`proportional`) leaves some pairs unrotated: θ'ᵢ = 0, wavelength ∞. Core's heatmap
/// and wavelength functions require θ > 0 (a zero there is usually a bug); the panels draw such
/// pairs as what they are instead of failing.

namespace rope::figures {

/// \brief rope::phaseHeatmap over the pairs with θᵢ > 0; a pair with θᵢ = 0 gets its exact
/// constant column (cos 0 = 1, sin 0 = 0, angle 0).
/// \warning Throws InvalidParameter as phaseHeatmap for negative or non-finite θ.
Eigen::ArrayXXd phaseHeatmapAllowingZero(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                         long long firstPosition, long long lastPosition, int rows,
                                         rope::PhaseQuantity quantity);

/// \brief 2π/θᵢ, with +∞ for θᵢ = 0 (a pair that never turns).
/// \warning Throws InvalidParameter("inv_freq") for negative or non-finite θ.
Eigen::ArrayXd wavelengthsAllowingZero(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief Number of pairs with θᵢ = 0.
int zeroFrequencyPairs(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

} // namespace rope::figures
