// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "absolute": the absolute position encodings that came before RoPE — integer, normalised
// integer, binary, sinusoidal — as images and curves, and the good-encoding checklist measured
// for each one.
#include "core/absolute_encoding.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <cmath>

namespace rope::figures {

const OptionTable& absoluteOptions();

namespace {

// The "view" row's choices of absoluteOptions(), in order.
enum class View { Heatmap, Curves, Checklist };

constexpr int kDefaultDim = 16;
constexpr int kMaxDim = 64;
constexpr int kDefaultPositions = 64;
constexpr int kMaxPositions = 1024;
constexpr int kCurves = 6;

QString schemeName(rope::AbsoluteScheme s) {
    switch (s) {
    case rope::AbsoluteScheme::Integer:
        return FigureText::tr("integer");
    case rope::AbsoluteScheme::NormalisedInteger:
        return FigureText::tr("normalised integer");
    case rope::AbsoluteScheme::Binary:
        return FigureText::tr("binary");
    case rope::AbsoluteScheme::Sinusoidal:
        break;
    }
    return FigureText::tr("sinusoidal");
}

rope::AbsoluteEncodingParams encodingParams(const rope::RopeParams& params,
                                            const FigureOptions& options) {
    rope::AbsoluteEncodingParams p;
    const OptionValues v(absoluteOptions(), options);
    p.scheme = rope::parseAbsoluteScheme(v.choiceId("scheme").toStdString());
    const int d = static_cast<int>(v.integer("dim"));
    p.dim = std::clamp(d - d % 2, 2, kMaxDim);
    p.base = params.base;
    return p;
}

long long positionCount(const FigureOptions& options) {
    return std::clamp<long long>(OptionValues(absoluteOptions(), options).integer("positions"), 8,
                                 kMaxPositions);
}

// The checklist properties in the order the lesson lists them, as (name, pass) pairs.
std::vector<std::pair<QString, bool>> properties(const rope::EncodingChecklist& c) {
    // Two-line names keep the tick labels apart at narrow widths.
    return {{FigureText::tr("unique"), c.unique},
            {FigureText::tr("consistent\ndistances"), c.consistentDistances},
            {FigureText::tr("bounded"), c.bounded},
            {FigureText::tr("decaying"), c.decaying},
            {FigureText::tr("linear\nshift"), c.linearRelation},
            {FigureText::tr("extrapolates\nin range"), c.extrapolatesInRange},
            {FigureText::tr("length-\nindependent"), c.lengthIndependent}};
}

} // namespace

FigureData absoluteFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const rope::AbsoluteEncodingParams enc = encodingParams(params, options);
    const long long positions = positionCount(options);
    const View view = OptionValues(absoluteOptions(), options).choice<View>("view");

    FigureData data;
    if (view == View::Checklist) {
        data.title =
            FigureText::tr("Checklist over P = %1 positions (d = %2)").arg(positions).arg(enc.dim);
        data.xLabel = FigureText::tr("property (measured over P positions, see the lesson)");
        data.yLabel = FigureText::tr("scheme");
        ColourMap map;
        const auto& schemes = rope::allAbsoluteSchemes();
        map.rows = static_cast<int>(schemes.size());
        for (rope::AbsoluteScheme s : schemes) {
            rope::AbsoluteEncodingParams p = enc;
            p.scheme = s;
            data.yTicks.push_back({static_cast<double>(data.yTicks.size()), schemeName(s)});
            const auto props = properties(rope::encodingChecklist(p, positions));
            map.columns = static_cast<int>(props.size());
            if (data.xTicks.empty()) {
                for (const auto& [name, pass] : props) {
                    data.xTicks.push_back({static_cast<double>(data.xTicks.size()), name});
                }
            }
            for (const auto& [name, pass] : props) {
                data.labels.push_back({static_cast<double>(map.values.size() % props.size()),
                                       static_cast<double>(map.values.size() / props.size()),
                                       pass ? QStringLiteral("✓") : QStringLiteral("✗"), !pass});
                map.values.push_back(pass ? 1.0 : 0.0);
            }
        }
        map.xFirst = 0;
        map.xLast = map.columns - 1;
        map.yFirst = 0;
        map.yLast = map.rows - 1;
        map.zMin = 0;
        map.zMax = 1;
        map.diverging = false;
        map.label = FigureText::tr("property (1 = holds, 0 = fails)");
        map.ticks = {{0.0, FigureText::tr("0 fails")}, {1.0, FigureText::tr("1 holds")}};
        data.colourMap = std::move(map);
        const rope::EncodingChecklist c = rope::encodingChecklist(enc, positions);
        const QString n = schemeName(enc.scheme);
        data.readouts = {
            {n + FigureText::tr(": duplicate rows"), static_cast<double>(c.duplicateRows),
             QString()},
            {n + FigureText::tr(": spread of ‖PE(p+k) − PE(p)‖ over p"), c.distanceSpread,
             QString()},
            {n + FigureText::tr(": max|PE| over P positions"), c.maxAbsEntry, QString()},
            {n + FigureText::tr(": max|PE| over 2P positions"), c.maxAbsEntryDoubled, QString()},
            {n + FigureText::tr(": W₁ fit residual"), c.linearResidual, QString()},
            {n + FigureText::tr(": excess beyond the seen range"), c.extrapolationExcess,
             QString()},
            {n + FigureText::tr(": change of PE(p) when N doubles"), c.lengthDependence, QString()},
            {n + FigureText::tr(": ⟨PE(p), PE(p+1)⟩ averaged over p"), c.shiftSimilarity[0],
             QString()},
            {n + FigureText::tr(": ⟨PE(p), PE(p+%1)⟩ averaged over p").arg(c.shiftSimilarity.size()),
             c.shiftSimilarity[c.shiftSimilarity.size() - 1], QString()},
            {n + FigureText::tr(": slope of that mean over k = 1…%1 (< 0: decaying)")
                     .arg(c.shiftSimilarity.size()),
             c.similaritySlope, FigureText::tr("per token")},
        };
        data.xRange = {{-0.5, map.columns - 0.5}};
        data.yRange = {{-0.5, map.rows - 0.5}};
        data.yReversed = true;
        return data;
    }

    const Eigen::MatrixXd pe = rope::absoluteEncoding(enc, positions);
    data.title = FigureText::tr("%1 PE(p), d = %2, P = %3")
                     .arg(schemeName(enc.scheme))
                     .arg(enc.dim)
                     .arg(positions);
    data.title[0] = data.title[0].toUpper();
    if (view == View::Curves) {
        data.xLabel = FigureText::tr("position p (tokens)");
        data.yLabel = QStringLiteral("PE(p)ⱼ");
        const int shown = std::min<int>(kCurves, enc.dim);
        for (int c = 0; c < shown; ++c) {
            // Columns spread from the fastest (j = 0) to the slowest (j = d − 1).
            const int j =
                shown == 1 ? 0 : static_cast<int>(std::lround(c * (enc.dim - 1.0) / (shown - 1)));
            Series s;
            s.name = FigureText::tr("dimension j = %1").arg(j);
            s.id = QStringLiteral("dimension-%1").arg(j);
            s.colour = c;
            for (Eigen::Index p = 0; p < pe.rows(); ++p) {
                s.x.push_back(static_cast<double>(p));
                s.y.push_back(pe(p, j));
            }
            data.series.push_back(std::move(s));
        }
        data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    } else {
        data.xLabel = FigureText::tr("dimension j");
        data.yLabel = FigureText::tr("position p (tokens)");
        ColourMap map;
        map.columns = static_cast<int>(pe.cols());
        map.rows = static_cast<int>(pe.rows());
        map.xFirst = 0;
        map.xLast = map.columns - 1;
        map.yFirst = 0;
        map.yLast = map.rows - 1;
        for (Eigen::Index p = 0; p < pe.rows(); ++p) {
            for (Eigen::Index j = 0; j < pe.cols(); ++j) {
                map.values.push_back(pe(p, j));
            }
        }
        if (enc.scheme == rope::AbsoluteScheme::Sinusoidal) {
            map.zMin = -1;
            map.zMax = 1;
        } else {
            map.zMin = pe.minCoeff();
            map.zMax = std::max(pe.maxCoeff(), map.zMin + 1e-12);
            map.diverging = false;
        }
        map.label = QStringLiteral("PE(p)ⱼ");
        data.colourMap = std::move(map);
        data.xRange = {{-0.5, pe.cols() - 0.5}};
        data.yRange = {{-0.5, positions - 0.5}};
        data.yReversed = true;
    }
    for (rope::AbsoluteScheme s : rope::allAbsoluteSchemes()) {
        rope::AbsoluteEncodingParams p = enc;
        p.scheme = s;
        data.readouts.push_back({FigureText::tr("max |PE(p+1) − W₁PE(p)|, %1").arg(schemeName(s)),
                                 rope::fitLinearShift(p, positions, 1).maxResidual, QString()});
    }
    return data;
}

const OptionTable& absoluteOptions() {
    static const OptionTable table = [] {
        std::vector<OptionChoice> schemes;
        for (rope::AbsoluteScheme s : rope::allAbsoluteSchemes()) {
            schemes.push_back({QString::fromLatin1(rope::absoluteSchemeId(s)), schemeName(s)});
        }
        return OptionTable{
            {.id = "scheme",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Scheme:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("sinusoidal"),
             .choices = schemes},
            {.id = "view",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("heatmap"),
             .choices = {{"heatmap", QT_TRANSLATE_NOOP("FigureOptions", "image (position × dimension)")}, {"curves", QT_TRANSLATE_NOOP("FigureOptions", "curves per dimension")}, {"checklist", QT_TRANSLATE_NOOP("FigureOptions", "checklist, all schemes")}}},
            {.id = "dim",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&d:"),
             .kind = OptionKind::Integer,
             .defaultValue = kDefaultDim,
             .min = 2,
             .max = kMaxDim,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Encoding width d (even)."),
             .step = 2},
            {.id = "positions",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Positions:"),
             .kind = OptionKind::Integer,
             .defaultValue = kDefaultPositions,
             .min = 8,
             .max = kMaxPositions,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Number of positions P (and the sequence length N).")},
        };
    }();
    return table;
}

} // namespace rope::figures
