// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "attention": one toy attention head over "the dog chased another dog" with no position
// information, a sinusoidal encoding added to the embeddings, or RoPE on q and k.
#include "core/attention.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <QStringList>

#include <algorithm>
#include <cmath>

namespace rope::figures {

const OptionTable& attentionOptions();

namespace {

// The "view" row's choices of attentionOptions(), in order.
enum class View { Scores, Weights };

// Length of the repeated-token sequence whose score matrix is tested for Toeplitz structure.
constexpr int kToeplitzLength = 16;

QString encodingName(rope::AttentionEncoding e) {
    switch (e) {
    case rope::AttentionEncoding::None:
        return FigureText::tr("no position encoding");
    case rope::AttentionEncoding::Sinusoidal:
        return FigureText::tr("sinusoidal PE added to x");
    case rope::AttentionEncoding::Rope:
        break;
    }
    return FigureText::tr("RoPE on q and k");
}

// The encodings as bar names (the long names are in the title and the readouts).
QString shortEncodingName(rope::AttentionEncoding e) {
    switch (e) {
    case rope::AttentionEncoding::None:
        return FigureText::tr("none");
    case rope::AttentionEncoding::Sinusoidal:
        return FigureText::tr("sin PE");
    case rope::AttentionEncoding::Rope:
        break;
    }
    return FigureText::tr("RoPE");
}

} // namespace

FigureData attentionFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const OptionValues v(attentionOptions(), options);
    rope::ToyAttentionParams toy;
    toy.base = params.base;
    toy.encoding = rope::parseAttentionEncoding(v.choiceId("encoding").toStdString());
    // Default: the attention factor of the current scaling method (YaRN's 0.1·ln s + 1, …);
    // the "factor" option overrides it.
    toy.attentionFactor =
        v.has("factor") ? v.real("factor") : rope::scaledFrequencies(params).attentionFactor;
    const rope::ToyAttention result = rope::toyAttention(toy);
    const bool weights = v.choice<View>("view") == View::Weights;
    const Eigen::MatrixXd& m = weights ? result.attention.weights : result.attention.scores;

    // Tokens name the ticks ("1 dog"): rows and columns read as the sentence.
    std::vector<Tick> tokens;
    for (std::size_t t = 0; t < toy.tokens.size(); ++t) {
        tokens.push_back({static_cast<double>(t),
                          QStringLiteral("%1 %2").arg(t).arg(QString::fromStdString(toy.tokens[t]))});
    }
    QStringList words;
    for (const std::string& t : toy.tokens) {
        words << QString::fromStdString(t);
    }
    FigureData data;
    data.title =
        FigureText::tr("%1 over “%2”, %3")
            .arg(weights ? FigureText::tr("Softmax weights") : FigureText::tr("Scores QKᵀ/√d"))
            .arg(words.join(QLatin1Char(' ')))
            .arg(encodingName(toy.encoding));
    // The toy head is unmasked (core/attention.h): said where the reader looks for it.
    data.xLabel = FigureText::tr("key token (no causal mask: every query sees every key)");
    data.yLabel = FigureText::tr("query token");
    data.xTicks = tokens;
    data.yTicks = tokens;
    ColourMap map;
    map.columns = static_cast<int>(m.cols());
    map.rows = static_cast<int>(m.rows());
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            map.values.push_back(m(r, c));
        }
    }
    if (weights) {
        map.zMin = 0;
        map.zMax = 1;
        map.diverging = false;
        map.label = FigureText::tr("attention weight (rows sum to 1)");
    } else {
        const double extent = std::max(m.cwiseAbs().maxCoeff(), 1e-12);
        map.zMin = -extent;
        map.zMax = extent;
        map.label = FigureText::tr("score qᵀk/√d");
    }
    data.colourMap = std::move(map);

    const std::pair<Eigen::Index, Eigen::Index> repeated = rope::firstRepeatedTokenPair(toy.tokens);
    // The contrast between the encodings, drawn: one bar per encoding, the height the
    // difference between the outputs of the two equal tokens (0 without positions: the head
    // cannot tell them apart). The chosen encoding's bar is vermilion.
    SidePlot side;
    side.widthShare = 0.45;
    Series others;
    others.name = FigureText::tr("other encodings");
    others.id = QStringLiteral("other-encodings");
    others.style = SeriesStyle::Bars;
    others.colour = 0;
    Series chosen = others;
    chosen.name = FigureText::tr("encoding shown");
    chosen.id = QStringLiteral("encoding-shown");
    chosen.colour = 1;
    double highest = 0;
    int slot = 0;
    for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
        rope::ToyAttentionParams p = toy;
        p.encoding = e;
        const double difference = rope::repeatedTokenOutputDifference(p);
        data.readouts.push_back({FigureText::tr("max |out(%1) − out(%2)|, %3")
                                     .arg(repeated.first)
                                     .arg(repeated.second)
                                     .arg(encodingName(e)),
                                 difference, QString()});
        Series& target = e == toy.encoding ? chosen : others;
        target.x.push_back(slot);
        target.y.push_back(difference);
        highest = std::max(highest, difference);
        side.xTicks.push_back({static_cast<double>(slot), shortEncodingName(e)});
        ++slot;
    }
    for (Series* s : {&chosen, &others}) {
        if (!s->x.empty()) {
            side.series.push_back(std::move(*s));
        }
    }
    // The repeated token in the side plot's title, the quantity alone on its turned axis: one
    // long turned label outgrew the plot's height on a slide and ran into the figure's title.
    side.title = FigureText::tr("the two “%1”")
                     .arg(QString::fromStdString(
                         toy.tokens[static_cast<std::size_t>(repeated.first)]));
    side.yLabel =
        FigureText::tr("max |out(%1) − out(%2)|").arg(repeated.first).arg(repeated.second);
    side.xRange = {-0.6, slot - 0.4};
    side.yRange = {0.0, 1.15 * std::max(highest, 1e-9)};
    data.side = std::move(side);
    data.readouts.push_back({FigureText::tr("Toeplitz residual, “%1” ×%2")
                                 .arg(QString::fromStdString(toy.tokens.front()))
                                 .arg(kToeplitzLength),
                             rope::repeatedTokenToeplitzResidual(toy, kToeplitzLength), QString()});
    data.readouts.push_back(
        {FigureText::tr("attention factor a (scores × a²)"), toy.attentionFactor, QString()});
    data.xRange = {{-0.5, map.columns - 0.5}};
    data.yRange = {{-0.5, data.colourMap->rows - 0.5}};
    data.yReversed = true;
    return data;
}

const OptionTable& attentionOptions() {
    static const OptionTable table = [] {
        std::vector<OptionChoice> encodings;
        for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
            encodings.push_back({QString::fromLatin1(rope::attentionEncodingId(e)), encodingName(e)});
        }
        return OptionTable{
            {.id = "encoding",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Encoding:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("rope"),
             .choices = encodings},
            {.id = "view",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("scores"),
             .choices = {{"scores", QT_TRANSLATE_NOOP("FigureOptions", "scores QKᵀ/√d")}, {"weights", QT_TRANSLATE_NOOP("FigureOptions", "softmax weights")}}},
            // Unset: the attention factor of the current scaling method. Edited by the
            // special control "attention-factor" (a check box that enables the override).
            {.id = "factor",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Attention factor:"),
             .kind = OptionKind::Real,
             .min = 0.05,
             .max = 10.0,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "q and k are multiplied by a, so every score by a² (an inverse softmax temperature)."),
             .control = OptionControl::Hidden,
             .step = 0.05,
             .decimals = 3,
             .follows = QT_TRANSLATE_NOOP("FigureOptions", "the attention factor of the scaling method")},
        };
    }();
    return table;
}

} // namespace rope::figures
