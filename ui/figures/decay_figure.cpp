// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "decay": long-term decay of RoPE over the relative distance m = n − m' (tokens).
#include "core/decay.h"
#include "core/scaling/scaling_registry.h"
#include "ui/figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>
#include <cmath>

namespace rope::ui {

namespace {

// Distances 0 … L−1 at screen resolution: about two points per horizontal pixel, every
// `step`-th integer (each point is exact at its distance; nothing is averaged).
Eigen::ArrayXd decayDistances(const rope::RopeParams& params, const FigureOptions& options,
                              long long* step) {
    const long long width =
        std::clamp(options.value(QStringLiteral("plot-width-px"), 1000).toLongLong(), 1LL, 8192LL);
    const long long points = std::min(params.context, 2 * width);
    *step = std::max(1LL, (params.context + points - 1) / points);
    return rope::distanceRange(0, params.context - 1, *step);
}

Eigen::ArrayXd decayCurve(const QString& curve, const Eigen::ArrayXd& theta,
                          const Eigen::ArrayXd& distances) {
    if (curve == QLatin1String("upper-bound")) {
        return rope::relativeUpperBound(theta, distances);
    }
    if (curve == QLatin1String("similar-score")) {
        return rope::expectedSimilarScore(theta, distances);
    }
    return rope::meanCosine(theta, distances);
}

} // namespace

FigureData decayFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const QString curve =
        options.value(QStringLiteral("curve"), QStringLiteral("mean-cosine")).toString();
    long long step = 1;
    const Eigen::ArrayXd distances = decayDistances(params, options, &step);
    rope::RopeParams original = params;
    original.scaling = rope::ScalingParams{};
    const Eigen::ArrayXd thetaOriginal = rope::scaledFrequencies(original).invFreq;
    const Eigen::ArrayXd thetaScaled = rope::scaledFrequencies(params).invFreq;

    FigureData data;
    if (curve == QLatin1String("upper-bound")) {
        data.title = QStringLiteral("RoFormer's relative upper bound u(m) = (2/d)·Σⱼ|Sⱼ(m)|");
        data.yLabel = QStringLiteral("u(m) (bound on |qᵀR_m k| per unit max|hᵢ₊₁ − hᵢ|)");
    } else if (curve == QLatin1String("similar-score")) {
        data.title =
            QStringLiteral("Expected score of a similar key E[qᵀR_m(q + σε)] = 2·Σᵢ cos(mθᵢ)");
        data.yLabel = QStringLiteral("expected score (q, ε ~ N(0, I))");
    } else {
        data.title = QStringLiteral("Mean cosine c̄(m) = (2/d)·Σᵢ cos(mθᵢ)");
        data.yLabel = QStringLiteral("c̄(m) (1 at m = 0)");
    }
    data.xLabel = QStringLiteral("relative distance m (tokens)");
    const auto series = [&distances](const QString& name, const Eigen::ArrayXd& y, int colour) {
        Series s;
        s.name = name;
        s.colour = colour;
        s.x.assign(distances.data(), distances.data() + distances.size());
        s.y.assign(y.data(), y.data() + y.size());
        return s;
    };
    data.series.push_back(
        series(QStringLiteral("original RoPE (b = %1)").arg(params.base, 0, 'g', 6),
               decayCurve(curve, thetaOriginal, distances), 0));
    if (params.scaling.method != "default") {
        data.series.push_back(series(QStringLiteral("with %1 (s = %2)")
                                         .arg(QString::fromStdString(params.scaling.method))
                                         .arg(params.scaling.factor, 0, 'g', 4),
                                     decayCurve(curve, thetaScaled, distances), 1));
    }
    Series zero;
    zero.name = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    data.readouts.push_back(
        {QStringLiteral("tokens between points"), static_cast<double>(step), QString()});
    data.xRange = {{0.0, static_cast<double>(params.context - 1)}};
    return data;
}

QWidget* makeDecayControls(FigurePanel& panel, ExplorerState&) {
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* curve = new QComboBox(box);
    curve->setObjectName(QStringLiteral("curve"));
    curve->addItem(QStringLiteral("mean cosine (2/d)Σcos(mθᵢ)"), QStringLiteral("mean-cosine"));
    curve->addItem(QStringLiteral("RoFormer upper bound"), QStringLiteral("upper-bound"));
    curve->addItem(QStringLiteral("expected score, similar key"), QStringLiteral("similar-score"));
    curve->setToolTip(QStringLiteral("Which decay measure is drawn."));
    auto* label = new QLabel(QStringLiteral("&Curve:"), box);
    label->setBuddy(curve);
    layout->addWidget(label);
    layout->addWidget(curve);
    layout->addStretch(1);
    QObject::connect(curve, &QComboBox::currentIndexChanged, &panel, [&panel, curve] {
        panel.setOption(QStringLiteral("curve"), curve->currentData());
    });
    return box;
}

} // namespace rope::ui
