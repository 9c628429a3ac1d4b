// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model_layers.h"

#include "core/base_bound.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"

#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <utility>

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

std::string_view attentionKindName(AttentionKind kind) {
    switch (kind) {
    case AttentionKind::Full:
        return "full";
    case AttentionKind::Sliding:
        return "sliding";
    case AttentionKind::Chunked:
        return "chunked";
    case AttentionKind::Linear:
        return "linear";
    }
    return "full";
}

std::optional<AttentionKind> attentionKindOf(std::string_view hfLayerType) {
    if (hfLayerType == "full_attention") {
        return AttentionKind::Full;
    }
    if (hfLayerType == "sliding_attention") {
        return AttentionKind::Sliding;
    }
    if (hfLayerType == "chunked_attention") {
        return AttentionKind::Chunked;
    }
    if (hfLayerType == "linear_attention") {
        return AttentionKind::Linear;
    }
    return std::nullopt;
}

long long layerMaxDistance(AttentionKind kind, long long window, long long maxPositions) {
    switch (kind) {
    case AttentionKind::Linear:
        return -1;
    case AttentionKind::Full:
        return maxPositions >= 1 ? maxPositions - 1 : -1;
    case AttentionKind::Sliding:
    case AttentionKind::Chunked:
        if (window < 1) {
            throw InvalidParameter("window", "a sliding or chunked layer needs a window of at "
                                             "least 1 token, got " +
                                                 std::to_string(window));
        }
        return (maxPositions >= 1 ? std::min(window, maxPositions) : window) - 1;
    }
    return -1;
}

double mistralQueryScale(double position, const QueryScale& s) {
    validatePosition(position, "position");
    if (position < 0.0) {
        throw InvalidParameter("position", "position must be >= 0, got " + show(position));
    }
    if (!std::isfinite(s.beta) || s.beta < 0.0) {
        throw InvalidParameter("beta", "beta must be a finite number >= 0, got " + show(s.beta));
    }
    if (!std::isfinite(s.originalContext) || !(s.originalContext > 0.0)) {
        throw InvalidParameter("original-context",
                               "original-context must be a finite number > 0, got " +
                                   show(s.originalContext));
    }
    return 1.0 + s.beta * std::log1p(std::floor(position / s.originalContext));
}

std::string_view minBaseStatusName(MinBaseStatus status) {
    switch (status) {
    case MinBaseStatus::Computed:
        return "computed";
    case MinBaseStatus::NoRope:
        return "no_rope";
    case MinBaseStatus::Unbounded:
        return "unbounded";
    case MinBaseStatus::OverWorkCap:
        return "work_cap";
    case MinBaseStatus::NotFound:
        return "not_found";
    case MinBaseStatus::Failed:
        return "failed";
    }
    return "failed";
}

std::vector<LayerBaseCheck> layerBaseChecks(const std::vector<LayerRope>& layers,
                                            const std::vector<LayerFrequencies>& frequencies,
                                            const LayerBaseCheckOptions& options) {
    if (layers.size() != frequencies.size()) {
        throw InvalidParameter("layers", "layerBaseChecks needs one frequency entry per layer");
    }
    // b*(L, d) depends on L and d only, and models repeat a handful of layer kinds: one sweep per
    // distinct pair.
    std::map<std::pair<long long, int>, LayerBaseCheck> minBaseCache;
    // Layers of one kind share θ' and span: scan each distinct (L, θ') once.
    std::map<std::pair<long long, std::vector<double>>, std::optional<long long>> scanCache;
    std::vector<LayerBaseCheck> out(layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const LayerRope& l = layers[i];
        const LayerFrequencies& f = frequencies[i];
        LayerBaseCheck& c = out[i];
        if (!l.rope || f.invFreq.size() == 0) {
            c.minBaseStatus = MinBaseStatus::NoRope;
            continue;
        }
        if (l.maxDistance < 0) {
            c.minBaseStatus = MinBaseStatus::Unbounded;
            continue;
        }
        c.checked = true;
        c.context = l.maxDistance + 1;
        c.dim = f.rotaryDim;
        // Distances 0 … maxDistance, i.e. limit = maxDistance + 1: every integer m is evaluated.
        auto scanKey = std::make_pair(
            c.context, std::vector<double>(f.invFreq.data(), f.invFreq.data() + f.invFreq.size()));
        const auto scanned = scanCache.find(scanKey);
        if (scanned != scanCache.end()) {
            c.firstNegativeSumCos = scanned->second;
        } else {
            c.firstNegativeSumCos = firstNegativeDistance(f.invFreq, c.context);
            scanCache.emplace(std::move(scanKey), c.firstNegativeSumCos);
        }

        const auto key = std::make_pair(c.context, c.dim);
        const auto cached = minBaseCache.find(key);
        if (cached != minBaseCache.end()) {
            c.minBaseStatus = cached->second.minBaseStatus;
            c.minBase = cached->second.minBase;
            c.minBaseLower = cached->second.minBaseLower;
            c.reason = cached->second.reason;
        } else {
            const double work = static_cast<double>(c.context) * (c.dim / 2);
            if (work > options.minBaseWorkCap) {
                c.minBaseStatus = MinBaseStatus::OverWorkCap;
                std::ostringstream os;
                os.precision(17);
                os << "not computed: L*d/2 = " << c.context << "*" << c.dim / 2 << " = "
                   << c.context * (c.dim / 2) << " exceeds the work cap " << options.minBaseWorkCap;
                c.reason = os.str();
            } else {
                try {
                    const MinimalBase b = minimalBase(c.context, c.dim);
                    c.minBaseStatus = b.found ? MinBaseStatus::Computed : MinBaseStatus::NotFound;
                    c.minBase = b.found ? b.base : std::numeric_limits<double>::quiet_NaN();
                    c.minBaseLower = b.lowerBracket;
                } catch (const InvalidParameter& e) {
                    c.minBaseStatus = MinBaseStatus::Failed;
                    c.reason = e.what();
                }
            }
            minBaseCache.emplace(key, c);
        }
        c.baseSuffices = c.minBaseStatus == MinBaseStatus::Computed && l.params.base >= c.minBase;
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
