// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_registry.h"

#include "core/frequencies.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_functions.h"

#include <optional>
#include <string>

namespace rope {

std::string_view scalingId(ScalingKind kind) noexcept {
    // The one place an id is spelled: rows, files, flags and messages all read it from here.
    // No default label, so a new kind that is not given an id is a -Wswitch error.
    switch (kind) {
    case ScalingKind::Default:
        return "default";
    case ScalingKind::Linear:
        return "linear";
    case ScalingKind::Ntk:
        return "ntk";
    case ScalingKind::Dynamic:
        return "dynamic";
    case ScalingKind::Yarn:
        return "yarn";
    case ScalingKind::Llama3:
        return "llama3";
    case ScalingKind::LongRope:
        return "longrope";
    case ScalingKind::Proportional:
        return "proportional";
    }
    // Only reached for a value outside the enumerators (a cast from a bad integer).
    return {};
}

std::optional<ScalingKind> parseScalingKind(std::string_view id) noexcept {
    for (const ScalingMethod& m : allScalingMethods()) {
        if (m.id == id) {
            return m.kind;
        }
    }
    return std::nullopt;
}

namespace {

// The rows in menu order; each row's id is filled from scalingId(kind) by allScalingMethods().
std::vector<ScalingMethod> scalingRows() {
    return {
        {.kind = ScalingKind::Default,
         .displayName = "None (original RoPE)",
         .summary = "θ_i = b^(-2i/d), unchanged.",
         .usedParams = {},
         .apply = &applyDefaultScaling},
        {.kind = ScalingKind::Linear,
         .displayName = "Linear (position interpolation)",
         .summary = "θ'_i = θ_i / s: positions squeezed by s; attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyLinearScaling},
        {.kind = ScalingKind::Ntk,
         .displayName = "NTK-aware",
         .summary = "b' = b·s^(d/(d-2)): fastest pair kept, slowest divided by s; attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyNtkScaling},
        {.kind = ScalingKind::Dynamic,
         .displayName = "Dynamic NTK",
         .summary = "b' = b·(s·L/L0 - (s-1))^(d/(d-2)), L = max(seq-len, L0); attention 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kSeqLen},
         .apply = &applyDynamicNtkScaling},
        {.kind = ScalingKind::Yarn,
         .displayName = "YaRN",
         .summary = "Pairs with > beta-fast turns over L0 keep θ_i, < beta-slow get θ_i/s, a "
                    "linear ramp between; attention 0.1·ln s + 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kBetaFast, field::kBetaSlow,
                        field::kMscale, field::kMscaleAllDim, field::kAttentionFactor,
                        field::kTruncate},
         .apply = &applyYarnScaling},
        {.kind = ScalingKind::Llama3,
         .displayName = "Llama 3.1",
         .summary = "λ_i > L0/low: θ_i/s; λ_i < L0/high: θ_i; smooth blend between; attention 1.",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kLowFreqFactor,
                        field::kHighFreqFactor},
         .apply = &applyLlama3Scaling},
        {.kind = ScalingKind::LongRope,
         .displayName = "LongRoPE (Phi-3)",
         .summary = "θ'_i = θ_i / e_i, e = long-factor if seq-len > L0 else short-factor; "
                    "attention √(1 + ln s / ln L0).",
         .usedParams = {field::kFactor, field::kOriginalContext, field::kSeqLen,
                        field::kAttentionFactor, field::kShortFactor, field::kLongFactor},
         .apply = &applyLongRopeScaling},
        {.kind = ScalingKind::Proportional,
         .displayName = "p-RoPE (proportional, Gemma 4)",
         .summary = "θ'_i = b^(-2i/d)/s for the first rotary-dim/2 pairs, 0 for the rest "
                    "(exponent over the full head); attention 1.",
         .usedParams = {field::kFactor},
         .apply = &applyProportionalScaling},
    };
}

} // namespace

const std::vector<ScalingMethod>& allScalingMethods() {
    static const std::vector<ScalingMethod> methods = [] {
        std::vector<ScalingMethod> rows = scalingRows();
        for (ScalingMethod& m : rows) {
            m.id = scalingId(m.kind);
        }
        return rows;
    }();
    return methods;
}

const ScalingMethod& scalingMethod(ScalingKind kind) noexcept {
    // The rows are few (8); a linear search keeps the row order free to follow the menu.
    const std::vector<ScalingMethod>& rows = allScalingMethods();
    for (const ScalingMethod& m : rows) {
        if (m.kind == kind) {
            return m;
        }
    }
    // Every kind has a row (tst_scaling_methods checks it); a bad cast falls back to "default".
    return rows.front();
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
    if (method.kind == ScalingKind::Proportional) {
        // p-RoPE: the ladder spans the whole head and rotaryDim only says how many pairs turn.
        ScalingParams s = params.scaling;
        s.rotatedPairs = params.effectiveRotaryDim() / 2;
        return method.apply(inverseFrequencies(params.headDim, params.base), params.base, s);
    }
    const Eigen::ArrayXd theta = inverseFrequencies(params.effectiveRotaryDim(), params.base);
    return method.apply(theta, params.base, params.scaling);
}

} // namespace rope
