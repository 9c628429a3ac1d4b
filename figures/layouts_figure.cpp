// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "layouts": interleaved pairs (RoFormer, GPT-J, Meta) versus rotate_half pairs (GPT-NeoX,
// Hugging Face), the permutation between them, and what happens when weights and RoPE disagree.
#include "core/frequencies.h"
#include "core/random_inputs.h"
#include "core/rotation.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <cmath>
#include <numbers>

namespace rope::figures {

const OptionTable& layoutsOptions();

namespace {

// The "view" row's choices of layoutsOptions(), in order.
enum class View { Pairs, Matrix, Rows, Scores };
// The "layout" row's choices, in order.
constexpr rope::Layout kLayouts[] = {rope::Layout::Interleaved, rope::Layout::Half};

constexpr int kDefaultDim = 16;
constexpr int kMinDim = 8;
constexpr int kMaxDim = 128;
constexpr int kModelDim = 32;
constexpr long long kDefaultMaxOffset = 64;
constexpr long long kMaxOffset = 1 << 20;

int layoutDim(const FigureOptions& options) {
    const auto d = static_cast<int>(OptionValues(layoutsOptions(), options).integer("dim"));
    return std::clamp(d - d % 2, kMinDim, kMaxDim);
}

// Arc from (x0, y) to (x1, y) bulging by `height` (up if positive): a pair link.
Series arc(double x0, double x1, double y, double height, int colour) {
    Series s;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.inLegend = false;
    constexpr int kPoints = 24;
    for (int k = 0; k <= kPoints; ++k) {
        const double t = static_cast<double>(k) / kPoints;
        s.x.push_back(x0 + (x1 - x0) * t);
        s.y.push_back(y + height * std::sin(std::numbers::pi * t));
    }
    return s;
}

// A bracket from (x0, y) to (x0, y + depth), across to (x1, y + depth) and back to (x1, y): a
// pair link for pairs that all span the same distance. Arcs of one span drawn at one
// height lie on top of each other; brackets at distinct depths keep every pair its own
// horizontal line and every coordinate its own vertical leg.
Series bracket(double x0, double x1, double y, double depth, int colour) {
    Series s;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.inLegend = false;
    s.x = {x0, x0, x1, x1};
    s.y = {y, y + depth, y + depth, y};
    return s;
}

// Pairs (a, b), a < b, read off core's rotation matrix: the off-diagonal entries of R_1 that are
// not zero are exactly the ±sin θ_i couplings of a pair.
std::vector<std::pair<int, int>> pairsOf(const Eigen::ArrayXd& theta, rope::Layout layout) {
    const Eigen::MatrixXd r = rope::rotationMatrix(theta, 1.0, layout);
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < r.rows(); ++a) {
        for (int b = a + 1; b < r.cols(); ++b) {
            if (r(a, b) != 0.0) {
                pairs.emplace_back(a, b);
            }
        }
    }
    return pairs;
}

QString permutationText(const Eigen::VectorXi& perm) {
    QStringList parts;
    const int shown = std::min<int>(static_cast<int>(perm.size()), 10);
    for (int j = 0; j < shown; ++j) {
        parts << QString::number(perm[j]);
    }
    if (shown < perm.size()) {
        parts << QStringLiteral("…");
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

void drawPairs(FigureData& data, const Eigen::ArrayXd& theta, int d) {
    const Eigen::VectorXi perm = rope::interleavedToHalfPermutation(d);
    data.title = FigureText::tr("Pairs in both layouts, d = %1").arg(d);
    data.xLabel = FigureText::tr("coordinate j; half[j] = interleaved[pⱼ], p = %1")
                      .arg(permutationText(perm));
    data.yLabel = FigureText::tr("layout");
    data.yTicks = {{0.0, QStringLiteral("rotate_half")}, {1.0, QStringLiteral("interleaved")}};
    // Coordinates are integers: label every one (every few for wide heads).
    const int tickStep = std::max(1, (d + 15) / 16);
    for (int j = 0; j < d; j += tickStep) {
        data.xTicks.push_back({static_cast<double>(j), QString::number(j)});
    }
    const double arcHeight = 0.12;
    // Permutation links first, so the pairs and dots are drawn over them.
    for (int j = 0; j < d; ++j) {
        Series link;
        link.name = FigureText::tr("permutation: interleaved pⱼ → half j");
        link.id = QStringLiteral("permutation-link-%1").arg(j);
        link.style = SeriesStyle::Path;
        link.colour = 6;
        link.inLegend = j == 0;
        link.x = {static_cast<double>(perm[j]), static_cast<double>(j)};
        link.y = {1.0, 0.0};
        data.series.push_back(std::move(link));
    }
    const auto interleavedPairs = pairsOf(theta, rope::Layout::Interleaved);
    const auto halfPairs = pairsOf(theta, rope::Layout::Half);
    for (std::size_t i = 0; i < interleavedPairs.size(); ++i) {
        const auto [a, b] = interleavedPairs[i];
        Series s = arc(a, b, 1.0, arcHeight, static_cast<int>(i % 6));
        s.name = i == 0 ? FigureText::tr("interleaved pairs (x₂ᵢ, x₂ᵢ₊₁), colour = pair i")
                        : FigureText::tr("interleaved pair %1: (x%2, x%3)").arg(i).arg(a).arg(b);
        s.id = QStringLiteral("interleaved-pair-%1").arg(i);
        s.inLegend = i == 0;
        data.series.push_back(std::move(s));
    }
    for (std::size_t i = 0; i < halfPairs.size(); ++i) {
        const auto [a, b] = halfPairs[i];
        // Every rotate_half pair spans d/2: one depth each, from −0.1 (pair 0) to −0.4.
        const double depth =
            -0.1 - 0.3 * static_cast<double>(i) / std::max<double>(1.0, halfPairs.size() - 1.0);
        Series s = bracket(a, b, 0.0, depth, static_cast<int>(i % 6));
        s.name = i == 0 ? FigureText::tr("rotate_half pairs (xᵢ, xᵢ₊d/₂)")
                        : FigureText::tr("rotate_half pair %1: (x%2, x%3)").arg(i).arg(a).arg(b);
        s.id = QStringLiteral("rotate-half-pair-%1").arg(i);
        s.inLegend = i == 0;
        data.series.push_back(std::move(s));
    }
    Series dots;
    dots.name = FigureText::tr("coordinates");
    dots.id = QStringLiteral("coordinates");
    dots.style = SeriesStyle::Scatter;
    dots.colour = 6;
    for (int j = 0; j < d; ++j) {
        dots.x.insert(dots.x.end(), {static_cast<double>(j), static_cast<double>(j)});
        dots.y.insert(dots.y.end(), {1.0, 0.0});
    }
    data.series.push_back(std::move(dots));
    data.xRange = {{-1.0, static_cast<double>(d)}};
    // Deepest rotate_half bracket: −0.4.
    data.yRange = {{-0.5, 1.25}};
    data.legendBelow = true;
}

void drawMatrix(FigureData& data, const Eigen::ArrayXd& theta, int d, double m,
                rope::Layout layout) {
    const Eigen::MatrixXd r = rope::rotationMatrix(theta, m, layout);
    data.title = FigureText::tr("Rₘ, %1 layout (d = %2, m = %3)")
                     .arg(layout == rope::Layout::Interleaved ? QStringLiteral("interleaved")
                                                              : QStringLiteral("rotate_half"))
                     .arg(d)
                     .arg(m);
    data.xLabel = FigureText::tr("column (input coordinate)");
    data.yLabel = FigureText::tr("row (output coordinate)");
    ColourMap map;
    map.columns = static_cast<int>(r.cols());
    map.rows = static_cast<int>(r.rows());
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    map.values.reserve(static_cast<std::size_t>(r.size()));
    for (Eigen::Index row = 0; row < r.rows(); ++row) {
        for (Eigen::Index col = 0; col < r.cols(); ++col) {
            map.values.push_back(r(row, col));
        }
    }
    map.label = FigureText::tr("entry of Rₘ (cos mθᵢ, ±sin mθᵢ)");
    data.colourMap = std::move(map);
    data.xRange = {{-0.5, d - 0.5}};
    data.yRange = {{-0.5, d - 0.5}};
    data.yReversed = true;
    data.equalAspect = true;
}

rope::LayoutScoreComparison layoutScores(const rope::RopeParams& params,
                                         const FigureOptions& options) {
    const int d = layoutDim(options);
    const Eigen::ArrayXd theta = rope::inverseFrequencies(d, params.base);
    const long long maxOffset = std::clamp<long long>(
        OptionValues(layoutsOptions(), options).integer("max-offset"), 1, kMaxOffset);
    // One sample per integer offset, or per pixel column when there are more offsets than
    // pixels (offsets are rounded to whole tokens).
    const long long samples = std::min<long long>(
        maxOffset + 1,
        std::clamp<long long>(options.plot.width(800), 16LL, 4096LL));
    Eigen::ArrayXd offsets =
        Eigen::ArrayXd::LinSpaced(samples, 0.0, static_cast<double>(maxOffset)).round();
    return rope::compareLayoutScores(
        rope::seededUniformMatrix(d, kModelDim, 11), rope::seededUniformMatrix(d, kModelDim, 12),
        rope::seededUniformVector(kModelDim, 13), rope::seededUniformVector(kModelDim, 14), theta,
        static_cast<double>(params.m), offsets);
}

// The HF `permute` of W_q / W_k for several heads as a 0/1 matrix: entry (new row j, old row
// p_j) is 1. Block diagonal: rows never move between heads.
void drawRowPermutation(FigureData& data, int d, int heads) {
    const Eigen::VectorXi perm = rope::qkRowPermutation(heads, d);
    const auto n = static_cast<int>(perm.size());
    data.title = FigureText::tr("W_q/W_k row permutation (%1 heads, d = %2)").arg(heads).arg(d);
    data.xLabel = FigureText::tr("old row (interleaved checkpoint)");
    data.yLabel = FigureText::tr("new row j (rotate_half checkpoint)");
    ColourMap map;
    map.columns = n;
    map.rows = n;
    map.xFirst = 0;
    map.xLast = n - 1;
    map.yFirst = 0;
    map.yLast = n - 1;
    map.values.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0);
    for (int j = 0; j < n; ++j) {
        map.values[static_cast<std::size_t>(j) * static_cast<std::size_t>(n) +
                   static_cast<std::size_t>(perm[j])] = 1.0;
    }
    map.zMin = 0;
    map.zMax = 1;
    map.diverging = false;
    map.label = FigureText::tr("1 = row moved here");
    data.colourMap = std::move(map);
    data.xRange = {{-0.5, n - 0.5}};
    data.yRange = {{-0.5, n - 0.5}};
    data.yReversed = true;
    data.equalAspect = true;
}

} // namespace

FigureData layoutsFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const int d = layoutDim(options);
    const Eigen::ArrayXd theta = rope::inverseFrequencies(d, params.base);
    const OptionValues v(layoutsOptions(), options);
    const View view = v.choice<View>("view");
    const rope::LayoutScoreComparison scores = layoutScores(params, options);

    FigureData data;
    if (view == View::Matrix) {
        const rope::Layout layout = kLayouts[v.choiceIndex("layout")];
        drawMatrix(data, theta, d, static_cast<double>(params.m), layout);
    } else if (view == View::Rows) {
        // At most 512 rows in all: the image stays a few hundred thousand cells.
        const auto heads =
            static_cast<int>(std::clamp<long long>(v.integer("heads"), 1, std::max(1, 512 / d)));
        drawRowPermutation(data, d, heads);
    } else if (view == View::Scores) {
        data.title = FigureText::tr("Scores against n − m (d = %1, m = %2)").arg(d).arg(params.m);
        data.xLabel = FigureText::tr("relative position n − m (tokens)");
        data.yLabel = FigureText::tr("logit ⟨Rₘ q, Rₙ k⟩ (seeded random W, x)");
        const auto toSeries = [&scores](const QString& name, const Eigen::ArrayXd& y, int colour,
                                        SeriesStyle style) {
            Series s;
            s.name = name;
            s.colour = colour;
            s.style = style;
            s.x.assign(scores.offsets.data(), scores.offsets.data() + scores.offsets.size());
            s.y.assign(y.data(), y.data() + y.size());
            return s;
        };
        data.series.push_back(toSeries(FigureText::tr("trained: interleaved RoPE, original W"),
                                       scores.reference, 0, SeriesStyle::Line));
        data.series.back().id = QStringLiteral("trained");
        data.series.push_back(toSeries(FigureText::tr("converted: rotate_half, permuted W rows"),
                                       scores.permuted, 2, SeriesStyle::Scatter));
        data.series.back().id = QStringLiteral("converted");
        data.series.push_back(toSeries(FigureText::tr("bug: rotate_half, original W"),
                                       scores.mismatched, 1, SeriesStyle::Line));
        data.series.back().id = QStringLiteral("bug");
        data.series.push_back(toSeries(FigureText::tr("|bug − trained|"), scores.mismatchError, 3,
                                       SeriesStyle::Line));
        data.series.back().id = QStringLiteral("mismatch");
        data.readouts.push_back(
            {FigureText::tr("max |bug − trained|"), scores.maxMismatchError, QString()});
        data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    } else {
        drawPairs(data, theta, d);
    }
    // The proof by numbers; the matrix views leave their top-left cells uncovered.
    if (!data.colourMap) {
        data.readouts.insert(data.readouts.begin(),
                             {FigureText::tr("max |converted − trained| score"),
                              scores.maxPermutedDifference, QString()});
    }
    return data;
}

const OptionTable& layoutsOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("pairs"),
         .choices = {{"pairs", QT_TRANSLATE_NOOP("FigureOptions", "which coordinates pair up")},
                     {"matrix", QT_TRANSLATE_NOOP("FigureOptions", "rotation matrix Rₘ")},
                     {"rows", QT_TRANSLATE_NOOP("FigureOptions", "W_q/W_k row permutation")},
                     {"scores",
                      QT_TRANSLATE_NOOP("FigureOptions", "scores: converted vs. the bug")}}},
        {.id = "dim",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&d:"),
         .kind = OptionKind::Integer,
         .defaultValue = kDefaultDim,
         .min = kMinDim,
         .max = kMaxDim,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Head dimension d of this panel (even)."),
         .step = 8},
        {.id = "layout",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "L&ayout:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("interleaved"),
         .choices = {{"interleaved", "interleaved"}, {"half", "rotate_half"}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Layout of the rotation matrix view.")},
        {.id = "heads",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Heads:"),
         .kind = OptionKind::Integer,
         .defaultValue = 2,
         .min = 1,
         .max = 8,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions", "Number of heads in the row-permutation view (d·heads ≤ 512).")},
        {.id = "max-offset",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "max n−&m:"),
         .kind = OptionKind::Integer,
         .defaultValue = static_cast<qlonglong>(kDefaultMaxOffset),
         .min = 1,
         .max = static_cast<double>(kMaxOffset),
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "Largest n − m of the scores view (tokens).")},
    };
    return table;
}

} // namespace rope::figures
