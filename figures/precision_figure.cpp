// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "precision": how far float32, bfloat16 and float16 rotation tables drift from double as
// the position grows to 10⁷, and which positions a format can no longer tell apart. The view
// "accumulated" shows the float32 angle error of the repeated-multiplication scheme ggml's CPU
// rope uses (θ_{i+1} = θ_i·σ in float32) against the exact angle, beside the float32 product m·θ_i.
#include "core/frequencies.h"
#include "core/precision.h"
#include "core/random_inputs.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace rope::figures {

const OptionTable& precisionOptions();

namespace {

// The "view" row's choices of precisionOptions(), in order.
enum class View { Angle, Rotation, Score, Accumulated };

// A log y axis spanning whole decades around every series' values, so the axis (and its tick
// labels' width, hence the plot size the samples are computed for) does not move with the
// sampling. Nothing is set when no value is positive.
void setWholeDecadeRange(FigureData& data) {
    double lo = INFINITY;
    double hi = 0;
    for (const Series& s : data.series) {
        for (double y : s.y) {
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
    }
    if (hi > 0) {
        data.yRange = {{std::pow(10.0, std::floor(std::log10(lo))),
                        std::pow(10.0, std::ceil(std::log10(hi)))}};
    }
}

constexpr double kDefaultMaxPosition = 1e7;
constexpr int kMaxSamples = 2048;
const rope::FloatFormat kFormats[] = {rope::FloatFormat::Float32, rope::FloatFormat::BFloat16,
                                      rope::FloatFormat::Float16};

QString formatName(rope::FloatFormat f) {
    switch (f) {
    case rope::FloatFormat::Float64:
        return QStringLiteral("float64");
    case rope::FloatFormat::Float32:
        return QStringLiteral("float32");
    case rope::FloatFormat::BFloat16:
        return QStringLiteral("bfloat16");
    case rope::FloatFormat::Float16:
        break;
    }
    return QStringLiteral("float16");
}

/// Integer positions log-spaced from 1 to the maximum, one per pixel column (duplicates after
/// rounding dropped), so the curve is computed at screen resolution.
std::vector<double> precisionPositions(const FigureOptions& options) {
    const double maxPosition =
        std::clamp(OptionValues(precisionOptions(), options).real("max-position"), 10.0, 1e9);
    const int samples = std::clamp(options.plot.width(800), 16, kMaxSamples);
    std::vector<double> positions;
    for (int s = 0; s < samples; ++s) {
        const double p = std::round(std::pow(maxPosition, static_cast<double>(s) / (samples - 1)));
        if (positions.empty() || p > positions.back()) {
            positions.push_back(p);
        }
    }
    return positions;
}

/// The "accumulated" view: max (or one pair's) |θ̃_i − mθ_i| of the float32 repeated
/// multiplication, and of the float32 product m·θ_i for comparison, on log axes.
FigureData accumulatedFigure(const rope::RopeParams& params, const FigureOptions& options,
                             int pair) {
    const int rotaryDim = params.effectiveRotaryDim();
    // Float32 holds every integer up to 2^24 only; the scheme starts from fl(m).
    constexpr double kLargest = 16777216.0;
    std::vector<double> positions = precisionPositions(options);
    const double requestedMax = positions.back();
    std::erase_if(positions, [](double p) { return p > kLargest; });
    const Eigen::Map<const Eigen::ArrayXd> grid(positions.data(),
                                                static_cast<Eigen::Index>(positions.size()));
    // The scheme's exact angles are m·b^(−2i/r), unscaled (freq_scale multiplies later in
    // ggml): the product series uses the same θ_i so both curves measure the same angle.
    const Eigen::ArrayXd theta = rope::inverseFrequencies(rotaryDim, params.base);
    pair = std::min(pair, rotaryDim / 2 - 1);

    Series accumulated;
    accumulated.name = FigureText::tr("float32 repeated multiplication θᵢ₊₁ = θᵢ·σ (ggml)");
    accumulated.id = QStringLiteral("float32-repeated");
    accumulated.colour = 3;
    Series product;
    product.name = FigureText::tr("float32 product m·θᵢ (Hugging Face)");
    product.id = QStringLiteral("float32-product");
    product.colour = 0;
    Eigen::ArrayXd productError(grid.size());
    if (pair < 0) {
        const Eigen::ArrayXd acc = rope::maxAccumulatedAngleError(params.base, rotaryDim, grid);
        productError = rope::maxAngleErrorSweep(theta, grid, rope::FloatFormat::Float32,
                                                rope::AnglePath::LowPrecisionProduct);
        accumulated.y.assign(acc.begin(), acc.end());
    } else {
        for (Eigen::Index j = 0; j < grid.size(); ++j) {
            const auto m = static_cast<std::int64_t>(grid[j]);
            accumulated.y.push_back(
                std::abs(rope::accumulatedAngleError(params.base, rotaryDim, m)[pair]));
            productError[j] = rope::rotationErrors(theta, grid[j], rope::FloatFormat::Float32,
                                                   rope::AnglePath::LowPrecisionProduct)
                                  .angleError[pair];
        }
    }
    // Exact zeros (the scheme is exact while every product is exact) cannot sit on a log axis.
    const auto keepPositive = [&](Series& s, const double* y) {
        s.y.clear();
        for (Eigen::Index j = 0; j < grid.size(); ++j) {
            if (std::isfinite(y[j]) && y[j] > 0) {
                s.x.push_back(grid[j]);
                s.y.push_back(y[j]);
            }
        }
        if (s.x.empty()) {
            s.name += FigureText::tr(" (error exactly 0 everywhere)");
        }
    };
    const std::vector<double> accY = accumulated.y;
    keepPositive(accumulated, accY.data());
    keepPositive(product, productError.data());

    FigureData data;
    const QString pairText =
        pair < 0 ? FigureText::tr("worst pair") : FigureText::tr("pair %1").arg(pair);
    data.title = FigureText::tr("Float32 angle error, %1, b = %2, r = %3")
                     .arg(pairText)
                     .arg(params.base)
                     .arg(rotaryDim);
    data.xLabel = FigureText::tr("position m (tokens)");
    if (requestedMax > kLargest) {
        data.xLabel += FigureText::tr("; beyond 2²⁴ = 16777216 not shown (float32 cannot hold m)");
    }
    data.yLabel = FigureText::tr("|θ(float32) − mθ| (rad, exact angle in long double)");
    data.logX = true;
    data.logY = true;
    data.series = {accumulated, product};
    data.xRange = {{1.0, positions.back()}};
    setWholeDecadeRange(data);
    const long long requested = OptionValues(precisionOptions(), options).integer("position");
    const auto probe = static_cast<std::int64_t>(std::clamp<long long>(
        requested < 0 ? params.m : requested, 0, static_cast<long long>(kLargest)));
    const Eigen::ArrayXd atProbe = rope::accumulatedAngleError(params.base, rotaryDim, probe);
    data.readouts = {
        {FigureText::tr("probe position m"), static_cast<double>(probe), FigureText::tr("tokens")},
        {FigureText::tr("max |θ̃ − mθ| at m (repeated multiplication)"), atProbe.abs().maxCoeff(),
         QStringLiteral("rad")},
    };
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

} // namespace

FigureData precisionFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const OptionValues v(precisionOptions(), options);
    const rope::AnglePath path = rope::parseAnglePath(v.choiceId("path").toStdString());
    const View view = v.choice<View>("view");
    const auto pair = static_cast<int>(std::clamp<long long>(
        v.integer("pair"), -1, static_cast<long long>(theta.size()) - 1));
    if (view == View::Accumulated) {
        return accumulatedFigure(params, options, pair);
    }
    const std::vector<double> positions = precisionPositions(options);
    const Eigen::Map<const Eigen::ArrayXd> grid(positions.data(),
                                                static_cast<Eigen::Index>(positions.size()));
    const double offset = static_cast<double>(params.n - params.m);
    const Eigen::ArrayXd q = rope::seededUniformVector(2 * theta.size(), 31);
    const Eigen::ArrayXd k = rope::seededUniformVector(2 * theta.size(), 32);

    FigureData data;
    const QString pathText = path == rope::AnglePath::DoubleThenCast
                                 ? FigureText::tr("double, cast")
                                 : FigureText::tr("mθ in format");
    const QString pairText =
        pair < 0 ? FigureText::tr("worst pair") : FigureText::tr("pair %1").arg(pair);
    if (view == View::Score) {
        data.title = FigureText::tr("Score error, n − m = %1 (%2)").arg(offset).arg(pathText);
        data.yLabel = FigureText::tr("|s in format − s| (q, k uniform in [−1, 1)ᵈ)");
    } else if (view == View::Rotation) {
        data.title = FigureText::tr("cos/sin error, %1 (%2)").arg(pairText, pathText);
        data.yLabel = FigureText::tr("max |R in format − R| (cos/sin entries)");
    } else {
        data.title = FigureText::tr("Angle error, %1 (%2)").arg(pairText, pathText);
        data.yLabel = FigureText::tr("|mθ in format − mθ| wrapped to [−π, π] (rad)");
    }
    data.xLabel = FigureText::tr("position m (tokens)");
    data.logX = true;
    data.logY = true;

    int colour = 0;
    for (rope::FloatFormat format : kFormats) {
        Eigen::ArrayXd error(grid.size());
        if (view == View::Score) {
            for (Eigen::Index j = 0; j < grid.size(); ++j) {
                error[j] = rope::scoreError(q, k, theta, grid[j], grid[j] + offset, format, path);
            }
        } else if (pair < 0 && view == View::Rotation) {
            error = rope::precisionSweep(theta, grid, format, path).maxRotationError;
        } else if (pair < 0) {
            // The default view: angles only, no cos/sin (≈ 170 k evaluations per frame before).
            error = rope::maxAngleErrorSweep(theta, grid, format, path);
        } else {
            for (Eigen::Index j = 0; j < grid.size(); ++j) {
                const rope::RotationErrors e = rope::rotationErrors(theta, grid[j], format, path);
                error[j] = view == View::Rotation ? e.rotationError[pair] : e.angleError[pair];
            }
        }
        Series s;
        s.name = formatName(format);
        s.id = QString::fromLatin1(rope::floatFormatId(format));
        s.colour = colour++;
        // A log axis cannot show exact zeros (an exact product) or the NaN of a float16 overflow
        // (positions beyond 65504): those points are left out.
        for (Eigen::Index j = 0; j < grid.size(); ++j) {
            if (std::isfinite(error[j]) && error[j] > 0) {
                s.x.push_back(grid[j]);
                s.y.push_back(error[j]);
            }
        }
        if (s.x.empty()) {
            s.name += FigureText::tr(" (error exactly 0 everywhere)");
            s.inLegend = true;
        }
        data.series.push_back(std::move(s));
    }

    data.xRange = {{1.0, positions.back()}};
    setWholeDecadeRange(data);

    // position −1 (the default) follows the form's m.
    const long long requested = v.integer("position");
    const long long probe =
        std::clamp<long long>(requested < 0 ? params.m : requested, 0,
                              static_cast<long long>(rope::limits::kMaxPosition));
    data.readouts.push_back(
        {FigureText::tr("probe position m"), static_cast<double>(probe), FigureText::tr("tokens")});
    for (rope::FloatFormat format : kFormats) {
        const rope::PositionInterval interval = rope::positionCollapseInterval(format, probe);
        if (!std::isfinite(interval.representative)) {
            // float16 overflows above 65504: say so instead of plotting an infinite number.
            data.readouts.push_back(
                {FigureText::tr("%1 cannot store m (overflow); largest finite value")
                     .arg(formatName(format)),
                 rope::floatFormatInfo(format).maxFinite, QString()});
            continue;
        }
        data.readouts.push_back({FigureText::tr("%1 stores m as").arg(formatName(format)),
                                 interval.representative, QString()});
        data.readouts.push_back({FigureText::tr("%1: positions %2…%3 share it, count")
                                     .arg(formatName(format))
                                     .arg(interval.first)
                                     .arg(interval.last),
                                 static_cast<double>(interval.count()), QString()});
    }
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

static double lastPairIndex(const rope::RopeParams& params) {
    return params.effectiveRotaryDim() / 2 - 1;
}

const OptionTable& precisionOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("angle"),
         .choices = {{"angle", QT_TRANSLATE_NOOP("FigureOptions", "angle error")},
                     {"rotation", QT_TRANSLATE_NOOP("FigureOptions", "cos/sin error")},
                     {"score", QT_TRANSLATE_NOOP("FigureOptions", "score error")},
                     {"accumulated",
                      QT_TRANSLATE_NOOP("FigureOptions", "float32 accumulated angle")}},
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "What is compared with double. Accumulated: the angle of the float32 repeated "
             "multiplication θᵢ₊₁ = θᵢ·σ (ggml's CPU rope) against the exact angle.")},
        {.id = "path",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Rounding:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("low-precision-product"),
         .choices = {{"low-precision-product",
                      QT_TRANSLATE_NOOP("FigureOptions", "mθ in low precision")},
                     {"double-then-cast",
                      QT_TRANSLATE_NOOP("FigureOptions", "double, then cast cos/sin")}},
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "Where the rounding happens: in the angle m·θ, or "
                                                "only in the finished cos/sin table.")},
        {.id = "pair",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Pair:"),
         .kind = OptionKind::Integer,
         .defaultValue = -1,
         .min = -1,
         .max = rope::limits::kMaxDim / 2 - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Pair i whose error is drawn (worst: maximum over pairs)."),
         .dynamicMax = &lastPairIndex,
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "worst")},
        {.id = "position",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Pro&be m:"),
         .kind = OptionKind::Integer,
         .defaultValue = -1,
         .min = -1,
         .max = 1000000000,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Position m whose neighbours are checked for aliasing (= m: "
                                      "the form's position m; try 15962)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "= m")},
        {.id = "max-position",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Up &to m:"),
         .kind = OptionKind::LogReal,
         .defaultValue = kDefaultMaxPosition,
         .min = 10.0,
         .max = 1e9,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Largest position on the x axis."),
         .decimals = 0},
    };
    return table;
}

} // namespace rope::figures
