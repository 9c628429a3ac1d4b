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
#include <cmath>
#include <limits>

namespace rope::figures {

const OptionTable& weightsOptions();

namespace {

// The "quantity" and "rows" rows' choices of weightsOptions(), in order.
enum class Quantity { Product, Query, Key };
enum class Rows { Heads, Layers };

constexpr double kSideShare = 0.45;

// Pair ticks: pair number over its wavelength, one per ≈ 100 px of the heatmap's own axis (the
// plot width less the side chart's share) so the labels (up to "λ 3.53×10⁴") never touch; the
// last pair is always labelled.
std::vector<Tick> pairTicks(const rope::ui::WeightsProbe& probe, const FigureOptions& options) {
    const int pairs = probe.rotaryDim / 2;
    const double width = options.plot.width(600) * (1.0 - kSideShare);
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

} // namespace

FigureData weightsFigure(const rope::RopeParams&, const FigureOptions& options) {
    const OptionValues opt(weightsOptions(), options);
    const QString model = opt.text("model");
    const QString folder = model.isEmpty() ? rope::ui::syntheticWeightsFolder() : model;
    QString error;
    const std::shared_ptr<const rope::ui::WeightsProbe> probe =
        rope::ui::cachedWeightsProbe(folder, error);
    if (!probe) {
        throw rope::InvalidParameter("model", error.toStdString());
    }
    const Quantity quantity = opt.choice<Quantity>("quantity");
    const bool perHead = opt.choice<Rows>("rows") != Rows::Layers;
    const int pairs = probe->rotaryDim / 2;
    const int layers = static_cast<int>(probe->layers.size());
    // Heads drawn per layer: query heads, except for W_k alone (one row per key/value head).
    const int heads = quantity == Quantity::Key ? probe->kvHeads : probe->queryHeads;
    const int group = probe->queryHeads / probe->kvHeads;
    // The value of head h of layer l at pair i; a query head h reads key/value head h / group.
    const auto value = [&](int l, int h, int i) {
        const rope::ui::LayerPairNorms& layer = probe->layers[static_cast<std::size_t>(l)];
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
    data.xLabel =
        FigureText::tr("pair i, wavelength λᵢ = 2π·b^(2i/R) tokens (b = %1, R = %2, %3)")
            .arg(formatNumber(probe->base))
            .arg(probe->rotaryDim)
            .arg(probe->layout == rope::Layout::Half ? FigureText::tr("half layout")
                                                     : FigureText::tr("interleaved layout"));
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
    side.title = FigureText::tr("mean over layers and heads");
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
    // Research overlays (a pair threshold such as the critical dimension) go into side.series
    // and data.series as vertical Guide lines at that pair: both axes count pairs.
    side.xRange = {-0.5, pairs - 0.5};
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
        {FigureText::tr("lowest- / highest-frequency quarter (mean ratio)"),
         highFreq > 0.0 ? lowFreq / highFreq : std::numeric_limits<double>::infinity(), QString()});
    return data;
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
