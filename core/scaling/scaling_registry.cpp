// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_registry.h"

#include "core/frequencies.h"
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
    const Eigen::ArrayXd theta = inverseFrequencies(params.effectiveRotaryDim(), params.base);
    return method.apply(theta, params.base, params.scaling);
}

} // namespace rope
