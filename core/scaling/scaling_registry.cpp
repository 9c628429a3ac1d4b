// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_registry.h"

#include "core/frequencies.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_functions.h"

#include <string>

namespace rope {

const std::vector<ScalingMethod>& allScalingMethods() {
    static const std::vector<ScalingMethod> methods = {
        {.id = "default",
         .displayName = "None (original RoPE)",
         .summary = "θ_i = b^(-2i/d), unchanged.",
         .usedParams = {},
         .apply = &applyDefaultScaling},
        {.id = "linear",
         .displayName = "Linear (position interpolation)",
         .summary = "θ'_i = θ_i / s: positions squeezed by s; attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyLinearScaling},
        {.id = "ntk",
         .displayName = "NTK-aware",
         .summary = "b' = b·s^(d/(d-2)): fastest pair kept, slowest divided by s; attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyNtkScaling},
        {.id = "dynamic",
         .displayName = "Dynamic NTK",
         .summary = "b' = b·(s·L/L0 - (s-1))^(d/(d-2)), L = max(seq-len, L0); attention 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kSeqLen},
         .apply = &applyDynamicNtkScaling},
        {.id = "yarn",
         .displayName = "YaRN",
         .summary = "Pairs with > beta-fast turns over L0 keep θ_i, < beta-slow get θ_i/s, a "
                    "linear ramp between; attention 0.1·ln s + 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kBetaFast, field::kBetaSlow,
                        field::kMscale, field::kMscaleAllDim, field::kAttentionFactor,
                        field::kTruncate},
         .apply = &applyYarnScaling},
        {.id = "llama3",
         .displayName = "Llama 3.1",
         .summary = "λ_i > L0/low: θ_i/s; λ_i < L0/high: θ_i; smooth blend between; attention 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kLowFreqFactor,
                        field::kHighFreqFactor},
         .apply = &applyLlama3Scaling},
        {.id = "longrope",
         .displayName = "LongRoPE (Phi-3)",
         .summary = "θ'_i = θ_i / e_i, e = long-factor if seq-len > L0 else short-factor; "
                    "attention √(1 + ln s / ln L0).",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kSeqLen,
                        field::kAttentionFactor, field::kShortFactor, field::kLongFactor},
         .apply = &applyLongRopeScaling},
        {.id = "proportional",
         .displayName = "p-RoPE (proportional, Gemma 4)",
         .summary = "θ'_i = b^(-2i/d)/s for the first rotary-dim/2 pairs, 0 for the rest "
                    "(exponent over the full head); attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyProportionalScaling},
    };
    return methods;
}

const ScalingMethod* findScalingMethod(std::string_view id) noexcept {
    for (const ScalingMethod& m : allScalingMethods()) {
        if (m.id == id) {
            return &m;
        }
    }
    return nullptr;
}

const ScalingMethod& scalingMethod(std::string_view id) {
    if (const ScalingMethod* m = findScalingMethod(id)) {
        return *m;
    }
    std::string known;
    for (const ScalingMethod& m : allScalingMethods()) {
        known += (known.empty() ? "" : ", ") + std::string(m.id);
    }
    throw InvalidParameter("method",
                           "unknown method '" + std::string(id) + "' (known: " + known + ")");
}

ScalingResult scaledFrequencies(const RopeParams& params) {
    validate(params);
    const ScalingMethod& method = scalingMethod(params.scaling.method);
    if (method.id == "proportional") {
        // p-RoPE: the ladder spans the whole head and rotaryDim only says how many pairs turn.
        ScalingParams s = params.scaling;
        s.rotatedPairs = params.effectiveRotaryDim() / 2;
        return method.apply(inverseFrequencies(params.headDim, params.base), params.base, s);
    }
    const Eigen::ArrayXd theta = inverseFrequencies(params.effectiveRotaryDim(), params.base);
    return method.apply(theta, params.base, params.scaling);
}

} // namespace rope
