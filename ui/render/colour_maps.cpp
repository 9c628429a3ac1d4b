// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/colour_maps.h"

#include <qcustomplot.h>

#include <array>

namespace rope::ui {

namespace {
template <std::size_t N> QCPColorGradient fromStops(const std::array<const char*, N>& hex) {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    for (std::size_t k = 0; k < N; ++k) {
        g.setColorStopAt(static_cast<double>(k) / static_cast<double>(N - 1),
                         QColor(QString::fromLatin1(hex[k])));
    }
    g.setLevelCount(256);
    // NaN cells are gaps (e.g. between two matrices drawn side by side in one map).
    g.setNanHandling(QCPColorGradient::nhTransparent);
    return g;
}
} // namespace

QCPColorGradient divergingGradient() {
    // ColorBrewer RdBu-11 from the blue end (#053061) through #f7f7f7 to the red end (#67001f).
    return fromStops<11>({"#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7",
                          "#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f"});
}

QCPColorGradient viridisGradient() {
    return fromStops<11>({"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
                          "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"});
}

} // namespace rope::ui
