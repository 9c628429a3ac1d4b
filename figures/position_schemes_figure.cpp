// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "position-schemes": eight position schemes on one toy input. Two score maps side by
// side (query × key, the causal mask drawn) and, for every scheme, the mean score at each
// relative distance i − j.
#include "core/position_schemes.h"
#include "core/rope_params.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::figures {

const OptionTable& positionSchemesOptions();

namespace {

// The "mask" and "tokens" rows' choices of positionSchemesOptions(), in order.
constexpr rope::AttentionMask kMasks[] = {rope::AttentionMask::Causal,
                                          rope::AttentionMask::Bidirectional};
enum class Tokens { Repeated, Distinct };

// Below this the permutation test's difference is rounding (sums in another order).
constexpr double kRoundingOnly = 1e-9;

QString schemeName(rope::PositionScheme s) {
    switch (s) {
    case rope::PositionScheme::None:
        return FigureText::tr("none");
    case rope::PositionScheme::Learned:
        return FigureText::tr("learned absolute");
    case rope::PositionScheme::Sinusoidal:
        return FigureText::tr("sinusoidal");
    case rope::PositionScheme::Rope:
        return FigureText::tr("RoPE");
    case rope::PositionScheme::Alibi:
        return FigureText::tr("ALiBi");
    case rope::PositionScheme::T5:
        return FigureText::tr("T5 buckets");
    case rope::PositionScheme::Nope:
        return FigureText::tr("NoPE");
    case rope::PositionScheme::PRope:
        break;
    }
    return FigureText::tr("p-RoPE");
}

QString maskName(rope::AttentionMask mask) {
    return mask == rope::AttentionMask::Causal ? FigureText::tr("causal mask")
                                               : FigureText::tr("no mask");
}

// Related schemes share a colour, the variant dashed: RoPE and p-RoPE, none and NoPE.
void styleProfile(rope::PositionScheme s, Series& series) {
    switch (s) {
    case rope::PositionScheme::None:
        series.colour = 6;
        break;
    case rope::PositionScheme::Nope:
        series.colour = 6;
        series.dashed = true;
        break;
    case rope::PositionScheme::Learned:
        series.colour = 3;
        break;
    case rope::PositionScheme::Sinusoidal:
        series.colour = 5;
        break;
    case rope::PositionScheme::Rope:
        series.colour = 0;
        break;
    case rope::PositionScheme::PRope:
        series.colour = 4;
        series.dashed = true;
        break;
    case rope::PositionScheme::Alibi:
        series.colour = 1;
        break;
    case rope::PositionScheme::T5:
        series.colour = 2;
        break;
    }
}

rope::SchemeToyParams toyParams(const rope::RopeParams& params, const FigureOptions& options) {
    const OptionValues v(positionSchemesOptions(), options);
    rope::SchemeToyParams toy;
    toy.length = static_cast<int>(v.integer("length"));
    toy.dim = static_cast<int>(v.integer("dim"));
    toy.base = params.base;
    toy.mask = kMasks[v.choiceIndex("mask")];
    toy.distinctTokens = v.choice<Tokens>("tokens") == Tokens::Distinct;
    toy.seed = static_cast<std::uint64_t>(v.integer("seed"));
    toy.alibiHeads = static_cast<int>(v.integer("alibi-heads"));
    toy.alibiHead = static_cast<int>(v.integer("alibi-head"));
    toy.t5Buckets = static_cast<int>(v.integer("t5-buckets"));
    toy.t5MaxDistance = static_cast<int>(v.integer("t5-max-distance"));
    toy.pRopeFraction = v.real("p");
    if (toy.alibiHead > toy.alibiHeads) {
        throw rope::InvalidParameter("alibi-head", "alibi-head must be at most alibi-heads (" +
                                                       std::to_string(toy.alibiHeads) + ")");
    }
    return toy;
}

// The staircase between the visible cells (j ≤ i) and the hidden ones, for a block whose key 0
// sits at column \p offset.
Series maskBoundary(int length, int offset) {
    Series s;
    s.style = SeriesStyle::Path;
    s.colour = 6;
    for (int i = 0; i < length; ++i) {
        s.x.push_back(offset + i + 0.5);
        s.y.push_back(i - 0.5);
        s.x.push_back(offset + i + 0.5);
        s.y.push_back(i + 0.5);
    }
    return s;
}

} // namespace

FigureData positionSchemesFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const rope::SchemeToyParams toy = toyParams(params, options);
    const OptionValues v(positionSchemesOptions(), options);
    const rope::PositionScheme left = rope::parsePositionScheme(v.choiceId("scheme").toStdString());
    const rope::PositionScheme right =
        rope::parsePositionScheme(v.choiceId("compare").toStdString());
    const rope::SchemeInputs inputs = rope::schemeInputs(toy);
    const int T = toy.length;

    FigureData data;
    // Every scheme on the same input: the profiles, and the two maps among them.
    SidePlot side;
    side.widthShare = 0.55;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    Eigen::MatrixXd leftScores;
    Eigen::MatrixXd rightScores;
    for (rope::PositionScheme s : rope::allPositionSchemes()) {
        const rope::SchemeResult r = rope::evaluateScheme(s, toy, inputs);
        if (s == left) {
            leftScores = r.scores;
        }
        if (s == right) {
            rightScores = r.scores;
        }
        Series profile;
        profile.name = schemeName(s);
        profile.id = QString::fromLatin1(rope::positionSchemeId(s));
        styleProfile(s, profile);
        for (const auto& [delta, mean] : rope::distanceProfile(r.scores)) {
            profile.x.push_back(delta);
            profile.y.push_back(mean);
            lo = std::min(lo, mean);
            hi = std::max(hi, mean);
        }
        side.series.push_back(std::move(profile));
    }
    side.title = FigureText::tr("By distance");
    side.xLabel = FigureText::tr("distance i − j (query − key)");
    // Short labels: a turned label longer than its axes runs into the title on a slide; the
    // side plot's title already says what is averaged.
    side.yLabel = FigureText::tr("mean score");
    // "none" is never masked: its profile covers negative distances (keys ahead) too.
    side.xRange = {-(T - 0.5), T - 0.5};
    // Ticks at 0 and ±T/2, ±(T−1)...: five labels stay apart in a slide's third of the width,
    // where the automatic ticks (every 5 at T = 16) ran into each other.
    const int sideStep = std::max(1, T / 2);
    for (int delta = -sideStep * ((T - 1) / sideStep); delta < T; delta += sideStep) {
        side.xTicks.push_back({static_cast<double>(delta), QString::number(delta)});
    }
    const double pad = 0.08 * std::max(hi - lo, 1e-9);
    side.yRange = {lo - pad, hi + pad};
    data.side = std::move(side);

    // Two T×T maps, one gap column between them.
    ColourMap map;
    map.columns = 2 * T + 1;
    map.rows = T;
    map.xFirst = 0;
    map.xLast = 2 * T;
    map.yFirst = 0;
    map.yLast = T - 1;
    map.values.assign(static_cast<std::size_t>(map.columns * map.rows),
                      std::numeric_limits<double>::quiet_NaN());
    double extent = 1e-12;
    for (int i = 0; i < T; ++i) {
        for (int j = 0; j < T; ++j) {
            map.values[static_cast<std::size_t>(i * map.columns + j)] = leftScores(i, j);
            map.values[static_cast<std::size_t>(i * map.columns + T + 1 + j)] = rightScores(i, j);
            for (double v : {leftScores(i, j), rightScores(i, j)}) {
                if (std::isfinite(v)) {
                    extent = std::max(extent, std::abs(v));
                }
            }
        }
    }
    map.zMin = -extent;
    map.zMax = extent;
    map.label = FigureText::tr("score s(i, j)");
    data.colourMap = std::move(map);

    const rope::AttentionMask leftMask = rope::schemeMask(left, toy);
    const rope::AttentionMask rightMask = rope::schemeMask(right, toy);
    for (const auto& [mask, offset] : {std::pair{leftMask, 0}, std::pair{rightMask, T + 1}}) {
        if (mask != rope::AttentionMask::Causal) {
            continue;
        }
        Series edge = maskBoundary(T, offset);
        edge.name = FigureText::tr("causal mask: keys j > i hidden (blank)");
        edge.id =
            offset == 0 ? QStringLiteral("causal-mask-left") : QStringLiteral("causal-mask-right");
        // The caption states what the staircase is (its last line below): a legend entry
        // would say it again and cost a slide two lines beside the plots.
        edge.inLegend = false;
        data.series.push_back(std::move(edge));
    }
    // A band above the maps for their names, a fixed share of the map's height.
    const double band = std::max(1.4, 0.09 * T);
    const double labelY = -0.5 - band / 2;
    // Each map's name alone fits over it at slide size; its mask is named beside it only when
    // the two maps differ in mask (the caption's last line says what a causal mask hides).
    const bool sameMask = leftMask == rightMask;
    const auto mapName = [&](rope::PositionScheme s, rope::AttentionMask m) {
        return sameMask ? schemeName(s) : QStringLiteral("%1 (%2)").arg(schemeName(s), maskName(m));
    };
    // Centred over its map, each within its map's columns.
    data.labels.push_back({(T - 1) / 2.0, labelY, mapName(left, leftMask), false,
                           LabelPlace::Near, {}, std::pair{-0.5, T - 0.5}});
    data.labels.push_back({T + 1 + (T - 1) / 2.0, labelY, mapName(right, rightMask), false,
                           LabelPlace::Near, {}, std::pair{T + 0.5, 2.0 * T + 0.5}});

    // Four or five ticks per map: two maps share one axis, so a step of 2 at T = 16 packs
    // eighteen labels into a slide's half-width.
    const int tickStep = std::max(1, T / 4);
    for (int j = 0; j < T; j += tickStep) {
        data.xTicks.push_back({static_cast<double>(j), QString::number(j)});
        data.xTicks.push_back({static_cast<double>(T + 1 + j), QString::number(j)});
    }
    for (int i = 0; i < T; i += tickStep) {
        data.yTicks.push_back({static_cast<double>(i), QString::number(i)});
    }
    data.title =
        FigureText::tr("Position schemes: %1 | %2").arg(schemeName(left), schemeName(right));
    data.xLabel = FigureText::tr("key position j");
    data.yLabel = FigureText::tr("query position i");
    data.xRange = {{-0.5, 2 * T + 0.5}};
    data.yRange = {{-0.5 - band, T - 0.5}};
    data.yReversed = true;
    data.legendBelow = true;

    const QString input = toy.distinctTokens
                              ? FigureText::tr("%1 distinct random tokens").arg(T)
                              : FigureText::tr("one random token repeated %1 times").arg(T);
    QStringList caption;
    caption << FigureText::tr("Input, the same for every scheme: %1 (d = %2, seed %3), "
                              "random W_q, W_k, W_v.")
                   .arg(input)
                   .arg(toy.dim)
                   .arg(static_cast<qulonglong>(toy.seed));
    if (!toy.distinctTokens) {
        caption << FigureText::tr("Every token is the same, so any pattern in a map comes from "
                                  "the positions alone.");
    }
    if (toy.distinctTokens) {
        caption << FigureText::tr("The tokens differ, so scores change along a diagonal under "
                                  "every scheme: set the tokens to one repeated token to see the "
                                  "positions alone.");
    }
    if (sameMask && leftMask == rope::AttentionMask::Causal) {
        caption << FigureText::tr("Both maps causal: query i sees keys j ≤ i; the blank cells "
                                  "above the staircase are hidden.");
    } else if (leftMask == rope::AttentionMask::Causal ||
               rightMask == rope::AttentionMask::Causal) {
        caption << FigureText::tr("Causal mask: query i sees keys j ≤ i; the blank cells above "
                                  "the staircase are hidden.");
    } else {
        caption << FigureText::tr("No mask: every query sees every key.");
    }
    data.caption = caption.join(QLatin1Char('\n'));

    for (rope::PositionScheme s : {left, right}) {
        if (s == right && right == left) {
            break;
        }
        const Eigen::MatrixXd& scores = s == left ? leftScores : rightScores;
        // Rounding-level spreads (about 1e-15 of scores of order 1) mean "a function of i − j".
        const double spread = rope::diagonalSpread(scores);
        data.readouts.push_back(
            {FigureText::tr("%1: largest spread along a diagonal").arg(schemeName(s)), spread,
             QString(), false,
             spread < kRoundingOnly ? FigureText::tr("0, a function of i − j only") : QString()});
        const double permutation = rope::permutationResidual(s, toy);
        data.readouts.push_back(
            {FigureText::tr("%1: permutation test, max |Δ output|").arg(schemeName(s)), permutation,
             QString(), false,
             permutation < kRoundingOnly ? FigureText::tr("0, order invisible") : QString()});
        if (s == rope::PositionScheme::Alibi) {
            const std::vector<double> slopes = rope::alibiSlopes(toy.alibiHeads);
            data.readouts.push_back({FigureText::tr("ALiBi slope m of head %1 of %2")
                                         .arg(toy.alibiHead)
                                         .arg(toy.alibiHeads),
                                     slopes[static_cast<std::size_t>(toy.alibiHead - 1)],
                                     QString()});
        }
        if (s == rope::PositionScheme::T5) {
            data.readouts.push_back(
                {FigureText::tr("T5: buckets B (max distance %1, %2)")
                     .arg(toy.t5MaxDistance)
                     .arg(rope::schemeMask(s, toy) == rope::AttentionMask::Causal
                              ? FigureText::tr("one direction")
                              : FigureText::tr("both directions")),
                 static_cast<double>(toy.t5Buckets), QString()});
        }
        if (s == rope::PositionScheme::PRope) {
            const Eigen::ArrayXd f =
                rope::pRopeInverseFrequencies(toy.dim, toy.base, toy.pRopeFraction);
            data.readouts.push_back({FigureText::tr("p-RoPE: rotated pairs of %1").arg(toy.dim / 2),
                                     static_cast<double>((f > 0.0).count()), QString()});
        }
    }
    return data;
}

const OptionTable& positionSchemesOptions() {
    static const OptionTable table = [] {
        const std::vector<OptionChoice> schemes = {
            {"none", QT_TRANSLATE_NOOP("FigureOptions", "none (no mask)")},
            {"learned", QT_TRANSLATE_NOOP("FigureOptions", "learned absolute")},
            {"sinusoidal", QT_TRANSLATE_NOOP("FigureOptions", "sinusoidal")},
            {"rope", QT_TRANSLATE_NOOP("FigureOptions", "RoPE")},
            {"alibi", QT_TRANSLATE_NOOP("FigureOptions", "ALiBi")},
            {"t5", QT_TRANSLATE_NOOP("FigureOptions", "T5 buckets")},
            {"nope", QT_TRANSLATE_NOOP("FigureOptions", "NoPE (causal mask)")},
            {"p-rope", QT_TRANSLATE_NOOP("FigureOptions", "p-RoPE")},
        };
        return OptionTable{
            {.id = "scheme",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Left:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("rope"),
             .choices = schemes,
             .tooltip =
                 QT_TRANSLATE_NOOP("FigureOptions", "Position scheme of the left score map.")},
            {.id = "compare",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Right:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("alibi"),
             .choices = schemes,
             .tooltip =
                 QT_TRANSLATE_NOOP("FigureOptions", "Position scheme of the right score map.")},
            {.id = "mask",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Mask:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("causal"),
             .choices = {{"causal", QT_TRANSLATE_NOOP("FigureOptions", "causal (decoder)")},
                         {"bidirectional", QT_TRANSLATE_NOOP("FigureOptions", "none (encoder)")}},
             .tooltip = QT_TRANSLATE_NOOP(
                 "FigureOptions",
                 "Mask of every scheme except “none” (never masked) and NoPE (always causal).")},
            {.id = "tokens",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Input:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("repeated"),
             .choices = {{"repeated", QT_TRANSLATE_NOOP("FigureOptions", "repeated token")},
                         {"distinct", QT_TRANSLATE_NOOP("FigureOptions", "distinct tokens")}},
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "One random token repeated T times, or "
                                                           "T distinct random tokens.")},
            {.id = "length",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&T:"),
             .kind = OptionKind::Integer,
             .defaultValue = 16,
             .min = 2,
             .max = rope::limits::kMaxSchemeTokens,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Sequence length T (tokens).")},
            // The settings below without a control (d, seed, ALiBi's n, T5's B and D) are set
            // from rope-cli --set, sessions and course steps: a control each would widen the
            // option row past a 1280-pixel window. The caption and readouts show their values.
            {.id = "dim",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&d:"),
             .kind = OptionKind::Integer,
             .defaultValue = 64,
             .min = 4,
             .max = rope::limits::kMaxSchemeDim,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Even; the toy head's own width (the "
                                                           "base b is the form's)."),
             .control = OptionControl::Hidden,
             .step = 2},
            {.id = "seed",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "S&eed:"),
             .kind = OptionKind::Integer,
             .defaultValue = 2024,
             .min = 0,
             .max = 2147483647,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                          "Seed of the tokens, the projections, the learned "
                                          "table and T5's bucket biases."),
             .control = OptionControl::Hidden},
            {.id = "alibi-heads",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "ALiBi &n:"),
             .kind = OptionKind::Integer,
             .defaultValue = 8,
             .min = 1,
             .max = 64,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Number of ALiBi heads n; the slopes "
                                                           "follow Press et al. 2021."),
             .control = OptionControl::Hidden},
            {.id = "alibi-head",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "ALiBi &h:"),
             .kind = OptionKind::Integer,
             .defaultValue = 4,
             .min = 1,
             .max = 64,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "1 … n; its slope is m = 2^(−8h/n) "
                                                           "when n is a power of two.")},
            {.id = "t5-buckets",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "T5 &buckets:"),
             .kind = OptionKind::Integer,
             .defaultValue = 32,
             .min = 2,
             .max = 128,
             .control = OptionControl::Hidden,
             .step = 2},
            {.id = "t5-max-distance",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "T5 ma&x distance:"),
             .kind = OptionKind::Integer,
             .defaultValue = 128,
             .min = 2,
             .max = 4096,
             .control = OptionControl::Hidden},
            {.id = "p",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "p-RoPE &p:"),
             .kind = OptionKind::Real,
             .defaultValue = 0.75,
             .min = 0.0,
             .max = 1.0,
             .tooltip =
                 QT_TRANSLATE_NOOP("FigureOptions", "Fraction of the frequencies that rotate (the "
                                                    "highest); the rest are left unrotated."),
             .step = 0.05},
        };
    }();
    return table;
}

} // namespace rope::figures
