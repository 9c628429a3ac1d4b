// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/research_overlays.h"

#include "core/research_rules.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rope::figures {

void addCriticalDimension(FigureData& data, int dim, double base, double trainLength,
                          double xOffset, const OverlayFrame& frame) {
    const int critical = rope::criticalDimension(dim, base, trainLength);
    const int pairs = critical / 2;
    data.readouts.push_back(
        {FigureText::tr("critical dimension d_extra = 2⌈(d/2)·log_b(T/2π)⌉, T = %1")
             .arg(formatNumber(trainLength)),
         static_cast<double>(critical), FigureText::tr("of %1").arg(dim)});
    // Always both readouts, whatever the value: a panel lays its readouts out below the plot,
    // and a readout that comes and goes would change the plot's height after the figure was
    // computed for it (the heatmap computes one row per pixel).
    data.readouts.push_back(
        {FigureText::tr("pairs turning fully within T (left of the dashed line)"),
         static_cast<double>(pairs), FigureText::tr("of %1").arg(dim / 2)});
    if (pairs == 0 || critical == dim) {
        return; // no boundary inside the ladder: the readout says which side everything is on
    }
    const double x = xOffset + pairs - 0.5;
    Series line;
    // The legend entry stays short (it shares the corner with the chart's own entries); the
    // readout below says which pairs are on which side.
    line.name = FigureText::tr("critical dimension d_extra = %1 (Liu et al. 2023)").arg(critical);
    line.id = QStringLiteral("critical-dimension");
    line.style = SeriesStyle::Path;
    line.colour = 6;
    line.dashed = true;
    line.x = {x, x};
    line.y = {frame.yLow, frame.yHigh};
    data.series.push_back(std::move(line));
    // Beside the line, not on it: left of it, or right when asked for (the renderer takes the
    // other side, or the nearest free place, when that side has no room).
    data.labels.push_back({x, frame.labelY, FigureText::tr("d_extra = %1").arg(critical),
                           frame.onDark, LabelPlace::Beside,
                           frame.labelRight ? Qt::AlignRight : Qt::AlignLeft,
                           std::pair{frame.xLow, frame.labelXMax.value_or(frame.xHigh)}});
}

void addMenFit(FigureData& data, const Series& exact) {
    if (exact.x.empty()) {
        return;
    }
    const rope::FitGap gap = rope::menFitGap(exact.x, exact.y);
    Series fit;
    // The exponent typeset as a superscript (L¹ᐧ⁶²⁸), not written L^1.628.
    fit.name = FigureText::tr("Men et al. 2024 fit b = %1·L%2 (their Figure 1)")
                   .arg(rope::kMenFitCoefficient)
                   .arg(superscriptNumber(QString::number(rope::kMenFitExponent)));
    fit.id = QStringLiteral("men-fit");
    fit.style = SeriesStyle::Line;
    fit.colour = 5;
    fit.dashed = true;
    // 32 points per decade: the power law is a straight line on the log–log axes anyway.
    const double first = exact.x.front();
    const double last = exact.x.back();
    const int points = std::max(2, static_cast<int>(std::ceil(32 * std::log10(last / first))) + 1);
    for (int k = 0; k < points; ++k) {
        const double context = first * std::pow(last / first, k / (points - 1.0));
        fit.x.push_back(context);
        fit.y.push_back(rope::menFittedBase(context));
    }
    data.series.push_back(std::move(fit));
    data.readouts.push_back(
        {FigureText::tr("Men et al.'s fit ÷ exact b*(L, 128): furthest off at L = %1")
             .arg(formatNumber(gap.context)),
         gap.ratio, QString()});
    data.readouts.push_back({FigureText::tr("fit ÷ exact b*(L, 128) over L = %1 … %2")
                                 .arg(formatNumber(first))
                                 .arg(formatNumber(last)),
                             gap.highestRatio, QString(), false,
                             FigureText::tr("%1 … %2")
                                 .arg(formatNumber(gap.lowestRatio, 3))
                                 .arg(formatNumber(gap.highestRatio, 3))});
}

// Hua et al. (2024, arXiv:2412.17739, ICML 2025) clip every frequency below the floor
// frequency 2π/N, N the training length, to zero (a pair with θ = 0 is not rotated at all);
// their released code does inv_freq[inv_freq < 2π/max_sequence_length] = 0 with the floor ratio
// at its default 1: strictly below, so a pair whose wavelength equals N exactly is kept.
void addFopeCutoff(FigureData& data, const Eigen::ArrayXd& wavelengths, double trainLength,
                   const OverlayFrame& frame) {
    const double floor = rope::fopeFloorFrequency(trainLength);
    Series zeroed;
    zeroed.name = FigureText::tr("zeroed by FoPE: θ < 2π/%1 (Hua et al. 2024)")
                      .arg(formatNumber(trainLength));
    zeroed.id = QStringLiteral("fope-zeroed");
    zeroed.style = SeriesStyle::Scatter;
    zeroed.colour = 6; // the foreground: every other colour is a curve of this chart already
    for (Eigen::Index i = 0; i < wavelengths.size(); ++i) {
        // λ > T ⇔ θ = 2π/λ < 2π/T; λ = ∞ (θ = 0) is off already.
        if (std::isfinite(wavelengths[i]) && 2.0 * std::numbers::pi / wavelengths[i] < floor) {
            zeroed.x.push_back(static_cast<double>(i));
            zeroed.y.push_back(wavelengths[i]);
        }
    }
    data.readouts.push_back(
        {FigureText::tr("pairs FoPE zeroes (θ < 2π/%1, λ > %1)").arg(formatNumber(trainLength)),
         static_cast<double>(zeroed.x.size()), QString()});
    if (zeroed.x.empty()) {
        return;
    }
    data.series.push_back(std::move(zeroed));
    // At the left end, just above the line λ = T the chart already draws: the fast pairs
    // there are far below it.
    data.labels.push_back(
        {frame.xLow, frame.labelY,
         FigureText::tr("FoPE cut-off: θ < 2π/%1 → 0").arg(formatNumber(trainLength)),
         frame.onDark, LabelPlace::Beside, Qt::AlignRight});
}

} // namespace rope::figures
