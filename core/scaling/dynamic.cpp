// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

#include <algorithm>
#include <cmath>

namespace rope {

ScalingResult applyDynamicNtkScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                     const ScalingParams& params) {
    const int d = scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkNtkDim(d, "dynamic");
    validateBase(base, "base");
    scaling_detail::checkFactor(params.factor);
    scaling_detail::checkOriginalContext(params.originalContext);
    scaling_detail::checkSeqLen(params.seqLen);

    // HF `_compute_dynamic_ntk_parameters`: seq_len defaults to max_position_embeddings and is
    // never taken below it, so short sequences keep the trained frequencies.
    const double maxPos = static_cast<double>(params.originalContext);
    const double given = params.seqLen > 0 ? static_cast<double>(params.seqLen) : maxPos;
    const double seqLen = std::max(given, maxPos);
    const double s = params.factor;
    // At seqLen = L0 the bracket is s − (s − 1) = 1 exactly (both terms are exact for s ≤ 2^52).
    const double bracket = (s * seqLen / maxPos) - (s - 1.0);
    const double exponent = static_cast<double>(d) / (d - 2);
    // bracket ≤ 1e6·2^26 under the limits, so b' ≤ 1e30·(6.7e13)^2 stays finite.
    const double newBase = base * std::pow(bracket, exponent);
    return {.invFreq = scaling_detail::inverseFrequencyLadder(d, newBase), .attentionFactor = 1.0};
}

} // namespace rope
