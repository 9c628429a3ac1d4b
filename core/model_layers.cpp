// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model_layers.h"

#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"

#include <cmath>
#include <sstream>

namespace rope {

namespace {

constexpr int kMaxLayers = 100000;

void checkNumLayers(int numLayers) {
    if (numLayers < 1 || numLayers > kMaxLayers) {
        throw InvalidParameter("num-layers", "num-layers must be in [1, 100000], got " +
                                                 std::to_string(numLayers));
    }
}

std::string show(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

} // namespace

std::vector<LayerFrequencies> layerFrequencies(const std::vector<LayerRope>& layers) {
    std::vector<LayerFrequencies> out;
    out.reserve(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const LayerRope& l = layers[i];
        LayerFrequencies f;
        f.index = static_cast<int>(i);
        f.type = l.type;
        f.rope = l.rope;
        f.softmaxScaleMultiplier = l.softmaxScaleMultiplier;
        if (l.rope) {
            try {
                const ScalingResult r = scaledFrequencies(l.params);
                f.invFreq = r.invFreq;
                f.attentionFactor = r.attentionFactor;
            } catch (const InvalidParameter& e) {
                throw InvalidParameter(e.parameter(),
                                       "layer " + std::to_string(i) + ": " + e.what());
            }
            // p-RoPE reports the whole head; its rotated width is the effective rotary dim.
            f.rotaryDim = l.params.effectiveRotaryDim();
        }
        out.push_back(std::move(f));
    }
    return out;
}

std::vector<std::string> slidingWindowLayerTypes(int numLayers, int pattern) {
    checkNumLayers(numLayers);
    if (pattern < 1) {
        throw InvalidParameter("sliding-window-pattern",
                               "sliding-window-pattern must be at least 1, got " +
                                   std::to_string(pattern));
    }
    std::vector<std::string> types;
    types.reserve(static_cast<std::size_t>(numLayers));
    for (int i = 0; i < numLayers; ++i) {
        types.emplace_back((i + 1) % pattern == 0 ? "full_attention" : "sliding_attention");
    }
    return types;
}

std::vector<bool> noRopeIntervalLayers(int numLayers, int interval) {
    checkNumLayers(numLayers);
    if (interval < 1) {
        throw InvalidParameter("no-rope-layer-interval",
                               "no-rope-layer-interval must be at least 1, got " +
                                   std::to_string(interval));
    }
    std::vector<bool> rope;
    rope.reserve(static_cast<std::size_t>(numLayers));
    for (int i = 0; i < numLayers; ++i) {
        rope.push_back((i + 1) % interval != 0);
    }
    return rope;
}

double deepseekSoftmaxScaleMultiplier(double factor, double mscaleAllDim) {
    if (!std::isfinite(factor) || !(factor >= 1.0) || factor > 1e6) {
        throw InvalidParameter(std::string(field::kFactor),
                               std::string(field::kFactor) +
                                   " must be a finite number in [1, 1e6], got " + show(factor));
    }
    if (!std::isfinite(mscaleAllDim) || mscaleAllDim < 0.0 || mscaleAllDim > 1e6) {
        throw InvalidParameter(std::string(field::kMscaleAllDim),
                               std::string(field::kMscaleAllDim) +
                                   " must be a finite number in [0, 1e6], got " +
                                   show(mscaleAllDim));
    }
    // DeepseekV3Attention only scales when mscale_all_dim is truthy.
    if (mscaleAllDim == 0.0 || factor <= 1.0) {
        return 1.0;
    }
    const double g = 0.1 * mscaleAllDim * std::log(factor) + 1.0;
    return g * g;
}

double llama4QueryTemperature(double position, const QueryTemperature& t) {
    validatePosition(position, "position");
    if (position < 0.0) {
        throw InvalidParameter("position", "position must be >= 0, got " + show(position));
    }
    if (!std::isfinite(t.floorScale) || !(t.floorScale > 0.0)) {
        throw InvalidParameter("floor-scale", "floor-scale must be a finite number > 0, got " +
                                                  show(t.floorScale));
    }
    if (!std::isfinite(t.attnScale) || t.attnScale < 0.0) {
        throw InvalidParameter("attn-scale",
                               "attn-scale must be a finite number >= 0, got " + show(t.attnScale));
    }
    return std::log1p(std::floor((position + 1.0) / t.floorScale)) * t.attnScale + 1.0;
}

} // namespace rope
