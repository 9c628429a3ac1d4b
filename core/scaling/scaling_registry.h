// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "core/scaling/scaling_method.h"

#include <string_view>
#include <vector>

namespace rope {

/// \brief Every scaling method, in menu order. The table is explicit: a static
/// library drops unreferenced object files, so self-registration would lose methods.
const std::vector<ScalingMethod>& allScalingMethods();

/// \brief The row of \p kind (every kind has exactly one).
const ScalingMethod& scalingMethod(ScalingKind kind) noexcept;

/// \brief The method with this id, or nullptr.
const ScalingMethod* findScalingMethod(std::string_view id) noexcept;

/// \brief The method with this id: the boundary parser for flags and files (its kind is
/// `.kind`).
/// \warning Throws InvalidParameter("method") listing the known ids if \p id is unknown.
const ScalingMethod& scalingMethod(std::string_view id);

/// \brief θ'_i and attention factor for the whole parameter state: validates \p params,
/// computes \f$θ_i = b^{-2i/d}\f$ over the effective rotary dimension, then applies
/// params.scaling.method. For "proportional" (p-RoPE) θ_i spans the whole head dimension and
/// the effective rotary dimension only sets how many pairs rotate (ScalingParams::rotatedPairs),
/// so the result has headDim/2 values, zeros included; for every other method it has
/// effectiveRotaryDim()/2 values.
/// \warning Throws InvalidParameter naming the first bad field.
ScalingResult scaledFrequencies(const RopeParams& params);

} // namespace rope
