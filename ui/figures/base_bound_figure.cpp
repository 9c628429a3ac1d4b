// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "base-bound": the cosine sum f(m) = Σᵢ cos(mθᵢ) over the context, where it first turns
// negative, and the smallest base b* that keeps it ≥ 0 on 0 … L−1.
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "ui/figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QHBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::ui {

namespace {

Series verticalLine(const QString& name, double x, double yLow, double yHigh, int colour) {
    Series s;
    s.name = name;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.x = {x, x};
    s.y = {yLow, yHigh};
    return s;
}

} // namespace

FigureData baseBoundFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const long long width =
        std::clamp(options.value(QStringLiteral("plot-width-px"), 1000).toLongLong(), 1LL, 8192LL);
    const long long points = std::min(params.context, 2 * width);
    const long long step = std::max(1LL, (params.context + points - 1) / points);
    const Eigen::ArrayXd distances = rope::distanceRange(0, params.context - 1, step);
    const Eigen::ArrayXd f = rope::cosineSum(theta, distances);
    // Every m < L is scanned here (not just the plotted ones), so a dip between two plotted
    // points is still found.
    const std::optional<long long> firstNegative =
        rope::firstNegativeDistance(theta, params.context);
    const double quarterTurn = rope::quarterTurnContext(theta);
    const double period = rope::slowestPeriod(theta);
    const double half = static_cast<double>(theta.size());
    // f ∈ [−d/2, d/2]; for real ladders it rarely dips below −d/4.
    const double yLow = -0.5 * half;
    const double yHigh = 1.05 * half;

    FigureData data;
    data.title = QStringLiteral("f(m) = Σᵢ cos(mθᵢ) (d = %1, b = %2, %3)")
                     .arg(params.effectiveRotaryDim())
                     .arg(params.base, 0, 'g', 6)
                     .arg(QString::fromStdString(params.scaling.method));
    data.xLabel = QStringLiteral("relative distance m (tokens)");
    data.yLabel = QStringLiteral("f(m) (d/2 at m = 0)");
    Series curve;
    curve.name = QStringLiteral("f(m)");
    curve.colour = 0;
    curve.x.assign(distances.data(), distances.data() + distances.size());
    curve.y.assign(f.data(), f.data() + f.size());
    data.series.push_back(std::move(curve));
    Series zero;
    zero.name = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    const double lastM = static_cast<double>(params.context - 1);
    if (firstNegative) {
        data.series.push_back(verticalLine(QStringLiteral("first m with f(m) < 0"),
                                           static_cast<double>(*firstNegative), yLow, yHigh, 1));
    }
    if (quarterTurn <= lastM) {
        data.series.push_back(
            verticalLine(QStringLiteral("quarter turn π/(2θ_min)"), quarterTurn, yLow, yHigh, 2));
    }
    if (period <= lastM) {
        data.series.push_back(
            verticalLine(QStringLiteral("slowest period 2π/θ_min"), period, yLow, yHigh, 3));
    }
    data.readouts = {
        {QStringLiteral("first m with f(m) < 0 (−1: none below L)"),
         firstNegative ? static_cast<double>(*firstNegative) : -1.0, QStringLiteral("tokens")},
        {QStringLiteral("quarter-turn context π/(2θ_min)"), quarterTurn, QStringLiteral("tokens")},
        {QStringLiteral("slowest period 2π/θ_min"), period, QStringLiteral("tokens")},
    };
    if (options.value(QStringLiteral("min-base"), false).toBool()) {
        try {
            const rope::MinimalBase best =
                rope::minimalBase(params.context, params.effectiveRotaryDim());
            data.readouts.push_back(
                {QStringLiteral("smallest base b* for L (default ladder)"),
                 best.found ? best.base : std::numeric_limits<double>::quiet_NaN(), QString()});
        } catch (const rope::InvalidParameter& e) {
            // The search has a work limit (L·d/2 ≤ 2^28); the curve is still worth showing.
            data.readouts.push_back(
                {QStringLiteral("b* not searched: ") + QString::fromUtf8(e.what()),
                 std::numeric_limits<double>::quiet_NaN(), QString()});
        }
    }
    data.readouts.push_back(
        {QStringLiteral("tokens between plotted points"), static_cast<double>(step), QString()});
    data.xRange = {{0.0, lastM}};
    data.yRange = {{yLow, yHigh}};
    // f starts at d/2 and falls fast: the top-right corner is free, the bottom right is not.
    data.legendAlignment = Qt::AlignTop | Qt::AlignRight;
    return data;
}

QWidget* makeBaseBoundControls(FigurePanel& panel, ExplorerState&) {
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* minBase = new QCheckBox(QStringLiteral("Compute the smallest base &b* for L"), box);
    minBase->setObjectName(QStringLiteral("min-base"));
    minBase->setToolTip(
        QStringLiteral("Search b* with f ≥ 0 on 0 … L−1 (Xu et al. 2024; Su 2024). "
                       "Takes up to seconds for long contexts; runs in the background."));
    layout->addWidget(minBase);
    layout->addStretch(1);
    QObject::connect(minBase, &QCheckBox::toggled, &panel,
                     [&panel](bool on) { panel.setOption(QStringLiteral("min-base"), on); });
    return box;
}

} // namespace rope::ui
