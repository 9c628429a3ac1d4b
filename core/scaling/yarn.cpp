// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_functions.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rope {

namespace {

// HF `get_mscale`: the attention temperature √(1/t) = 0.1·ln s + 1 of the YaRN paper (eq. 22),
// with DeepSeek's extra multiplier m on the logarithm.
double getMscale(double scale, double mscale) {
    if (scale <= 1.0) {
        return 1.0;
    }
    return 0.1 * mscale * std::log(scale) + 1.0;
}

// HF `find_correction_dim`: the (fractional) pair index i whose wavelength 2π·b^(2i/d) fits
// `numRotations` times into L0, i.e. L0·θ_i/(2π) = numRotations solved for i. Same operation
// order as HF: d·ln(L0 / (β·2·π)) / (2·ln b).
double findCorrectionDim(double numRotations, int dim, double base, double maxPos) {
    return (dim * std::log(maxPos / (numRotations * 2.0 * std::numbers::pi))) /
           (2.0 * std::log(base));
}

} // namespace

ScalingResult applyYarnScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                               const ScalingParams& params) {
    const int d = scaling_detail::rotaryDimOf(invFreq);
    validateBase(base, "base");
    scaling_detail::checkFactor(params.factor);
    scaling_detail::checkOriginalContext(params.originalContext);
    scaling_detail::checkBetas(params.betaFast, params.betaSlow);
    scaling_detail::checkOptionalNonNegative(params.mscale, field::kMscale);
    scaling_detail::checkOptionalNonNegative(params.mscaleAllDim, field::kMscaleAllDim);
    scaling_detail::checkAttentionFactor(params.attentionFactor);

    const double s = params.factor;
    // HF `_compute_yarn_parameters`: an explicit attention_factor wins; DeepSeek-style configs
    // (mscale and mscale_all_dim both set) use the ratio, so equal values give exactly 1.
    double attention = 0.0;
    if (params.attentionFactor != 0.0) {
        attention = params.attentionFactor;
    } else if (params.mscale != 0.0 && params.mscaleAllDim != 0.0) {
        attention = getMscale(s, params.mscale) / getMscale(s, params.mscaleAllDim);
    } else {
        attention = getMscale(s, 1.0);
    }

    // HF `find_correction_range`: β_fast gives the lower index (fast pairs make many turns).
    // The clamp uses d−1 although pair indices stop at d/2−1; kept as HF writes it.
    const double maxPos = static_cast<double>(params.originalContext);
    double low = findCorrectionDim(params.betaFast, d, base, maxPos);
    double high = findCorrectionDim(params.betaSlow, d, base, maxPos);
    if (params.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(d - 1));

    // HF `linear_ramp_factor`: a zero-width ramp would divide by zero.
    if (low == high) {
        high += 0.001;
    }
    const Eigen::Index pairs = invFreq.size();
    Eigen::ArrayXd scaled(pairs);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
        const double extrapolationFactor = 1.0 - ramp;
        const double extrapolation = invFreq[i];
        // = HF's 1/(factor·pos_freqs) up to one rounding.
        const double interpolation = invFreq[i] / s;
        scaled[i] =
            interpolation * (1.0 - extrapolationFactor) + extrapolation * extrapolationFactor;
    }
    return {.invFreq = scaled, .attentionFactor = attention};
}

} // namespace rope
