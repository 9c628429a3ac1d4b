// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/layer_points.h"

#include "core/rope_params.h"

#include <QStringList>

#include <cmath>

namespace rope::figures {

std::vector<LayerPoint> parseLayerPoints(const QString& text) {
    std::vector<LayerPoint> points;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        return points;
    }
    const QStringList items = trimmed.split(QLatin1Char(','));
    if (items.size() > 256) {
        throw rope::InvalidParameter("layer-points", "layer-points: at most 256 entries");
    }
    for (const QString& item : items) {
        const QStringList parts = item.trimmed().split(QLatin1Char(':'));
        bool okL = false;
        bool okB = false;
        bool okD = false;
        LayerPoint p;
        if (parts.size() == 3) {
            p.context = parts[0].toLongLong(&okL);
            p.base = parts[1].toDouble(&okB);
            p.dim = parts[2].toInt(&okD);
        }
        if (!okL || !okB || !okD || p.context < 1 || p.context > (1LL << 40) ||
            !std::isfinite(p.base) || !(p.base > 1.0) || p.base > rope::limits::kMaxBase ||
            p.dim < 2 || p.dim % 2 != 0 || p.dim > rope::limits::kMaxDim) {
            throw rope::InvalidParameter("layer-points",
                                         "layer-points: '" + item.toStdString() +
                                             "' is not L:b:d (L ≥ 1 tokens, base > 1, even d ≥ 2)");
        }
        points.push_back(p);
    }
    return points;
}

QString formatLayerPoints(const std::vector<LayerPoint>& points) {
    QStringList items;
    for (const LayerPoint& p : points) {
        items << QStringLiteral("%1:%2:%3").arg(p.context).arg(p.base, 0, 'g', 17).arg(p.dim);
    }
    return items.join(QLatin1Char(','));
}

} // namespace rope::figures
