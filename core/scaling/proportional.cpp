// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

#include <string>

namespace rope {

ScalingResult applyProportionalScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double,
                                       const ScalingParams& params) {
    scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkFactor(params.factor);
    const Eigen::Index pairs = invFreq.size();
    if (params.rotatedPairs < 0 || params.rotatedPairs > pairs) {
        throw InvalidParameter("rotary-dim", "proportional RoPE rotates between 0 and " +
                                                 std::to_string(pairs) + " pairs, got " +
                                                 std::to_string(params.rotatedPairs));
    }
    const Eigen::Index rotated = params.rotatedPairs == 0 ? pairs : params.rotatedPairs;
    // HF `_compute_proportional_rope_parameters`: the rotated pairs keep the exponent 2i/head_dim
    // of the full head (so they are exactly the first pairs of the full ladder), the rest get
    // frequency 0 (cos 1, sin 0: passed through), then everything is divided by `factor`.
    Eigen::ArrayXd scaled = Eigen::ArrayXd::Zero(pairs);
    scaled.head(rotated) = invFreq.head(rotated) / params.factor;
    return {.invFreq = scaled, .attentionFactor = 1.0};
}

} // namespace rope
