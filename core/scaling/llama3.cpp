// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_checks.h"
#include "core/scaling/scaling_functions.h"

#include <numbers>

namespace rope {

ScalingResult applyLlama3Scaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double,
                                 const ScalingParams& params) {
    scaling_detail::rotaryDimOf(invFreq);
    scaling_detail::checkFactor(params.factor);
    scaling_detail::checkOriginalContext(params.originalContext);
    scaling_detail::checkFreqFactors(params.lowFreqFactor, params.highFreqFactor);

    // HF `_compute_llama3_parameters`, element by element and in HF's operation order.
    const double s = params.factor;
    const double low = params.lowFreqFactor;
    const double high = params.highFreqFactor;
    const double oldContextLen = static_cast<double>(params.originalContext);
    const double lowFreqWavelen = oldContextLen / low;
    const double highFreqWavelen = oldContextLen / high;

    Eigen::ArrayXd scaled(invFreq.size());
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        const double theta = invFreq[i];
        const double wavelen = 2.0 * std::numbers::pi / theta;
        // Pairs turning fewer than `low` times over L0 are interpolated like linear scaling.
        const double llama = wavelen > lowFreqWavelen ? theta / s : theta;
        // σ = 1 at λ = L0/high, 0 at λ = L0/low: a linear blend in L0/λ (turns over L0).
        const double smooth = (oldContextLen / wavelen - low) / (high - low);
        const double smoothed = (1.0 - smooth) * llama / s + smooth * llama;
        // With low == high the band is the single wavelength L0/low, where HF computes 0/0; the
        // band is empty here instead, so the pair keeps its extrapolated θ.
        const bool isMediumFreq =
            high > low && !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
        scaled[i] = isMediumFreq ? smoothed : llama;
    }
    return {.invFreq = scaled, .attentionFactor = 1.0};
}

} // namespace rope
