// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <vector>

/// \file layer_points.h
/// The loaded model's layers as points of the base-bound panel: the hidden option
/// `layer-points` that the window sets from the layer list, "L:b:d,L:b:d,…", one entry per
/// distinct rotating layer kind with a bounded span (L = its max distance + 1, b its base, d its
/// rotary dimension), so `rope-cli figure --set layer-points=…` reproduces the picture.

namespace rope::figures {

struct LayerPoint {
    long long context = 0; ///< L = max distance + 1 (tokens), 1 … 2^40
    double base = 0.0;     ///< the layer's base b > 1
    int dim = 0;           ///< its rotary dimension d, even, ≥ 2
};

/// \brief Parses "L:b:d,…" (empty → no points).
/// \warning Throws rope::InvalidParameter("layer-points") naming the bad item.
std::vector<LayerPoint> parseLayerPoints(const QString& text);

/// \brief The inverse of parseLayerPoints() (the window writes the option with it).
QString formatLayerPoints(const std::vector<LayerPoint>& points);

} // namespace rope::figures
