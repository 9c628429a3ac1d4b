// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

namespace rope {

ScalingResult applyDefaultScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double,
                                  const ScalingParams&) {
    // HF `_compute_default_rope_parameters`: no scaling field is read, so none is validated.
    scaling_detail::rotaryDimOf(invFreq);
    return {.invFreq = invFreq, .attentionFactor = 1.0};
}

} // namespace rope
