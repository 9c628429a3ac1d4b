// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "rotation": the 2D plane of one pair, q at position m and k at position n, plus one
// small clock per pair turning at its own speed θ_j.
#include "core/frequencies.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <algorithm>
#include <cmath>
#include <numbers>

namespace rope::figures {

const OptionTable& rotationOptions();

namespace {

constexpr double kQLength = 1.0;
constexpr double kKLength = 0.8;
// At most 8 × 8 clocks stay readable beside the plane; larger heads show every stride-th pair.
constexpr int kMaxClocks = 64;

double reduceAngle(double a) {
    const double r = std::fmod(a, 2.0 * std::numbers::pi);
    return r < 0 ? r + 2.0 * std::numbers::pi : r;
}

Series circle(double cx, double cy, double radius, int points, Series s) {
    for (int k = 0; k <= points; ++k) {
        const double t = 2.0 * std::numbers::pi * k / points;
        s.x.push_back(cx + radius * std::cos(t));
        s.y.push_back(cy + radius * std::sin(t));
    }
    s.x.push_back(std::nan(""));
    s.y.push_back(std::nan(""));
    return s;
}

// An arc of radius \p radius about the origin from angle \p from, turning by \p sweep (≥ 0)
// counter-clockwise: the angle a reader matches with a readout.
Series arc(const QString& name, double radius, double from, double sweep, int colour) {
    Series s;
    s.name = name;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    const int points = std::max(2, static_cast<int>(std::ceil(sweep / 0.05)) + 1);
    for (int k = 0; k < points; ++k) {
        const double t = from + sweep * k / (points - 1);
        s.x.push_back(radius * std::cos(t));
        s.y.push_back(radius * std::sin(t));
    }
    return s;
}

Series arrow(const QString& name, double length, double angle, int colour, double cx = 0,
             double cy = 0) {
    Series s;
    s.name = name;
    s.style = SeriesStyle::Arrow;
    s.colour = colour;
    s.x = {cx, cx + length * std::cos(angle)};
    s.y = {cy, cy + length * std::sin(angle)};
    return s;
}

} // namespace

FigureData rotationFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const auto pairs = static_cast<int>(theta.size());
    const OptionValues v(rotationOptions(), options);
    const auto pair = static_cast<int>(std::clamp<long long>(v.integer("pair"), 0, pairs - 1));
    // Angle of the unrotated k relative to the unrotated q (q lies along the x axis).
    const double phi =
        static_cast<double>(v.integer("k-angle-deg")) * std::numbers::pi / 180.0;
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    const Eigen::ArrayXd anglesM = rope::rotationAngles(theta, m);
    const Eigen::ArrayXd anglesN = rope::rotationAngles(theta, n);
    const double a = anglesM[pair];
    const double b = anglesN[pair];
    const double relative = rope::rotationAngles(theta, n - m)[pair];
    // The pair as a 2D head (one θ): q along x, k at angle φ, rotated by core's applyRope;
    // the score is core's ⟨R_m q, R_n k⟩ = qᵀR_(n−m)k.
    const Eigen::ArrayXd thetaPair = Eigen::ArrayXd::Constant(1, theta[pair]);
    const Eigen::ArrayXd q = (Eigen::ArrayXd(2) << kQLength, 0.0).finished();
    const Eigen::ArrayXd k =
        (Eigen::ArrayXd(2) << kKLength * std::cos(phi), kKLength * std::sin(phi)).finished();
    const Eigen::ArrayXd qm = rope::applyRope(q, thetaPair, m, rope::Layout::Interleaved);
    const Eigen::ArrayXd kn = rope::applyRope(k, thetaPair, n, rope::Layout::Interleaved);
    const double score = rope::attentionScore(q, k, thetaPair, m, n, rope::Layout::Interleaved);
    // Clock hands: (cos mθ_j, sin mθ_j) from core's tables (interleaved: entry 2j).
    const rope::RopeTables tables = rope::ropeTables(theta, m, rope::Layout::Interleaved);

    FigureData data;
    // θ with the pair's index as a subscript (θ₀), typeset as the lessons write it.
    data.title = FigureText::tr("Pair %1 turns by θ%2 = %3 rad per token")
                     .arg(pair)
                     .arg(subscriptDigits(pair))
                     .arg(theta[pair], 0, 'g', 4);
    data.xLabel = FigureText::tr("coordinate 2i of the pair");
    data.yLabel = FigureText::tr("coordinate 2i+1");
    Series guides;
    guides.name = FigureText::tr("circles |q| and |k|");
    guides.id = QStringLiteral("circles");
    guides.style = SeriesStyle::Guide;
    guides = circle(0, 0, kQLength, 128, guides);
    guides = circle(0, 0, kKLength, 128, guides);

    // The unrotated q and k (dashed: where they start), then both turned to their positions.
    data.series.push_back(arrow(FigureText::tr("q and k before rotation"), kQLength, 0.0, 4));
    data.series.back().id = QStringLiteral("q-k-before");
    data.series.back().style = SeriesStyle::Path;
    data.series.back().dashed = true;
    Series k0 = arrow(FigureText::tr("k before rotation"), kKLength, phi, 4);
    k0.id = QStringLiteral("k-before");
    k0.style = SeriesStyle::Path;
    k0.dashed = true;
    k0.inLegend = false;
    data.series.push_back(std::move(k0));
    Series rq;
    rq.name = FigureText::tr("Rₘq (q at position m)");
    rq.id = QStringLiteral("rq");
    rq.style = SeriesStyle::Arrow;
    rq.colour = 0;
    rq.x = {0.0, qm[0]};
    rq.y = {0.0, qm[1]};
    data.series.push_back(std::move(rq));
    // k turned by m only: it keeps the angle φ to R_m q; the rest of its turn, (n−m)θ, is what
    // the score sees.
    Series km = arrow(FigureText::tr("Rₘk (k turned as far as q)"), kKLength, a + phi, 1);
    km.id = QStringLiteral("rm-k");
    km.style = SeriesStyle::Path;
    km.dashed = true;
    data.series.push_back(std::move(km));
    Series rk;
    rk.name = FigureText::tr("Rₙk (k at position n)");
    rk.id = QStringLiteral("rk");
    rk.style = SeriesStyle::Arrow;
    rk.colour = 1;
    rk.x = {0.0, kn[0]};
    rk.y = {0.0, kn[1]};
    data.series.push_back(std::move(rk));
    const double phiSweep = reduceAngle(phi);
    const double relSweep = reduceAngle(relative);
    data.series.push_back(arc(FigureText::tr("arc φ: angle of k to q"), 0.25, a, phiSweep, 6));
    data.series.back().id = QStringLiteral("arc-phi");
    data.series.push_back(
        arc(FigureText::tr("arc (n−m)θᵢ: from Rₘk to Rₙk"), 0.45, a + phi, relSweep, 2));
    data.series.back().id = QStringLiteral("arc-relative");
    const auto at = [](double radius, double angle) {
        return std::pair{radius * std::cos(angle), radius * std::sin(angle)};
    };
    const auto label = [&data, &at](double radius, double angle, const QString& text) {
        const auto [x, y] = at(radius, angle);
        data.labels.push_back({x, y, text, false, LabelPlace::Near});
    };
    // q and k at position 0, unless R_m q (or R_n k) points within half a radian of them: at
    // m = 0 the arrows coincide and the head label below names both.
    const auto apart = [](double x, double y) {
        return std::abs(std::remainder(x - y, 2 * std::numbers::pi)) >= 0.5;
    };
    if (apart(std::atan2(qm[1], qm[0]), 0.0)) {
        label(1.08, 0.0, QStringLiteral("q"));
    }
    if (apart(std::atan2(kn[1], kn[0]), phi)) {
        label(0.9, phi, QStringLiteral("k"));
    }
    // Beside the arrow heads, a little counter-clockwise of them and on the outer side first,
    // so no label covers its arrow; the renderer keeps it inside the axes.
    const auto headLabel = [&data, &at](double radius, double angle, const QString& text) {
        const auto [x, y] = at(radius, angle);
        const Qt::Alignment outward = (x >= 0 ? Qt::AlignRight : Qt::AlignLeft) |
                                      (y >= 0 ? Qt::AlignTop : Qt::AlignBottom);
        data.labels.push_back({x, y, text, false, LabelPlace::Beside, outward});
    };
    headLabel(1.02, std::atan2(qm[1], qm[0]) + 0.16,
              FigureText::tr("Rₘq, m = %1").arg(params.m));
    headLabel(0.86, std::atan2(kn[1], kn[0]) + 0.2,
              FigureText::tr("Rₙk, n = %1").arg(params.n));
    // φ at its arc; left to the legend when R_m q's head label (0.16 rad past the arrow) is
    // within 0.6 rad of it: a long label there reaches the centre at a slide's text size.
    const double phiLabelAngle = a + 0.5 * phiSweep;
    if (std::abs(std::remainder(phiLabelAngle - (std::atan2(qm[1], qm[0]) + 0.16),
                                2 * std::numbers::pi)) >= 0.6) {
        label(0.17, phiLabelAngle, QStringLiteral("φ"));
    }
    // Outside its arc; left to the legend when the label of R_n k's head (0.2 rad past the
    // arc's end) is within a radian of it, where the two texts would cover each other.
    const double relLabelAngle = a + phi + 0.5 * relSweep;
    const double toHead = std::abs(
        std::remainder(relLabelAngle - (std::atan2(kn[1], kn[0]) + 0.2), 2 * std::numbers::pi));
    if (toHead >= 1.0) {
        label(0.57, relLabelAngle, FigureText::tr("(n−m)θᵢ"));
    }
    // The circles' radii: |R q| = |q| and |R k| = |k|, whatever the position. Written in the
    // direction farthest from every arrow, arrow-head label and angle label (of eight between
    // the axes), so they never sit on the (n−m)θᵢ label, a head label or an arrow.
    const double taken[] = {0.0,
                            phi,
                            std::atan2(qm[1], qm[0]),
                            std::atan2(kn[1], kn[0]),
                            a + phi,
                            a + 0.5 * phiSweep,
                            a + phi + 0.5 * relSweep,
                            // the arrow-head labels, drawn a little counter-clockwise of heads
                            std::atan2(qm[1], qm[0]) + 0.16,
                            std::atan2(kn[1], kn[0]) + 0.2};
    double radiusAngle = -0.75 * std::numbers::pi;
    double clearest = -1.0;
    for (int c = 0; c < 8; ++c) {
        const double candidate = (c + 0.5) * std::numbers::pi / 4.0;
        double nearest = std::numbers::pi;
        for (const double t : taken) {
            nearest = std::min(nearest, std::abs(std::remainder(candidate - t, 2 * std::numbers::pi)));
        }
        if (nearest > clearest) {
            clearest = nearest;
            radiusAngle = candidate;
        }
    }
    // |q| just outside its circle, |k| well inside its own: half a unit apart, so the two stay
    // apart at a slide's text size too.
    // No clear direction (every one within 0.6 rad of an arrow or a label, as with a long
    // head label at a slide's or handout's text size): the radii are left to the dashed
    // circles alone rather than written over another text.
    if (clearest >= 0.6) {
        label(kQLength + 0.12, radiusAngle, FigureText::tr("|q| = %1").arg(kQLength));
        label(kKLength - 0.3, radiusAngle, FigureText::tr("|k| = %1").arg(kKLength));
    }

    // Clocks in a side plot: one per pair (at most kMaxClocks, every stride-th pair beyond),
    // hand at angle mθ_j, in rows of `columns`, each labelled with its pair index.
    const int stride = (pairs + kMaxClocks - 1) / kMaxClocks;
    const int clocks = (pairs + stride - 1) / stride;
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(clocks))));
    const int clockRows = (clocks + columns - 1) / columns;
    SidePlot side;
    side.title = stride == 1
                     ? FigureText::tr("Pair j = row + column: hand at mθⱼ")
                     : FigureText::tr("Every %1th pair (row + column): hand at mθⱼ").arg(stride);
    side.showAxes = false;
    side.equalAspect = true;
    side.widthShare = 0.7;
    Series dials;
    dials.name = FigureText::tr("clock faces");
    dials.id = QStringLiteral("clock-faces");
    dials.style = SeriesStyle::Guide;
    for (int c = 0; c < clocks; ++c) {
        const int j = c * stride;
        // Cell (column, row) is the unit square [col, col+1] × [−row−1, −row]. Read like a
        // table: the pair index is the row's label (left) plus the column's offset (top).
        const double cx = c % columns + 0.5;
        const double cy = -(c / columns) - 0.5;
        dials = circle(cx, cy, 0.4, 32, dials);
        Series hand;
        hand.name = FigureText::tr("clock %1 hand (mθ%2)").arg(j).arg(subscriptDigits(j));
        hand.id = QStringLiteral("clock-%1").arg(j);
        hand.style = SeriesStyle::Path;
        hand.colour = j == pair ? 1 : 6;
        hand.inLegend = false;
        hand.x = {cx, cx + 0.38 * tables.cos[2 * j]};
        hand.y = {cy, cy + 0.38 * tables.sin[2 * j]};
        side.series.push_back(std::move(hand));
        if (c % columns == 0) {
            side.labels.push_back({-0.45, cy, QString::number(j)});
        }
        if (c < columns) {
            side.labels.push_back({cx, 0.3, QStringLiteral("+%1").arg(c * stride)});
        }
    }
    side.series.insert(side.series.begin(), std::move(dials));
    side.xRange = {-0.9, static_cast<double>(columns)};
    side.yRange = {-static_cast<double>(clockRows), 0.6};
    data.side = std::move(side);
    data.series.insert(data.series.begin(), std::move(guides));

    data.readouts = {
        {FigureText::tr("m·θᵢ mod 2π"), reduceAngle(a), QStringLiteral("rad")},
        {FigureText::tr("n·θᵢ mod 2π"), reduceAngle(b), QStringLiteral("rad")},
        {FigureText::tr("arc (n−m)·θᵢ mod 2π"), reduceAngle(relative), QStringLiteral("rad")},
        // The angle from R_m q to R_n k is φ + (n−m)θ_i: fixed while m and n move together.
        {FigureText::tr("angle Rₘq → Rₙk = φ + (n−m)θᵢ"), reduceAngle(phi + relative),
         QStringLiteral("rad")},
        {FigureText::tr("score qᵀRₙ₋ₘk"), score, QString()},
    };
    data.xRange = {{-1.15, 1.15}};
    data.yRange = {{-1.15, 1.15}};
    data.equalAspect = true;
    data.legendBelow = true;
    return data;
}

static double lastPair(const rope::RopeParams& params) {
    return params.effectiveRotaryDim() / 2 - 1;
}

const OptionTable& rotationOptions() {
    static const OptionTable table = {
        {.id = "pair",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Pair i:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = rope::limits::kMaxDim / 2 - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Which pair (i) is drawn large."),
         .dynamicMax = &lastPair},
        {.id = "k-angle-deg",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&k vs q:"),
         .kind = OptionKind::Integer,
         .defaultValue = 60,
         .min = -180,
         .max = 180,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Angle between q and k before any rotation."),
         .suffix = "°"},
    };
    return table;
}

} // namespace rope::figures
