// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "figures/layer_points.h"
#include "io/model_config.h"

#include <algorithm>

// What some panels take from the window beyond the parameters: a loaded model
// (Figure::modelOptions) and the layer shown in the layer strip (Figure::layerOptions). Each is
// a hidden option of the panel, so `rope-cli figure --set` reproduces what the window shows.

namespace rope::figures {

FigureOptions doctorModelOptions(const rope::io::ModelConfigResult&, const QString& source) {
    // The doctor reads the model as written (fields the import folds away), so it gets the file
    // or preset id; its panel checks and compares it on its worker.
    return {{QStringLiteral("model"), source}};
}

FigureOptions baseBoundModelOptions(const rope::io::ModelConfigResult& model, const QString&) {
    // One point per distinct rotating layer kind with a bounded span: (L = max distance + 1,
    // base, rotary dim), for the panel's "Loaded model's layers" option.
    std::vector<LayerPoint> points;
    for (const rope::LayerRope& l : model.layers) {
        if (!l.rope || l.maxDistance < 0) {
            continue;
        }
        const LayerPoint p{l.maxDistance + 1, l.params.base, l.params.effectiveRotaryDim()};
        if (std::none_of(points.begin(), points.end(), [&](const LayerPoint& q) {
                return q.context == p.context && q.base == p.base && q.dim == p.dim;
            })) {
            points.push_back(p);
        }
    }
    return {{QStringLiteral("layer-points"), formatLayerPoints(points)}};
}

FigureOptions mropeModelOptions(const rope::io::ModelConfigResult& model, const QString&) {
    // Follow the model's own M-RoPE; a model without one leaves the panel's choice alone.
    if (model.mropeSection.size() != 3) {
        return {};
    }
    return {{QStringLiteral("layout"),
             model.mropeInterleaved ? QStringLiteral("interleaved") : QStringLiteral("blocks")},
            {QStringLiteral("section"), QStringLiteral("%1,%2,%3")
                                            .arg(model.mropeSection[0])
                                            .arg(model.mropeSection[1])
                                            .arg(model.mropeSection[2])}};
}

FigureOptions extensionLayerOptions(const rope::RopeParams* otherKind) {
    // The wavelength view also draws the layers of another RoPE kind (Gemma 3: local
    // b = 10⁴ beside global b = 10⁶ with linear ×8); only linear scaling has a factor it draws.
    if (otherKind == nullptr) {
        return {{QStringLiteral("compare-base"), QVariant()},
                {QStringLiteral("compare-factor"), QVariant()},
                {QStringLiteral("compare-rotary-dim"), QVariant()}};
    }
    const bool linear = otherKind->scaling.method == ScalingKind::Linear;
    return {{QStringLiteral("compare-base"), otherKind->base},
            {QStringLiteral("compare-factor"),
             linear ? QVariant(otherKind->scaling.factor) : QVariant()},
            {QStringLiteral("compare-rotary-dim"), otherKind->effectiveRotaryDim()}};
}

} // namespace rope::figures
