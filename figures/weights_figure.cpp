// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "weights": how strongly a trained model's W_q and W_k use each rotary pair, read from
// its safetensors files (io/weights_probe.h), per layer and head, with the pair's wavelength on
// the axis. Without a model folder it shows the bundled synthetic model.
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "io/weights_probe.h"

#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace rope::figures {

const OptionTable& weightsOptions();

namespace {

// The "quantity" and "rows" rows' choices of weightsOptions(), in order.
enum class Quantity { Product, Query, Key };
enum class Rows { Heads, Layers };

constexpr double kSideShare = 0.45;

// A text's width in pixels: the plot's font size is a line's height; a Latin character averages
// about 0.55 of it, a Han character the whole of it.
double textWidthPx(const QString& text, const FigureOptions& options) {
    const double font = options.plot.font(13);
    double em = 0.0;
    for (const QChar c : text) {
        em += c.unicode() >= 0x2E80 ? 1.0 : 0.55;
    }
    return em * font;
}

// The heatmap's width in pixels (the plot less the side chart), and the side chart's.
double heatmapWidthPx(const FigureOptions& options) {
    return options.plot.width(600) * (1.0 - kSideShare);
}
double sideWidthPx(const FigureOptions& options) {
    return options.plot.width(600) * kSideShare;
}

// Pair ticks: pair number over its wavelength, one per ≈ 100 px of the heatmap's own axis (the
// plot width less the side chart's share) so the labels (up to "λ 3.53×10⁴") never touch; the
// last pair is always labelled.
std::vector<Tick> pairTicks(const rope::io::WeightsProbe& probe, const FigureOptions& options) {
    const int pairs = probe.rotaryDim / 2;
    const double width = heatmapWidthPx(options);
    const int most = std::clamp(static_cast<int>(width / 100.0), 2, 8);
    const int step = std::max(1, (pairs - 1 + most - 2) / (most - 1));
    const auto tick = [&](int i) {
        return Tick{static_cast<double>(i),
                    FigureText::tr("%1\nλ %2").arg(i).arg(formatNumber(probe.wavelength(i), 3))};
    };
    std::vector<Tick> ticks;
    for (int i = 0; i < pairs; i += step) {
        if (i > 0 && 2 * (pairs - 1 - i) < step) {
            break; // too close to the last pair's label
        }
        ticks.push_back(tick(i));
    }
    ticks.push_back(tick(pairs - 1));
    if (pairs == 1) {
        ticks.pop_back();
    }
    return ticks;
}

// A model folder must exist; the probe names whatever is missing inside it.
void validateModelFolder(const QString& text) {
    if (!text.isEmpty() && !QFileInfo(text).isDir()) {
        throw rope::InvalidParameter(
            "model", FigureText::tr("model folder %1 does not exist").arg(text).toStdString());
    }
}

// The job's result: the probe of one folder, or why it could not be read.
struct WeightsResult : JobResult {
    std::shared_ptr<const rope::io::WeightsProbe> probe;
    QString error;
};

QString modelFolder(const FigureOptions& options) {
    const QString model = OptionValues(weightsOptions(), options).text("model");
    return model.isEmpty() ? rope::io::syntheticWeightsFolder() : model;
}

// Only the folder decides what the probe reads; the other options only redraw.
QVariantMap weightsInputs(const rope::RopeParams&, const FigureOptions& options) {
    return {{QStringLiteral("model"), modelFolder(options)}};
}

// Reading a large model's q/k projections takes seconds (a 7 B model's are ≈ 1 GB of BF16 on
// disk): a job, so the panel shows progress, keeps the GUI thread free and cancels the read
// when the folder changes or the window closes (checked after every tensor).
std::shared_ptr<const JobResult> runWeights(const rope::RopeParams& params,
                                            const FigureOptions& options, const JobControl& control,
                                            const JobResult* previous) {
    const QVariantMap inputs = weightsInputs(params, options);
    if (const auto* p = dynamic_cast<const WeightsResult*>(previous);
        p != nullptr && p->complete && p->inputs == inputs) {
        auto same = std::make_shared<WeightsResult>(*p);
        return same;
    }
    auto result = std::make_shared<WeightsResult>();
    result->inputs = inputs;
    QString error;
    result->probe = rope::io::cachedWeightsProbe(
        inputs.value(QStringLiteral("model")).toString(), error, [&control](int done, int total) {
            control.progress(total > 0 ? static_cast<double>(done) / total : 0.0);
            return !control.cancelled();
        });
    if (!result->probe && control.cancelled()) {
        result->complete = false;
        result->cancelled = true;
        return result;
    }
    result->error = error;
    return result;
}

FigureData figureFromProbe(const rope::io::WeightsProbe& probeRef, const QString& folder,
                           const FigureOptions& options);

// Before the first read finishes (or after Cancel) the panel shows what it is reading.
FigureData composeWeights(const rope::RopeParams& params, const FigureOptions& options,
                          const JobResult* last) {
    const QVariantMap inputs = weightsInputs(params, options);
    const QString folder = inputs.value(QStringLiteral("model")).toString();
    const auto* result = dynamic_cast<const WeightsResult*>(last);
    if (result != nullptr && result->inputs == inputs) {
        if (result->probe) {
            return figureFromProbe(*result->probe, folder, options);
        }
        if (!result->error.isEmpty()) {
            throw rope::InvalidParameter("model", result->error.toStdString());
        }
    }
    FigureData data;
    data.title = result != nullptr && result->cancelled && result->inputs == inputs
                     ? FigureText::tr("Reading %1 was cancelled").arg(folder)
                     : FigureText::tr("Reading the q/k projections of %1…").arg(folder);
    data.xLabel = FigureText::tr("pair i");
    data.yLabel = FigureText::tr("layer, head");
    data.readouts.push_back({FigureText::tr("model"), 0, QString(), false, folder});
    // An empty side chart of the final one's share: the panel measures the heatmap's width
    // (FigureOptions::plot) on the figure it drew last, so the placeholder keeps that layout.
    SidePlot side;
    side.widthShare = kSideShare;
    side.showAxes = false;
    data.side = std::move(side);
    // No numbers on the empty axes: nothing is plotted yet.
    data.xTicks = {{0.0, QString()}};
    data.yTicks = {{0.0, QString()}};
    return data;
}

FigureData figureFromProbe(const rope::io::WeightsProbe& probeRef, const QString& folder,
                           const FigureOptions& options) {
    const rope::io::WeightsProbe* probe = &probeRef;
    const OptionValues opt(weightsOptions(), options);
    const Quantity quantity = opt.choice<Quantity>("quantity");
    const bool perHead = opt.choice<Rows>("rows") != Rows::Layers;
    const int pairs = probe->rotaryDim / 2;
    const int layers = static_cast<int>(probe->layers.size());
    // Heads drawn per layer: query heads, except for W_k alone (one row per key/value head).
    const int heads = quantity == Quantity::Key ? probe->kvHeads : probe->queryHeads;
    const int group = probe->queryHeads / probe->kvHeads;
    // The value of head h of layer l at pair i; a query head h reads key/value head h / group.
    const auto value = [&](int l, int h, int i) {
        const rope::io::LayerPairNorms& layer = probe->layers[static_cast<std::size_t>(l)];
        switch (quantity) {
        case Quantity::Query:
            return layer.q[h][i];
        case Quantity::Key:
            return layer.k[h][i];
        case Quantity::Product:
            break;
        }
        return layer.q[h][i] * layer.k[h / group][i];
    };

    FigureData data;
    const QString name = probe->modelName.isEmpty() ? folder : probe->modelName;
    const QString what = quantity == Quantity::Query ? FigureText::tr("‖W_q⁽ⁱ⁾‖")
                         : quantity == Quantity::Key ? FigureText::tr("‖W_k⁽ⁱ⁾‖")
                                                     : FigureText::tr("‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖");
    data.title = FigureText::tr("%1 per pair, layer and head: %2").arg(what, name);
    const QString ladder =
        FigureText::tr("(b = %1, R = %2, %3)")
            .arg(formatNumber(probe->base))
            .arg(probe->rotaryDim)
            .arg(probe->layout == rope::Layout::Half ? FigureText::tr("half layout")
                                                     : FigureText::tr("interleaved layout"));
    const QString axis = FigureText::tr("pair i, wavelength λᵢ = 2π·b²ⁱ⁄ᴿ tokens");
    // One line while it fits under the heatmap and its margins (≈ 1.5 heatmap widths); a
    // narrow plot (a 1024x768 window) takes two lines rather than clipping both ends.
    data.xLabel =
        textWidthPx(axis + QLatin1Char(' ') + ladder, options) <= 1.5 * heatmapWidthPx(options)
            ? axis + QLatin1Char(' ') + ladder
            : axis + QLatin1Char('\n') + ladder;
    data.yLabel =
        perHead ? FigureText::tr("layer, head") : FigureText::tr("layer (mean over heads)");

    ColourMap map;
    map.columns = pairs;
    map.rows = perHead ? layers * heads : layers;
    map.xFirst = 0;
    map.xLast = pairs - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    map.diverging = false;
    map.values.assign(static_cast<std::size_t>(map.rows) * pairs, 0.0);
    std::vector<double> mean(static_cast<std::size_t>(pairs), 0.0);
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0.0;
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < heads; ++h) {
            for (int i = 0; i < pairs; ++i) {
                const double v = value(l, h, i);
                const int row = perHead ? l * heads + h : l;
                map.values[static_cast<std::size_t>(row) * pairs + i] += perHead ? v : v / heads;
                mean[static_cast<std::size_t>(i)] += v / (static_cast<double>(layers) * heads);
            }
        }
    }
    for (const double v : map.values) {
        if (v > 0.0) {
            lo = std::min(lo, v);
        }
        hi = std::max(hi, v);
    }
    if (!(hi > 0.0)) {
        lo = 0.0;
        hi = 1.0;
    }
    map.zMin = std::isfinite(lo) && lo < hi ? lo : 0.0;
    map.zMax = hi;
    map.logScale = opt.toggle("log-scale") && map.zMin > 0.0;
    map.label = what;
    data.colourMap = std::move(map);
    data.xTicks = pairTicks(*probe, options);
    // Layer labels down the rows, at most about sixteen of them.
    const int rowsPerLayer = perHead ? heads : 1;
    const int layerStep = std::max(1, (layers + 15) / 16);
    for (int l = 0; l < layers; l += layerStep) {
        data.yTicks.push_back({static_cast<double>(l * rowsPerLayer) + (rowsPerLayer - 1) / 2.0,
                               FigureText::tr("layer %1").arg(l)});
    }
    data.yReversed = true;
    data.xRange = {{-0.5, pairs - 0.5}};
    data.yRange = {{-0.5, data.colourMap->rows - 0.5}};

    SidePlot side;
    // Short: the side chart is narrow (≈ 140 px at 1280x800); narrower, it goes (the legend
    // names the mean too).
    const QString sideTitle = FigureText::tr("mean of all heads");
    if (textWidthPx(sideTitle, options) <= sideWidthPx(options)) {
        side.title = sideTitle;
    }
    side.xLabel = FigureText::tr("pair i");
    side.yLabel = what;
    Series s;
    s.name = FigureText::tr("mean %1").arg(what);
    s.id = QStringLiteral("mean");
    s.colour = 0;
    double top = 0.0;
    for (int i = 0; i < pairs; ++i) {
        s.x.push_back(i);
        s.y.push_back(mean[static_cast<std::size_t>(i)]);
        top = std::max(top, mean[static_cast<std::size_t>(i)]);
    }
    side.series.push_back(std::move(s));
    // The side chart is about half the heatmap's width: its own ticks, chosen by the plot,
    // ran together below 1280x800 ("1012.5") and named pairs that do not exist (2.5). The
    // pairs the heatmap labels, as plain integers, fit at that spacing.
    for (const Tick& t : data.xTicks) {
        side.xTicks.push_back({t.at, QString::number(static_cast<int>(t.at))});
    }
    // The side chart ends at the plot's right border, where QCustomPlot drops a tick label
    // that would cross it: about 14 px of room right of the last pair keeps its number.
    side.xRange = {-0.5, pairs - 0.5 + pairs * 14.0 / std::max(sideWidthPx(options), 40.0)};
    side.yRange = {0.0, top > 0.0 ? 1.08 * top : 1.0};
    side.widthShare = kSideShare;
    data.side = std::move(side);

    // Readouts: where the mean is largest, and how the lowest-frequency quarter of the pairs
    // compares with the highest-frequency quarter.
    const auto peak = std::max_element(mean.begin(), mean.end());
    const int peakPair = static_cast<int>(peak - mean.begin());
    const int quarter = std::max(1, pairs / 4);
    double highFreq = 0.0;
    double lowFreq = 0.0;
    for (int i = 0; i < quarter; ++i) {
        highFreq += mean[static_cast<std::size_t>(i)];
        lowFreq += mean[static_cast<std::size_t>(pairs - 1 - i)];
    }
    data.readouts.push_back({FigureText::tr("model"), 0, QString(), false, name});
    data.readouts.push_back({FigureText::tr("layers"), static_cast<double>(layers), QString()});
    data.readouts.push_back({FigureText::tr("query heads / key-value heads"),
                             static_cast<double>(probe->queryHeads), QString(), false,
                             QStringLiteral("%1 / %2").arg(probe->queryHeads).arg(probe->kvHeads)});
    data.readouts.push_back(
        {FigureText::tr("pair with the largest mean"), static_cast<double>(peakPair), QString()});
    data.readouts.push_back({FigureText::tr("its wavelength λ"), probe->wavelength(peakPair),
                             FigureText::tr("tokens")});
    data.readouts.push_back(
        {FigureText::tr("low- / high-frequency quarter"),
         highFreq > 0.0 ? lowFreq / highFreq : std::numeric_limits<double>::infinity(), QString()});
    return data;
}

} // namespace

FigureData weightsFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const std::atomic<bool> never{false};
    const std::shared_ptr<const JobResult> result =
        runWeights(params, options, JobControl(never), nullptr);
    return composeWeights(params, options, result.get());
}

const FigureJob& weightsJob() {
    static const FigureJob job{
        .inputs = &weightsInputs, .run = &runWeights, .compose = &composeWeights};
    return job;
}

const OptionTable& weightsOptions() {
    static const OptionTable table = {
        {.id = "quantity",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Show:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("product"),
         .choices = {{"product", QT_TRANSLATE_NOOP("FigureOptions", "‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖")},
                     {"q", QT_TRANSLATE_NOOP("FigureOptions", "‖W_q⁽ⁱ⁾‖ (query heads)")},
                     {"k", QT_TRANSLATE_NOOP("FigureOptions", "‖W_k⁽ⁱ⁾‖ (key/value heads)")}},
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Frobenius norm of the two rows of W_q and/or W_k that produce a head's two "
             "components of pair i; the product bounds the pair's share of qᵀR k.")},
        {.id = "rows",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Rows:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("heads"),
         .choices = {{"heads", QT_TRANSLATE_NOOP("FigureOptions", "every head of every layer")},
                     {"layers", QT_TRANSLATE_NOOP("FigureOptions", "one row per layer (mean)")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "One row per head, or per layer averaged over its heads.")},
        {.id = "log-scale",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Logarithmic colours"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Colour by the logarithm of the norm (norms span decades in real models).")},
        // The model folder, set by File ▸ Open model folder… and the Hugging Face cache browser
        // (sessions and --set too); empty = the bundled synthetic model.
        {.id = "model",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "model folder"),
         .kind = OptionKind::Text,
         .defaultValue = QString(),
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "A folder with config.json and safetensors files; "
                                                "empty for the bundled synthetic model."),
         .control = OptionControl::Hidden,
         .validate = &validateModelFolder},
    };
    return table;
}

} // namespace rope::figures
