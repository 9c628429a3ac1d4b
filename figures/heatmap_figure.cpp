// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "heatmap": cos(mθ_i) over pair i and position m, at screen resolution.
#include "core/frequencies.h"
#include "core/heatmap.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "figures/research_overlays.h"
#include "figures/zero_frequency.h"
#include "io/params_check.h"

#include <cmath>
#include <memory>
#include <numbers>

namespace rope::figures {

const OptionTable& heatmapOptions();

namespace {

// The "quantity" row's choices of heatmapOptions(), in order.
constexpr rope::PhaseQuantity kQuantities[] = {rope::PhaseQuantity::Cos, rope::PhaseQuantity::Sin,
                                               rope::PhaseQuantity::Angle};

struct View {
    long long first;
    long long last;
    double yMin;
    double yMax;
};

// Position m occupies [m − ½, m + ½) on the y axis. The requested view is clamped to the
// context [−½, L − ½] and holds at least one position.
View visiblePositions(const FigureOptions& options, long long context) {
    const double lo = -0.5;
    const double hi = static_cast<double>(context) - 0.5;
    const OptionValues v(heatmapOptions(), options);
    double yMin = v.has("y-min") ? v.real("y-min") : lo;
    double yMax = v.has("y-max") ? v.real("y-max") : hi;
    if (!std::isfinite(yMin) || !std::isfinite(yMax) || yMax <= yMin) {
        yMin = lo;
        yMax = hi;
    }
    yMin = std::clamp(yMin, lo, hi - 1.0);
    yMax = std::clamp(yMax, yMin + 1.0, hi);
    const auto first = static_cast<long long>(std::floor(yMin + 0.5));
    const auto last = std::max(first, static_cast<long long>(std::ceil(yMax - 0.5)));
    return {first, std::min(last, context - 1), yMin, yMax};
}

rope::PhaseQuantity quantityOption(const FigureOptions& options) {
    return kQuantities[OptionValues(heatmapOptions(), options).choiceIndex("quantity")];
}

} // namespace

FigureData heatmapFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const View view = visiblePositions(options, params.context);
    const OptionValues v(heatmapOptions(), options);
    const int rows = std::clamp(options.plot.height(600), 1, rope::kMaxHeatmapRows);
    const rope::PhaseQuantity quantity = quantityOption(options);
    // p-RoPE pairs with θ = 0 are exact constant columns (cos 1, sin 0, angle 0).
    const Eigen::ArrayXXd image =
        phaseHeatmapAllowingZero(theta, view.first, view.last, rows, quantity);

    FigureData data;
    // The title names the quantity drawn (the colour bar repeats it with its unit).
    const QString what = quantity == rope::PhaseQuantity::Cos   ? FigureText::tr("cos(mθᵢ)")
                         : quantity == rope::PhaseQuantity::Sin ? FigureText::tr("sin(mθᵢ)")
                                                                : FigureText::tr("angle mθᵢ mod 2π");
    data.title = FigureText::tr("%4 of every pair (d = %1, b = %2%3)")
                     .arg(params.effectiveRotaryDim())
                     .arg(formatNumber(params.base))
                     .arg(params.scaling.method == ScalingKind::Default
                              ? QString()
                              : FigureText::tr(", %1 s = %2")
                                    .arg(rope::io::scalingIdText(params.scaling.method))
                                    .arg(params.scaling.factor, 0, 'g', 4))
                     .arg(what);
    data.xLabel = FigureText::tr("pair i  (θᵢ = b⁻²ⁱ⁄ᵈ rad/token)");
    data.yLabel = FigureText::tr("position m (tokens)");
    ColourMap map;
    map.columns = static_cast<int>(image.cols());
    map.rows = static_cast<int>(image.rows());
    map.xFirst = 0;
    map.xLast = static_cast<double>(image.cols() - 1);
    // Row r averages a run of ≈ N/R positions; cells are drawn uniformly from the first
    // position's cell to the last one's.
    const double perRow = static_cast<double>(view.last - view.first + 1) / map.rows;
    map.yFirst = static_cast<double>(view.first) - 0.5 + 0.5 * perRow;
    map.yLast = static_cast<double>(view.last) + 0.5 - 0.5 * perRow;
    map.values.resize(static_cast<std::size_t>(image.size()));
    for (Eigen::Index r = 0; r < image.rows(); ++r) {
        for (Eigen::Index c = 0; c < image.cols(); ++c) {
            map.values[static_cast<std::size_t>(r * image.cols() + c)] = image(r, c);
        }
    }
    switch (quantity) {
    case rope::PhaseQuantity::Cos:
        map.label = FigureText::tr("cos(mθᵢ), mean over a pixel row");
        break;
    case rope::PhaseQuantity::Sin:
        map.label = FigureText::tr("sin(mθᵢ), mean over a pixel row");
        break;
    case rope::PhaseQuantity::Angle:
        map.label = FigureText::tr("mθᵢ mod 2π (rad), circular mean");
        map.zMin = 0;
        map.zMax = 2 * std::numbers::pi;
        map.diverging = false;
        break;
    }
    data.colourMap = std::move(map);

    if (v.toggle("periods")) {
        const Eigen::ArrayXd lambda = wavelengthsAllowingZero(theta);
        Series s;
        s.name = FigureText::tr("period λᵢ = 2π/θᵢ (tokens)");
        s.id = QStringLiteral("period");
        s.style = SeriesStyle::Scatter;
        s.colour = 6;
        for (Eigen::Index i = 0; i < lambda.size(); ++i) {
            if (!std::isfinite(lambda[i])) {
                continue; // θᵢ = 0: the period is infinite (counted in a readout)
            }
            s.x.push_back(static_cast<double>(i));
            s.y.push_back(lambda[i]);
        }
        data.series.push_back(std::move(s));
    }
    if (v.toggle("critical-dim")) {
        // Liu et al.'s formula describes the plain ladder θᵢ = b^(−2i/d); trained on the
        // context L drawn here.
        if (params.scaling.method == ScalingKind::Default) {
            OverlayFrame frame;
            frame.xLow = -0.5;
            frame.xHigh = static_cast<double>(theta.size()) - 0.5;
            frame.yLow = view.yMin;
            frame.yHigh = view.yMax;
            frame.labelY = view.yMin + 0.05 * (view.yMax - view.yMin);
            frame.labelRight = true;
            frame.onDark = true;
            addCriticalDimension(data, params.effectiveRotaryDim(), params.base,
                                 static_cast<double>(params.context), 0.0, frame);
        } else {
            // Two readouts, as with the plain ladder: the plot keeps its height.
            data.readouts.push_back(
                {FigureText::tr("critical dimension (Liu et al. 2023)"), 0.0, QString(), false,
                 FigureText::tr("shown without a scaling method (Context extension: before)")});
            data.readouts.push_back({FigureText::tr("pairs turning fully within T (left of the dashed line)"), 0.0, QString(), false, QStringLiteral("—")});
        }
    }
    data.readouts.push_back({FigureText::tr("positions per pixel row"), perRow, QString()});
    if (const int zeros = zeroFrequencyPairs(theta); zeros > 0) {
        data.readouts.push_back({FigureText::tr("pairs not rotated (θᵢ = 0, λᵢ = ∞)"),
                                 static_cast<double>(zeros), QString()});
    }
    data.xRange = {{-0.5, static_cast<double>(theta.size()) - 0.5}};
    data.yRange = {{view.yMin, view.yMax}};
    return data;
}

const OptionTable& heatmapOptions() {
    static const OptionTable table = {
        {.id = "quantity",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Show:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("cos"),
         .choices = {{"cos", QT_TRANSLATE_NOOP("FigureOptions", "cos(mθᵢ)")}, {"sin", QT_TRANSLATE_NOOP("FigureOptions", "sin(mθᵢ)")}, {"angle", QT_TRANSLATE_NOOP("FigureOptions", "angle mθᵢ mod 2π")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "What each cell shows.")},
        {.id = "periods",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Periods λᵢ"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Mark each pair's period 2π/θᵢ = 2π·b^(2i/d) tokens.")},
        {.id = "critical-dim",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Critical dimension"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Mark Liu et al.'s critical dimension d_extra = 2⌈(d/2)·log_b(L/2π)⌉: left of the line the pairs complete a full turn within L, right of it they do not.")},
        // The visible positions, set by zooming and panning the plot; unset = the whole
        // context. Out-of-context values are clamped by the figure.
        {.id = "y-min",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "first position shown"),
         .kind = OptionKind::Real,
         .min = -rope::limits::kMaxPosition,
         .max = rope::limits::kMaxPosition,
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the first position of the context (set by zooming)")},
        {.id = "y-max",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "last position shown"),
         .kind = OptionKind::Real,
         .min = -rope::limits::kMaxPosition,
         .max = rope::limits::kMaxPosition,
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the last position of the context (set by zooming)")},
    };
    return table;
}

} // namespace rope::figures
