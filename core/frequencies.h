// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

/// \file frequencies.h
/// The frequency ladder of RoPE (RoFormer, Su et al. 2021, arXiv 2104.09864, eq. 15).

namespace rope {

/// \brief Inverse frequencies θ_i of the rotary pairs.
///
/// \f$θ_i = b^{-2i/d}\f$ for i = 0 … d/2−1, in radians per token. θ_0 = 1 is the fastest pair;
/// θ_{d/2−1} = b^{-(d-2)/d} the slowest. Computed as 1/pow(b, 2i/d) in double, the form of Hugging Face's
/// `_compute_default_rope_parameters`.
/// \param rotaryDim d, the number of rotated coordinates (even, 2…limits::kMaxDim).
/// \param base b (`rope_theta`), 1 < b ≤ 1e30.
/// \warning Throws InvalidParameter ("dim", "base") on invalid input.
Eigen::ArrayXd inverseFrequencies(int rotaryDim, double base);

/// \brief Wavelengths λ_i = 2π/θ_i in tokens: how many positions pair i needs for one turn.
/// \warning Throws InvalidParameter("inv_freq") if any θ_i is not finite and positive.
Eigen::ArrayXd wavelengths(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief Rotation angles m·θ_i (radians, not reduced mod 2π) of every pair at position m.
/// \warning Throws InvalidParameter("position") if m is not finite or |m| > 2^40.
Eigen::ArrayXd rotationAngles(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position);

} // namespace rope
