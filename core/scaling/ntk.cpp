// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

#include <cmath>

namespace rope {

ScalingResult applyNtkScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                              const ScalingParams& params) {
    const int d = scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkNtkDim(d, "ntk");
    validateBase(base, "base");
    scaling_detail::checkFactor(params.factor);
    // b' = b·s^(d/(d−2)): the exponent is chosen so the slowest pair, θ_{d/2−1} = b^{−(d−2)/d},
    // becomes b'^{−(d−2)/d} = θ_{d/2−1}/s, while θ_0 = b'^0 = 1 is untouched.
    const double exponent = static_cast<double>(d) / (d - 2);
    const double newBase = base * std::pow(params.factor, exponent);
    // Recomputed as 1/b'^(2i/d), the expression HF uses after rescaling the base; under the
    // documented limits b' ≤ 1e30·(1e6)^2, so every θ'_i is finite and positive.
    return {.invFreq = scaling_detail::inverseFrequencyLadder(d, newBase), .attentionFactor = 1.0};
}

} // namespace rope
