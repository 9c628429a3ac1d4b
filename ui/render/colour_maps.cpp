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
    // Blue for −1, light grey for 0, orange for +1: the blue arm of ColorBrewer's 9-class RdBu
    // (#2166ac … #d1e5f0) and the orange arm of its 9-class PuOr (#fee0b6 … #b35806) around
    // their shared centre #f7f7f7. Stops at the same distance from the centre differ by at
    // most 6 in CIELAB lightness (L* 42.5/47.7, 58.0/63.2, 76.9/79.7, 89.8/90.7), so equal
    // |value| reads as equal strength; the 11-class ends (#053061 L* 20, #7f3b08 L* 33) would
    // not. Blue against orange runs along the blue–yellow opponent axis, which protanopes and
    // deuteranopes keep; red against green would not survive.
    return fromStops<9>({"#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fee0b6",
                         "#fdb863", "#e08214", "#b35806"});
}

QCPColorGradient viridisGradient() {
    return fromStops<11>({"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
                          "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"});
}

} // namespace rope::ui
