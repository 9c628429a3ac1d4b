// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/scaling/scaling_method.h"

/// \file scaling_functions.h
/// Declarations of the per-method functions, one defined in each core/scaling/<id>.cpp. Only
/// scaling_registry.cpp and the tests include this; everything else goes through the registry.

namespace rope {

/// \brief `default`: returns θ_i unchanged and attention factor 1.
ScalingResult applyDefaultScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                  const ScalingParams& params);

} // namespace rope
