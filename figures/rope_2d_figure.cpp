// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "rope-2d": a query patch on an h×w image grid scored against every key patch under axial
// 2D RoPE and under 1D RoPE on the flattened index, plus the matrix-exponential view with
// commuting and non-commuting generators.
#include "core/frequencies.h"
#include "core/random_inputs.h"
#include "core/rope_2d.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <cmath>

namespace rope::figures {

const OptionTable& rope2dOptions();

namespace {

// The "view" and "vectors" rows' choices of rope2dOptions(), in order.
enum class View { TwoD, Flattened, Generators };
enum class Vectors { Ones, RandomSame, Random };

constexpr int kDefaultSide = 16;
constexpr int kMaxSide = 64;
constexpr int kDefaultDim = 32;
constexpr int kMaxDim = 256;
// The generator curves evaluate three matrix exponentials per sample; d = 8 (two frequencies
// per axis) keeps each one tiny, and the commuting structure does not depend on d.
constexpr int kGeneratorDim = 8;
constexpr int kGeneratorSamples = 96;

/// The grid and vectors the panel uses, from its options (shared with the tests).
struct Grid2d {
    int h = kDefaultSide;
    int w = kDefaultSide;
    int xq = kDefaultSide / 2;
    int yq = kDefaultSide / 2;
    int dim = kDefaultDim;
    Eigen::ArrayXd q;
    Eigen::ArrayXd k;
};

Grid2d grid2d(const FigureOptions& options) {
    Grid2d g;
    const OptionValues v(rope2dOptions(), options);
    // Narrowed from long long after clamping to the table's small ranges.
    const auto clamped = [](long long x, int lo, int hi) {
        return static_cast<int>(std::clamp<long long>(x, lo, hi));
    };
    g.h = clamped(v.integer("rows"), 1, kMaxSide);
    g.w = clamped(v.integer("cols"), 2, kMaxSide);
    g.xq = v.has("query-row") ? clamped(v.integer("query-row"), 0, g.h - 1) : g.h / 2;
    g.yq = v.has("query-col") ? clamped(v.integer("query-col"), 0, g.w - 1) : g.w / 2;
    const int d = clamped(v.integer("dim"), 0, kMaxDim);
    g.dim = std::clamp(d - d % 4, 4, kMaxDim);
    const Vectors vectors = v.choice<Vectors>("vectors");
    if (vectors == Vectors::Ones) {
        // q = k = (1, …, 1): every pair contributes 2·cos(Δ·θ_j), so the map is the
        // position kernel of the encoding itself, brightest at the query patch.
        g.q = Eigen::ArrayXd::Ones(g.dim);
        g.k = g.q;
    } else {
        g.q = rope::seededUniformVector(g.dim, 21);
        g.k = vectors == Vectors::Random ? rope::seededUniformVector(g.dim, 22) : g.q;
    }
    return g;
}

} // namespace

FigureData rope2dFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Grid2d g = grid2d(options);
    const Eigen::ArrayXd theta2d = rope::inverseFrequencies2d(g.dim, params.base);
    const Eigen::ArrayXd theta1d = rope::inverseFrequencies(g.dim, params.base);
    const View view = OptionValues(rope2dOptions(), options).choice<View>("view");

    FigureData data;
    if (view == View::Generators) {
        const rope::Generators2d rope2 =
            rope::ropeGenerators2d(rope::inverseFrequencies2d(kGeneratorDim, params.base));
        const rope::Generators2d twisted = rope::nonCommutingGenerators();
        const double span = std::max(g.h, g.w);
        data.title = FigureText::tr("Relativity of exp(xB₁ + yB₂)");
        data.xLabel =
            FigureText::tr("t (patches): positions (%1, %2) and (%1 + t, %2)").arg(g.xq).arg(g.yq);
        data.yLabel = FigureText::tr("max |E₁ᵀE₂ − exp(ΔxB₁ + ΔyB₂)|");
        Series commuting;
        commuting.name = FigureText::tr("RoPE generators, [B₁, B₂] = 0 (d = 8)");
        commuting.id = QStringLiteral("rope-generators");
        commuting.colour = 0;
        Series nonCommuting;
        nonCommuting.name = FigureText::tr("overlapping planes on ℝ³, [B₁, B₂] ≠ 0");
        nonCommuting.id = QStringLiteral("overlapping-planes");
        nonCommuting.colour = 1;
        for (int s = 0; s <= kGeneratorSamples; ++s) {
            const double t = span * s / kGeneratorSamples;
            commuting.x.push_back(t);
            commuting.y.push_back(
                rope::generatorRelativityResidual(rope2, g.xq, g.yq, g.xq + t, g.yq));
            nonCommuting.x.push_back(t);
            nonCommuting.y.push_back(
                rope::generatorRelativityResidual(twisted, g.xq, g.yq, g.xq + t, g.yq));
        }
        // The commuting curve last, so it is drawn on top of the other where both are ≈ 0.
        data.series = {std::move(nonCommuting), std::move(commuting)};
        data.readouts = {
            {FigureText::tr("‖[B₁, B₂]‖max, RoPE"), rope::commutatorNorm(rope2), QString()},
            {FigureText::tr("‖[B₁, B₂]‖max, overlapping"), rope::commutatorNorm(twisted),
             QString()},
            {FigureText::tr("max |exp(xB₁+yB₂) − R(x, y)| at the query (d = %1)").arg(g.dim),
             rope::exponential2dResidual(theta2d, g.xq, g.yq), QString()},
        };
        data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
        return data;
    }

    const bool flattened = view == View::Flattened;
    const Eigen::MatrixXd scores =
        flattened ? rope::gridScoresFlattened(g.q, g.k, theta1d, g.h, g.w, g.xq, g.yq)
                  : rope::gridScores2d(g.q, g.k, theta2d, g.h, g.w, g.xq, g.yq);
    data.title = flattened
                     ? FigureText::tr("Flattened 1D RoPE (x·w + y): score ⟨R(query) q, R(key) "
                                      "k⟩, query patch (%1, %2) ●")
                           .arg(g.xq)
                           .arg(g.yq)
                     : FigureText::tr("Axial 2D RoPE: score ⟨R(query) q, R(key) k⟩, query patch "
                                      "(%1, %2) ●")
                           .arg(g.xq)
                           .arg(g.yq);
    data.xLabel = FigureText::tr("key patch column y");
    data.yLabel = FigureText::tr("key patch row x");
    ColourMap map;
    map.columns = g.w;
    map.rows = g.h;
    map.xFirst = 0;
    map.xLast = g.w - 1;
    map.yFirst = 0;
    map.yLast = g.h - 1;
    map.values.reserve(static_cast<std::size_t>(g.h * g.w));
    double extent = 0;
    for (int x = 0; x < g.h; ++x) {
        for (int y = 0; y < g.w; ++y) {
            map.values.push_back(scores(x, y));
            extent = std::max(extent, std::abs(scores(x, y)));
        }
    }
    const double lowest = scores.minCoeff();
    const double highest = scores.maxCoeff();
    if (lowest < 0.0 && highest > 0.0) {
        map.zMin = -extent;
        map.zMax = extent;
    } else {
        // Scores of one sign (q = k = 1: every pair adds a positive cosine near the query) on
        // a scale around zero took one end of it, a uniform orange with no pattern to see: a
        // sequential map over the scores' own range shows the cross the two axes draw.
        map.diverging = false;
        map.zMin = lowest;
        map.zMax = highest > lowest ? highest : lowest + 1.0;
    }
    // Short: a colour bar is as tall as the plot, which is low on a slide (the formula is in
    // the title).
    map.label = FigureText::tr("score (d = %1)").arg(g.dim);
    data.colourMap = std::move(map);
    Series query;
    query.name = FigureText::tr("query patch");
    query.id = QStringLiteral("query-patch");
    query.style = SeriesStyle::Scatter;
    query.colour = 6;
    // Marked ● in the title; a legend box would cover patches.
    query.inLegend = false;
    query.x = {static_cast<double>(g.yq)};
    query.y = {static_cast<double>(g.xq)};
    data.series.push_back(std::move(query));

    const rope::Position2d recovered =
        rope::recoverPosition2d(rope::rotationMatrix2d(theta2d, g.xq, g.yq), theta2d);
    const rope::FlatteningComparison gaps =
        rope::compareFlattening(g.q, g.k, theta2d, theta1d, g.w);
    data.readouts = {
        {FigureText::tr("relativity residual, query → last patch"),
         rope::relativity2dResidual(theta2d, g.xq, g.yq, g.h - 1, g.w - 1), QString()},
        {FigureText::tr("x recovered from R(x, y)"), recovered.x, FigureText::tr("patches")},
        {FigureText::tr("y recovered from R(x, y)"), recovered.y, FigureText::tr("patches")},
        {FigureText::tr("row-wrap gap, 2D"), gaps.rowWrapGap2d, QString()},
        {FigureText::tr("row-wrap gap, flattened"), gaps.rowWrapGapFlattened, QString()},
    };
    data.xRange = {{-0.5, g.w - 0.5}};
    data.yRange = {{-0.5, g.h - 0.5}};
    data.yReversed = true;
    return data;
}

const OptionTable& rope2dOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("2d"),
         .choices = {{"2d", QT_TRANSLATE_NOOP("FigureOptions", "2D RoPE")}, {"flattened", QT_TRANSLATE_NOOP("FigureOptions", "1D RoPE, flattened")}, {"generators", QT_TRANSLATE_NOOP("FigureOptions", "exp(xB₁+yB₂) generators")}}},
        {.id = "rows",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Rows:"),
         .kind = OptionKind::Integer,
         .defaultValue = kDefaultSide,
         .min = 1,
         .max = kMaxSide,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Grid height h (patches).")},
        {.id = "cols",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Columns:"),
         .kind = OptionKind::Integer,
         .defaultValue = kDefaultSide,
         .min = 2,
         .max = kMaxSide,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Grid width w (patches).")},
        // Unset: the grid centre (rows/2, cols/2), which follows the grid size.
        {.id = "query-row",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Query &x:"),
         .kind = OptionKind::Integer,
         .min = 0,
         .max = kMaxSide - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Query patch row x (or click a patch)."),
         .maxFromOption = "rows",
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the middle row of the grid")},
        {.id = "query-col",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Query &y:"),
         .kind = OptionKind::Integer,
         .min = 0,
         .max = kMaxSide - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Query patch column y (or click a patch)."),
         .maxFromOption = "cols",
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the middle column of the grid")},
        {.id = "dim",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&d:"),
         .kind = OptionKind::Integer,
         .defaultValue = kDefaultDim,
         .min = 4,
         .max = kMaxDim,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Head dimension d (a multiple of 4: d/4 frequencies per axis)."),
         .step = 4},
        {.id = "vectors",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Vectors:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("ones"),
         .choices = {{"ones", QT_TRANSLATE_NOOP("FigureOptions", "q = k = 1")}, {"random-same", QT_TRANSLATE_NOOP("FigureOptions", "q = k random")}, {"random", QT_TRANSLATE_NOOP("FigureOptions", "q, k random")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Query and key vectors (seeded, uniform in [−1, 1)).")},
    };
    return table;
}

} // namespace rope::figures
