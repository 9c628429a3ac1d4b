// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "extension": each pair's wavelength before and after the selected context-extension
// method, against the original and the target context.
#include "core/frequencies.h"
#include "core/scaling/scaling_registry.h"
#include "ui/figures/figure_registry.h"

namespace rope::ui {

FigureData extensionFigure(const rope::RopeParams& params, const FigureOptions&) {
    rope::RopeParams original = params;
    original.scaling = rope::ScalingParams{};
    const Eigen::ArrayXd before = rope::wavelengths(rope::scaledFrequencies(original).invFreq);
    const rope::ScalingResult scaled = rope::scaledFrequencies(params);
    const Eigen::ArrayXd after = rope::wavelengths(scaled.invFreq);
    const rope::ScalingMethod& method = rope::scalingMethod(params.scaling.method);

    FigureData data;
    const bool unscaled = params.scaling.method == "default";
    data.title = unscaled
                     ? QStringLiteral("Wavelength of every pair (no scaling method chosen)")
                     : QStringLiteral("Wavelength of every pair: original vs %1")
                           .arg(QString::fromUtf8(
                               method.displayName.data(),
                               static_cast<qsizetype>(method.displayName.size())));
    data.xLabel = QStringLiteral("pair i");
    data.yLabel = QStringLiteral("wavelength λᵢ = 2π/θᵢ (tokens)");
    data.logY = true;
    Series a;
    a.name = QStringLiteral("original RoPE");
    a.colour = 4;
    Series b;
    b.name =
        QStringLiteral("with %1 (s = %2)")
            .arg(QString::fromLatin1(method.id.data(), static_cast<qsizetype>(method.id.size())))
            .arg(params.scaling.factor, 0, 'g', 4);
    b.colour = 1;
    if (unscaled) {
        b.name = QStringLiteral("default: identical to the original");
    }
    for (Eigen::Index i = 0; i < before.size(); ++i) {
        a.x.push_back(static_cast<double>(i));
        a.y.push_back(before[i]);
        b.x.push_back(static_cast<double>(i));
        b.y.push_back(after[i]);
    }
    const double last = static_cast<double>(before.size() - 1);
    Series l0;
    l0.name = QStringLiteral("original context L₀ = %1").arg(params.scaling.originalContext);
    l0.colour = 2;
    l0.x = {0.0, last};
    l0.y = {static_cast<double>(params.scaling.originalContext),
            static_cast<double>(params.scaling.originalContext)};
    Series ctx;
    ctx.name = QStringLiteral("context L = %1").arg(params.context);
    ctx.colour = 3;
    ctx.x = {0.0, last};
    ctx.y = {static_cast<double>(params.context), static_cast<double>(params.context)};
    data.series = {std::move(a), std::move(b)};
    if (params.scaling.originalContext == params.context) {
        ctx.name = QStringLiteral("context L = L₀ = %1").arg(params.context);
    } else {
        data.series.push_back(std::move(l0));
    }
    data.series.push_back(std::move(ctx));
    data.readouts.push_back(
        {QStringLiteral("attention factor"), scaled.attentionFactor, QString()});
    data.xRange = {{-0.5, last + 0.5}};
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

} // namespace rope::ui
