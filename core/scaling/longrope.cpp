// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_functions.h"

#include <cmath>
#include <string>

namespace rope {

namespace {

// Both lists are read from config files, so every entry is checked: a zero or negative divisor
// would give an infinite or negative frequency, a wrong length a frequency for a pair that does
// not exist.
void checkFactorList(const std::vector<double>& list, Eigen::Index pairs, std::string_view id) {
    const std::string name(id);
    if (static_cast<Eigen::Index>(list.size()) != pairs) {
        throw InvalidParameter(name, name + " must hold one value per rotary pair (" +
                                         std::to_string(pairs) + "), got " +
                                         std::to_string(list.size()));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const double v = list[i];
        if (!std::isfinite(v) || !(v > 0.0) || v > limits::kMaxScalingValue) {
            throw InvalidParameter(name, name + "[" + std::to_string(i) +
                                             "] must be a finite number in (0, 1e6], got " +
                                             scaling_detail::show(v));
        }
    }
}

} // namespace

ScalingResult applyLongRopeScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double,
                                   const ScalingParams& params) {
    scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkFactor(params.factor);
    scaling_detail::checkOriginalContext(params.originalContext);
    scaling_detail::checkSeqLen(params.seqLen);
    scaling_detail::checkAttentionFactor(params.attentionFactor);
    checkFactorList(params.shortFactor, invFreq.size(), field::kShortFactor);
    checkFactorList(params.longFactor, invFreq.size(), field::kLongFactor);

    // HF `_compute_longrope_parameters`: attention √(1 + ln s / ln L0) unless given; s ≤ 1 gives 1.
    // L0 = 1 would divide by ln 1 = 0; s > 1 needs L0 > 1 anyway to mean anything.
    const double s = params.factor;
    const double l0 = static_cast<double>(params.originalContext);
    double attention = params.attentionFactor;
    if (attention == 0.0) {
        attention = (s <= 1.0 || l0 <= 1.0) ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(l0));
    }

    // The switch is strict: a sequence of exactly L0 tokens still uses the short factors.
    const bool useLong = params.seqLen > 0 && params.seqLen > params.originalContext;
    const std::vector<double>& ext = useLong ? params.longFactor : params.shortFactor;
    Eigen::ArrayXd scaled(invFreq.size());
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        // = 1/(ext_i · b^(2i/d)) as HF writes it, up to one rounding.
        scaled[i] = invFreq[i] / ext[static_cast<std::size_t>(i)];
    }
    return {.invFreq = scaled, .attentionFactor = attention};
}

} // namespace rope
