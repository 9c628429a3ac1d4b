// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "mrope": multimodal RoPE (Qwen2-VL, Qwen3-VL). A token layout (text runs, image and
// video grids) gets three rows of positions (temporal, height, width); each rotary pair reads one
// row, chosen by mrope_section. The readouts check the relative-position identity per axis.
#include "core/mrope.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace rope::figures {

const OptionTable& mropeOptions();

namespace {

// The "layout" row's choices of mropeOptions(), in order.
constexpr rope::MropeLayout kLayouts[] = {rope::MropeLayout::Blocks,
                                          rope::MropeLayout::Interleaved};

const QString kDefaultTokens = QStringLiteral("text:4,image:1x3x4,text:3,video:2x2x3,text:2");

// "16,24,24" → {16, 24, 24}; empty → the model's published section for 64 pairs (Qwen2-VL
// config.json: [16, 24, 24]; Qwen3-VL: [24, 20, 20]), in the same proportions for another
// number of pairs (the title names the section used).
std::vector<int> parseSection(const QString& text, rope::MropeLayout layout, int pairs = 64) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        if (layout == rope::MropeLayout::Blocks) {
            const int t = pairs / 4; // 16 of 64
            const int h = (pairs - t) / 2;
            return {t, h, pairs - t - h};
        }
        const int hw = pairs * 20 / 64; // 20 of 64
        return {pairs - 2 * hw, hw, hw};
    }
    const QStringList parts = trimmed.split(QLatin1Char(','));
    std::vector<int> section;
    for (const QString& part : parts) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v < 0) {
            throw rope::InvalidParameter(
                "section", "section: '" + part.trimmed().toStdString() +
                               "' is not a non-negative whole number (expected e.g. 16,24,24)");
        }
        section.push_back(v);
    }
    if (section.size() != 3) {
        throw rope::InvalidParameter("section", "section: expected three counts t,h,w, got " +
                                                    std::to_string(section.size()));
    }
    return section;
}

void checkSection(const QString& text) {
    parseSection(text, rope::MropeLayout::Blocks);
}

void checkTokens(const QString& text) {
    rope::parseMropeSegments(text.toStdString());
}

} // namespace

FigureData mropeFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const OptionValues v(mropeOptions(), options);
    const rope::MropeLayout layout = kLayouts[v.choiceIndex("layout")];
    const bool qwen3 = layout == rope::MropeLayout::Interleaved;
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const int pairs = static_cast<int>(theta.size());
    const std::vector<int> section =
        parseSection(v.text("section"), layout, pairs);
    const std::vector<int> axis = rope::mropeAxisOfPair(section, layout, pairs);
    const std::vector<rope::MropeSegment> segments =
        rope::parseMropeSegments(v.text("tokens").toStdString());
    // Qwen3-VL reads a T-frame video as T single-frame grids (timestamps between frames).
    const std::array<std::vector<long long>, 3> ids = rope::mropePositionIds(segments, qwen3);
    const auto tokens = static_cast<long long>(ids[0].size());
    const Eigen::MatrixXd angles = rope::mropeAngles(theta, axis, ids);

    // −1 (the control's "last") or unset: the last token.
    const long long askedQuery = v.integer("query");
    const long long query =
        std::clamp<long long>(askedQuery < 0 ? tokens - 1 : askedQuery, 0, tokens - 1);
    const long long key =
        std::clamp<long long>(v.integer("key"), 0, tokens - 1);

    FigureData data;
    data.title =
        FigureText::tr("M-RoPE positions (%1, section %2·%3·%4 pairs)")
            .arg(qwen3 ? FigureText::tr("Qwen3-VL interleaved") : FigureText::tr("Qwen2-VL blocks"))
            .arg(section[0])
            .arg(section[1])
            .arg(section[2]);
    data.xLabel = FigureText::tr("token index");
    data.yLabel = FigureText::tr("position id");
    const QString names[3] = {FigureText::tr("temporal"), FigureText::tr("height"),
                              FigureText::tr("width")};
    const int colours[3] = {4, 1, 3};
    const char* const axisIds[3] = {"temporal", "height", "width"}; // Series::id stems
    for (int a = 0; a < 3; ++a) {
        Series s;
        s.name = names[a] + FigureText::tr(" row");
        s.id = QStringLiteral("%1-row").arg(QLatin1String(axisIds[a]));
        s.style = SeriesStyle::Scatter;
        s.colour = colours[a];
        // Text tokens have three equal ids: the rows sit side by side (t left, w right of the
        // token) so no marker hides another.
        const double shift = 0.22 * (a - 1);
        for (long long t = 0; t < tokens; ++t) {
            s.x.push_back(static_cast<double>(t) + shift);
            s.y.push_back(
                static_cast<double>(ids[static_cast<std::size_t>(a)][static_cast<std::size_t>(t)]));
        }
        data.series.push_back(std::move(s));
    }
    long long largest = 0;
    for (const std::vector<long long>& row : ids) {
        largest = std::max(largest, *std::max_element(row.begin(), row.end()));
    }
    // Room under id 0 for two lines of run labels (neighbouring runs alternate between them,
    // so short runs' labels do not run into each other): 2.6 font heights in id units at the
    // plot's height (fixed point of low = −0.5 − 2.6·font·(largest + 1 − low)/height, two
    // steps).
    const double plotPx =
        std::max(static_cast<double>(options.plot.height(400)), 16.0);
    const double fontPx = static_cast<double>(options.plot.font(13));
    double low = -1.5;
    for (int k = 0; k < 2; ++k) {
        low = std::min(-2.0, -0.5 - 2.6 * fontPx * (static_cast<double>(largest) + 1.0 - low) /
                                          plotPx);
    }
    // Line centres at a quarter and three quarters of the room.
    const double labelY[2] = {-0.5 + 0.27 * (low + 0.5), -0.5 + 0.75 * (low + 0.5)};
    // Position ids are integers: integer ticks, at most about eight, at a round step (1, 2, 5
    // times a power of ten: ceil(largest/8) gave steps such as 11, ticks 0, 11, 22, …).
    long long tickStep = 1;
    for (long long decade = 1; tickStep * 8 < largest; decade *= 10) {
        for (const long long f : {1LL, 2LL, 5LL}) {
            tickStep = f * decade;
            if (tickStep * 8 >= largest) {
                break;
            }
        }
    }
    for (long long id = 0; id <= largest; id += tickStep) {
        data.yTicks.push_back({static_cast<double>(id), QString::number(id)});
    }
    // Each run is labelled on one line below every marker (ids start at 0), centred over its
    // tokens: a label one position below its run's first id sat on the markers of the run
    // before it.
    long long start = 0;
    int run = 0;
    for (const rope::MropeSegment& seg : segments) {
        const long long count =
            seg.isText ? seg.textTokens : static_cast<long long>(seg.gridT) * seg.gridH * seg.gridW;
        const QString label =
            seg.isText ? FigureText::tr("text ×%1").arg(seg.textTokens)
                       : QStringLiteral("%1×%2×%3").arg(seg.gridT).arg(seg.gridH).arg(seg.gridW);
        // Centred over the run on its line; the renderer, which knows the label's width, keeps
        // it inside the axes (a short run sits at an edge) and clear of its neighbours.
        const double centre = static_cast<double>(start) + 0.5 * static_cast<double>(count - 1);
        data.labels.push_back({centre, labelY[run++ % 2], label, false, LabelPlace::Near});
        start += count;
    }
    Series marks;
    marks.name = FigureText::tr("query q = %1, key k = %2").arg(query).arg(key);
    marks.id = QStringLiteral("query-key");
    marks.style = SeriesStyle::Scatter;
    marks.colour = 6;
    for (long long t : {query, key}) {
        for (int a = 0; a < 3; ++a) {
            marks.x.push_back(static_cast<double>(t) + 0.22 * (a - 1));
            marks.y.push_back(
                static_cast<double>(ids[static_cast<std::size_t>(a)][static_cast<std::size_t>(t)]));
        }
    }
    data.series.push_back(std::move(marks));

    // Side plot: which row each pair reads.
    SidePlot side;
    side.title = FigureText::tr("axis of each pair");
    side.xLabel = FigureText::tr("pair j");
    side.yLabel = FigureText::tr("axis");
    side.yTicks = {{0.0, QStringLiteral("t")}, {1.0, QStringLiteral("h")}, {2.0, QStringLiteral("w")}};
    for (int a = 0; a < 3; ++a) {
        Series s;
        s.name = names[a] + FigureText::tr(" pairs");
        s.id = QStringLiteral("%1-pairs").arg(QLatin1String(axisIds[a]));
        s.style = SeriesStyle::Scatter;
        s.colour = colours[a];
        s.inLegend = false;
        for (int j = 0; j < pairs; ++j) {
            if (axis[static_cast<std::size_t>(j)] == a) {
                s.x.push_back(j);
                s.y.push_back(a);
            }
        }
        side.series.push_back(std::move(s));
    }
    side.xRange = {-0.5, pairs - 0.5};
    // Four or five ticks at multiples of 8: the automatic ones crowd a narrow side plot.
    const int pairTick = std::max(8, (pairs / 4 + 7) / 8 * 8);
    for (int j = 0; j < pairs; j += pairTick) {
        side.xTicks.push_back({static_cast<double>(j), QString::number(j)});
    }
    side.yRange = {-0.5, 2.5};
    side.widthShare = 0.45;
    data.side = std::move(side);

    // Relative-position identity per axis, for q = k = 1/√d:
    // (2/d)Σ cos(angle(q,j) − angle(k,j)) = (2/d)Σ cos(Δ_{a(j)} θ_j), Δ_a = p_a(q) − p_a(k).
    double delta[3];
    for (int a = 0; a < 3; ++a) {
        delta[a] =
            static_cast<double>(ids[static_cast<std::size_t>(a)][static_cast<std::size_t>(query)] -
                                ids[static_cast<std::size_t>(a)][static_cast<std::size_t>(key)]);
    }
    double absolute = 0.0;
    double relative = 0.0;
    for (int j = 0; j < pairs; ++j) {
        absolute += std::cos(angles(query, j) - angles(key, j));
        relative += std::cos(delta[axis[static_cast<std::size_t>(j)]] * theta[j]);
    }
    absolute /= pairs;
    relative /= pairs;
    data.readouts = {
        {FigureText::tr("Δt = t(q) − t(k)"), delta[0], QString()},
        {QStringLiteral("Δh"), delta[1], QString()},
        {QStringLiteral("Δw"), delta[2], QString()},
        {FigureText::tr("score from absolute rotations"), absolute, QString()},
        {FigureText::tr("score from Δ per axis"), relative, QString()},
    };
    data.xRange = {{-0.5, static_cast<double>(tokens) - 0.5}};
    // Room below for the run labels and above for the markers of the last token.
    data.yRange = {{low, static_cast<double>(largest) + 1.0}};
    data.legendBelow = true;
    return data;
}

const OptionTable& mropeOptions() {
    static const OptionTable table = {
        {.id = "layout",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Model:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("blocks"),
         .choices = {{"blocks", QT_TRANSLATE_NOOP("FigureOptions", "Qwen2-VL (blocks)")},
                     {"interleaved", QT_TRANSLATE_NOOP("FigureOptions", "Qwen3-VL (interleaved)")}},
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "How mrope_section assigns pairs to the axes; "
                                                "Qwen3-VL also splits videos into frames.")},
        {.id = "section",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Section t,h,w:"),
         .kind = OptionKind::Text,
         .defaultValue = QString(),
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "mrope_section in pairs, e.g. 16,24,24 (must sum to "
                                      "d/2); empty: the model's own, in the same "
                                      "proportions when d/2 is not 64. Enter applies."),
         .validate = &checkSection},
        {.id = "tokens",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Tokens:"),
         .kind = OptionKind::Text,
         .defaultValue = kDefaultTokens,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Layout such as text:4,image:1x3x4,video:2x2x3 (grids T×H×W "
                                      "after the 2×2 merge). Enter applies."),
         .validate = &checkTokens},
        {.id = "query",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Query token:"),
         .kind = OptionKind::Integer,
         .defaultValue = -1,
         .min = -1,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "Token index of the query (−1 = the last token)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "last")},
        {.id = "key",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Key token:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Token index of the key.")},
    };
    return table;
}

} // namespace rope::figures
