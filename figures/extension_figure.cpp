// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "extension": what a context-extension method does to each pair — wavelengths before
// and after (which pairs are interpolated, kept or blended), the phase heatmap before and
// after, and the decay curve before and after.
#include "figures/extension_figure.h"
#include "core/frequencies.h"
#include "core/heatmap.h"
#include "core/scaling/scaling_registry.h"
#include "figures/decay_envelope.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "figures/research_overlays.h"
#include "figures/zero_frequency.h"


#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::figures {

const OptionTable& extensionOptions();

PairTreatment classifyPair(double ratio, double factor) {
    // θ'ᵢ/θᵢ is exactly 1 or 1/s for the pure cases up to rounding of one division.
    constexpr double kTolerance = 1e-9;
    if (std::abs(ratio - 1.0) <= kTolerance) {
        return PairTreatment::Kept;
    }
    if (std::abs(ratio * factor - 1.0) <= kTolerance) {
        return PairTreatment::Interpolated;
    }
    return PairTreatment::Blended;
}

namespace {

// The "view" row's choices of extensionOptions(), in order.
enum class View { Wavelengths, Heatmap, Decay };

QString methodName(const rope::RopeParams& params) {
    const rope::ScalingMethod& method = rope::scalingMethod(params.scaling.method);
    return FigureText::tr("%1 (s = %2)")
        .arg(QString::fromLatin1(method.id.data(), static_cast<qsizetype>(method.id.size())))
        .arg(params.scaling.factor, 0, 'g', 4);
}

FigureData wavelengthView(const rope::RopeParams& params, const FigureOptions& options,
                          const Eigen::ArrayXd& thetaBefore, const rope::ScalingResult& scaled) {
    const Eigen::ArrayXd before = rope::wavelengths(thetaBefore);
    // p-RoPE switches pairs off (θ' = 0, λ = ∞): they are counted, not drawn.
    const Eigen::ArrayXd after = wavelengthsAllowingZero(scaled.invFreq);
    const rope::ScalingMethod& method = rope::scalingMethod(params.scaling.method);

    FigureData data;
    const bool unscaled = params.scaling.method == ScalingKind::Default;
    data.title =
        unscaled ? FigureText::tr("Wavelength of every pair (no scaling method chosen)")
                 : FigureText::tr("Wavelength of every pair: original vs %1")
                       .arg(QCoreApplication::translate("ScalingMethods",
                                                        std::string(method.displayName).c_str()));
    data.xLabel = FigureText::tr("pair i");
    data.yLabel = FigureText::tr("wavelength λᵢ = 2π/θᵢ (tokens)");
    data.logY = true;
    Series a;
    a.name = FigureText::tr("original RoPE");
    a.id = QStringLiteral("original");
    a.colour = 4;
    Series b;
    b.name = FigureText::tr("with ") + methodName(params);
    b.id = QStringLiteral("scaled");
    b.colour = 1;
    // After-wavelengths again, split by what the method did to the pair (θ'ᵢ/θᵢ).
    Series kept;
    kept.name = FigureText::tr("kept θ' = θ (extrapolated)");
    kept.id = QStringLiteral("kept");
    kept.style = SeriesStyle::Scatter;
    kept.colour = 0;
    Series interpolated = kept;
    interpolated.name = FigureText::tr("interpolated θ' = θ/s");
    interpolated.id = QStringLiteral("interpolated");
    interpolated.colour = 3;
    Series blended = kept;
    blended.name = FigureText::tr("blended (θ/s < θ' < θ or other)");
    blended.id = QStringLiteral("blended");
    blended.colour = 5;
    int counts[3] = {0, 0, 0};
    for (Eigen::Index i = 0; i < before.size(); ++i) {
        const auto x = static_cast<double>(i);
        a.x.push_back(x);
        a.y.push_back(before[i]);
        if (!std::isfinite(after[i])) {
            continue;
        }
        b.x.push_back(x);
        b.y.push_back(after[i]);
        const PairTreatment t =
            classifyPair(scaled.invFreq[i] / thetaBefore[i], params.scaling.factor);
        Series& target = t == PairTreatment::Kept           ? kept
                         : t == PairTreatment::Interpolated ? interpolated
                                                            : blended;
        target.x.push_back(x);
        target.y.push_back(after[i]);
        ++counts[static_cast<int>(t)];
    }
    const double last = static_cast<double>(before.size() - 1);
    Series l0;
    l0.name = FigureText::tr("original context L₀ = %1").arg(params.scaling.originalContext);
    l0.id = QStringLiteral("original-context");
    l0.colour = 2;
    l0.x = {0.0, last};
    l0.y = {static_cast<double>(params.scaling.originalContext),
            static_cast<double>(params.scaling.originalContext)};
    Series ctx;
    ctx.name = FigureText::tr("context L = %1").arg(params.context);
    ctx.id = QStringLiteral("context");
    ctx.colour = 6;
    ctx.x = {0.0, last};
    ctx.y = {static_cast<double>(params.context), static_cast<double>(params.context)};
    // With no method the two curves coincide and the second would hide the first: one curve.
    data.series.push_back(std::move(a));
    if (!unscaled) {
        data.series.push_back(std::move(b));
    }
    if (params.scaling.originalContext == params.context) {
        ctx.name = FigureText::tr("context L = L₀ = %1").arg(params.context);
    } else {
        data.series.push_back(std::move(l0));
    }
    data.series.push_back(std::move(ctx));
    // With no method chosen nothing was kept, interpolated or blended: no markers.
    for (Series* s : {&kept, &interpolated, &blended}) {
        if (!s->x.empty() && !unscaled) {
            data.series.push_back(std::move(*s));
        }
    }
    // Layers of another RoPE kind (Gemma 3: local b = 10⁴ beside global b = 10⁶, linear ×8),
    // set by the window's layer strip or by --set: θ = b^(−2i/d)/f over that layer's d/2 pairs.
    const OptionValues v(extensionOptions(), options);
    if (v.has("compare-base")) {
        const double base = v.real("compare-base");
        const double factor = v.has("compare-factor") ? v.real("compare-factor") : 1.0;
        const int dim = v.has("compare-rotary-dim")
                            ? static_cast<int>(v.integer("compare-rotary-dim"))
                            : params.effectiveRotaryDim();
        rope::validateBase(base, "compare-base");
        rope::validateDim(dim, "compare-rotary-dim");
        const Eigen::ArrayXd other = rope::wavelengths(rope::inverseFrequencies(dim, base) / factor);
        Series o;
        o.name = factor == 1.0 ? FigureText::tr("other layers: b = %1").arg(base, 0, 'g', 6)
                               : FigureText::tr("other layers: b = %1, linear ×%2")
                                     .arg(base, 0, 'g', 6)
                                     .arg(factor, 0, 'g', 4);
        o.id = QStringLiteral("other-layers");
        o.colour = 7;
        for (Eigen::Index i = 0; i < other.size(); ++i) {
            o.x.push_back(static_cast<double>(i));
            o.y.push_back(other[i]);
        }
        data.series.push_back(std::move(o));
    }
    data.readouts = {{FigureText::tr("attention factor"), scaled.attentionFactor, QString()}};
    if (unscaled) {
        data.readouts.push_back({FigureText::tr("pairs changed"), 0.0, QString(), false,
                                 FigureText::tr("none (no scaling method chosen)")});
    } else {
        data.readouts.push_back(
            {FigureText::tr("pairs kept (extrapolated)"), static_cast<double>(counts[0]), QString()});
        data.readouts.push_back(
            {FigureText::tr("pairs interpolated"), static_cast<double>(counts[1]), QString()});
        data.readouts.push_back(
            {FigureText::tr("pairs blended"), static_cast<double>(counts[2]), QString()});
    }
    if (const int zeros = zeroFrequencyPairs(scaled.invFreq); zeros > 0) {
        data.readouts.push_back({FigureText::tr("pairs not rotated (θ' = 0, λ = ∞)"),
                                 static_cast<double>(zeros), QString()});
    }
    // The published rules about the pre-training length L₀, on the original ladder.
    const double trainLength = static_cast<double>(params.scaling.originalContext);
    OverlayFrame frame;
    frame.xLow = -0.5;
    frame.xHigh = last + 0.5;
    frame.yLow = before.minCoeff();
    frame.yHigh = before.maxCoeff();
    // The boundary line starts at L₀/2, above the legend in the lower right corner.
    const double lineLow = std::max(frame.yLow, 0.5 * trainLength);
    if (v.toggle("critical-dim")) {
        // Right of the line and below λ = L₀: no curve enters there (the pairs right of the
        // line have λ > L₀ before and after any extension).
        OverlayFrame line = frame;
        line.yLow = lineLow;
        line.labelY = trainLength / 1.5;
        line.labelRight = true;
        addCriticalDimension(data, 2 * static_cast<int>(before.size()), params.base, trainLength,
                             0.0, line);
    }
    if (v.toggle("fope")) {
        // Just above the line λ = L₀.
        frame.labelY = trainLength * std::pow(frame.yHigh / frame.yLow, 0.06);
        addFopeCutoff(data, before, trainLength, frame);
    }
    data.xRange = {{-0.5, last + 0.5}};
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

FigureData heatmapView(const rope::RopeParams& params, const FigureOptions& options,
                       const Eigen::ArrayXd& thetaBefore, const rope::ScalingResult& scaled) {
    const int rows = std::clamp(options.plot.height(400), 1, 4096);
    const Eigen::ArrayXXd before =
        rope::phaseHeatmap(thetaBefore, 0, params.context - 1, rows, rope::PhaseQuantity::Cos);
    const Eigen::ArrayXXd after = phaseHeatmapAllowingZero(scaled.invFreq, 0, params.context - 1,
                                                           rows, rope::PhaseQuantity::Cos);
    const auto pairs = static_cast<int>(before.cols());
    const auto r = static_cast<int>(before.rows());
    FigureData data;
    data.title =
        FigureText::tr("cos(mθᵢ) before (left) and after %1 (right)").arg(methodName(params));
    data.xLabel = FigureText::tr("pair i (left: original; right: scaled)");
    const int step = pairs <= 16 ? 2 : pairs <= 64 ? 8 : 16;
    for (int block = 0; block < 2; ++block) {
        for (int i = 0; i < pairs; i += step) {
            data.xTicks.push_back(
                {static_cast<double>(block * (pairs + 1) + i), QString::number(i)});
        }
    }
    data.yLabel = FigureText::tr("position m (tokens)");
    ColourMap map;
    map.columns = 2 * pairs + 1; // one NaN column between the two images
    map.rows = r;
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    // Row centres in positions: heatmapRowEdges() splits 0 … L−1 into r runs.
    const Eigen::ArrayXd edges = rope::heatmapRowEdges(0, params.context - 1, rows);
    map.yFirst = 0.5 * (edges[0] + edges[1]);
    map.yLast = 0.5 * (edges[r - 1] + edges[r]);
    map.values.reserve(static_cast<std::size_t>(map.columns) * static_cast<std::size_t>(r));
    for (int row = 0; row < r; ++row) {
        for (int c = 0; c < pairs; ++c) {
            map.values.push_back(before(row, c));
        }
        map.values.push_back(std::numeric_limits<double>::quiet_NaN());
        for (int c = 0; c < pairs; ++c) {
            map.values.push_back(after(row, c));
        }
    }
    map.label = FigureText::tr("cos(mθᵢ)");
    data.colourMap = std::move(map);
    data.readouts = {{FigureText::tr("attention factor"), scaled.attentionFactor, QString()}};
    if (OptionValues(extensionOptions(), options).toggle("critical-dim")) {
        // On the left (original) image only: the formula is about the plain ladder trained on L₀.
        OverlayFrame frame;
        frame.xLow = -0.5;
        frame.xHigh = 2.0 * pairs + 0.5;
        frame.yLow = edges[0];
        frame.yHigh = edges[r];
        // Near m = 0, at the top (y grows downwards), inside the left image.
        frame.labelY = edges[0] + 0.03 * (edges[r] - edges[0]);
        frame.labelXMax = pairs - 0.5;
        frame.onDark = true;
        frame.labelRight = true;
        addCriticalDimension(data, 2 * pairs, params.base,
                             static_cast<double>(params.scaling.originalContext), 0.0, frame);
    }
    data.xRange = {{-0.5, 2.0 * pairs + 0.5}};
    data.yRange = {{edges[0], edges[r]}};
    data.yReversed = true;
    return data;
}

FigureData decayView(const rope::RopeParams& params, const FigureOptions& options,
                     const Eigen::ArrayXd& thetaBefore, const rope::ScalingResult& scaled) {
    const long long buckets = std::clamp(options.plot.width(1000), 1, 8192);
    FigureData data;
    data.title = FigureText::tr("Mean cosine c(m) = (2/d)·Σᵢ cos(mθᵢ): original vs %1")
                     .arg(methodName(params));
    data.xLabel = FigureText::tr("relative distance m (tokens)");
    data.yLabel = FigureText::tr("c(m), mean per pixel column; 1 at m = 0");
    const auto toVector = [](const Eigen::ArrayXd& a) {
        return std::vector<double>(a.data(), a.data() + a.size());
    };
    const std::pair<QString, const Eigen::ArrayXd*> curves[] = {
        {FigureText::tr("original RoPE"), &thetaBefore},
        {FigureText::tr("with ") + methodName(params), &scaled.invFreq},
    };
    int colour = 0;
    for (const auto& [name, theta] : curves) {
        const CurveEnvelope env =
            decayEnvelope(QStringLiteral("mean-cosine"), *theta, params.context, buckets);
        const Eigen::ArrayXd x = 0.5 * (env.firstDistance + env.lastDistance);
        const int c = colour == 0 ? 4 : 1;
        const QString id = colour == 0 ? QStringLiteral("original") : QStringLiteral("scaled");
        if ((env.lastDistance > env.firstDistance).any()) {
            Series lo;
            lo.name = name + FigureText::tr(" min per column");
            lo.id = id + QStringLiteral("-min");
            lo.colour = c;
            lo.inLegend = false;
            lo.x = toVector(x);
            lo.y = toVector(env.minimum);
            Series hi = lo;
            hi.name = name + FigureText::tr(" max per column");
            hi.id = id + QStringLiteral("-max");
            hi.y = toVector(env.maximum);
            hi.fillToPrevious = true;
            if (colour == 0) {
                // One legend entry explains the thin lines of both curves.
                hi.name = FigureText::tr("thin lines: min and max over a column's distances");
                hi.inLegend = true;
            }
            data.series.push_back(std::move(lo));
            data.series.push_back(std::move(hi));
        }
        Series mean;
        mean.name = name;
        mean.id = id;
        mean.colour = c;
        mean.x = toVector(x);
        mean.y = toVector(env.mean);
        data.series.push_back(std::move(mean));
        ++colour;
    }
    Series l0;
    l0.name = FigureText::tr("original context L₀ = %1").arg(params.scaling.originalContext);
    l0.id = QStringLiteral("original-context");
    l0.style = SeriesStyle::Path;
    l0.colour = 2;
    l0.x = {static_cast<double>(params.scaling.originalContext),
            static_cast<double>(params.scaling.originalContext)};
    l0.y = {-1.0, 1.0};
    data.series.push_back(std::move(l0));
    Series zero;
    zero.name = FigureText::tr("zero");
    zero.id = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    data.readouts = {{FigureText::tr("attention factor"), scaled.attentionFactor, QString()}};
    data.xRange = {{0.0, static_cast<double>(params.context - 1)}};
    data.yRange = {{-0.3, 1.05}};
    return data;
}

} // namespace

FigureData extensionFigure(const rope::RopeParams& params, const FigureOptions& options) {
    rope::RopeParams original = params;
    original.scaling = rope::ScalingParams{};
    if (params.scaling.method == ScalingKind::Proportional) {
        // p-RoPE's ladder spans the whole head; its rotary dim only says how many pairs turn.
        original.rotaryDim = 0;
    }
    const Eigen::ArrayXd thetaBefore = rope::scaledFrequencies(original).invFreq;
    const rope::ScalingResult scaled = rope::scaledFrequencies(params);
    const View view = OptionValues(extensionOptions(), options).choice<View>("view");
    if (view == View::Heatmap) {
        return heatmapView(params, options, thetaBefore, scaled);
    }
    if (view == View::Decay) {
        return decayView(params, options, thetaBefore, scaled);
    }
    return wavelengthView(params, options, thetaBefore, scaled);
}

const OptionTable& extensionOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("wavelengths"),
         .choices = {{"wavelengths", QT_TRANSLATE_NOOP("FigureOptions", "wavelengths per pair")}, {"heatmap", QT_TRANSLATE_NOOP("FigureOptions", "heatmap before | after")}, {"decay", QT_TRANSLATE_NOOP("FigureOptions", "decay before vs after")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "What to compare before and after the extension method.")},
        {.id = "critical-dim",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Critical dimension"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Wavelengths and heatmap views: mark Liu et al.'s critical dimension of the original ladder for the original context L₀ (pairs left of it complete a full turn within L₀).")},
        {.id = "fope",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&FoPE cut-off"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Wavelengths view: mark the pairs FoPE (Hua et al. 2024) sets to zero, those with θ < 2π/L₀ (wavelength above the original context L₀).")},
        // Set by the layer strip when the model's layers differ (Gemma 3); unset = no
        // comparison. Settable with --set for any base.
        {.id = "compare-base",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Other layers' base"),
         .kind = OptionKind::LogReal,
         .min = 1.0000001,
         .max = rope::limits::kMaxBase,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Wavelengths view: also draw layers with this base (the other layer kind of the loaded model)."),
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "no comparison (set from the loaded model's other layer kind)")},
        {.id = "compare-factor",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Other layers' linear factor"),
         .kind = OptionKind::Real,
         .min = 1,
         .max = 1e6,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Linear (position interpolation) factor of the other layers; unset = 1."),
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "1 (no interpolation)")},
        {.id = "compare-rotary-dim",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Other layers' rotary dimension"),
         .kind = OptionKind::Integer,
         .min = 2,
         .max = rope::limits::kMaxDim,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Rotary dimension of the other layers; unset = the current one."),
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the current rotary dimension")},
    };
    return table;
}

} // namespace rope::figures
