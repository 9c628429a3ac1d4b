// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

namespace rope {

ScalingResult applyLinearScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double,
                                 const ScalingParams& params) {
    scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkFactor(params.factor);
    // HF `_compute_linear_scaling_rope_parameters`: inv_freq /= factor. Since the angle is
    // m·θ_i, dividing θ_i by s is the same as interpolating the position to m/s.
    return {.invFreq = invFreq / params.factor, .attentionFactor = 1.0};
}

} // namespace rope
