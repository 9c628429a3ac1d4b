// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "identity": RoPE's relativity identity R_mᵀR_n = R_(n−m) seen three ways — the two
// matrices side by side, one pair as complex numbers q·e^(imθ), and the double-precision
// residual of each identity entry by entry.
#include "core/identities.h"
#include "core/random_inputs.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"


#include <cmath>
#include <limits>
#include <numbers>

namespace rope::figures {

const OptionTable& identityOptions();

namespace {

// The "view" and "identity" rows' choices of identityOptions(), in order.
enum class View { Matrices, Complex, Residual };
enum class Identity { Relativity, Composition, Orthogonality };

// Seeds of the fixed example query and key of the complex view.
constexpr std::uint64_t kQuerySeed = 1;
constexpr std::uint64_t kKeySeed = 2;
// Most positions traced along a pair's circle in the complex view.
constexpr int kMaxTracePoints = 512;

QString layoutName(const rope::RopeParams& params) {
    return QString::fromLatin1(rope::layoutId(params.layout));
}

// Named x ticks for two blocks of \p size columns side by side (the right block starts at
// size + 1): each block counts from 0.
std::vector<Tick> blockTicks(int size) {
    const int step = size <= 16 ? 2 : size <= 64 ? 8 : 16;
    std::vector<Tick> ticks;
    for (int block = 0; block < 2; ++block) {
        for (int j = 0; j < size; j += step) {
            ticks.push_back({static_cast<double>(block * (size + 1) + j), QString::number(j)});
        }
    }
    return ticks;
}

// The matrix's cells exactly fill the axes: cell centres 0 … n−1, edges at ±½.
void fitMatrix(FigureData& data, int columns, int rows) {
    data.xRange = {{-0.5, columns - 0.5}};
    data.yRange = {{-0.5, rows - 0.5}};
    data.yReversed = true; // row 0 at the top, as a matrix is written
}

FigureData matricesView(const rope::RopeParams& params, const Eigen::ArrayXd& theta) {
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    const Eigen::MatrixXd product = rope::rotationMatrix(theta, m, params.layout).transpose() *
                                    rope::rotationMatrix(theta, n, params.layout);
    const Eigen::ArrayXd angles = (n - m) * theta;
    const Eigen::MatrixXd relative =
        rope::rotationMatrixFromAngles(angles, params.layout, static_cast<int>(2 * theta.size()));
    const auto d = static_cast<int>(product.rows());
    FigureData data;
    data.title = FigureText::tr("RₘᵀRₙ (left) and Rₙ₋ₘ (right): m = %1, n = %2, %3 layout")
                     .arg(params.m)
                     .arg(params.n)
                     .arg(layoutName(params));
    data.xLabel = FigureText::tr("column j (left: RₘᵀRₙ; right: Rₙ₋ₘ)");
    data.xTicks = blockTicks(d);
    data.yLabel = FigureText::tr("row i");
    ColourMap map;
    map.columns = 2 * d + 1; // one NaN (transparent) column between the two matrices
    map.rows = d;
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = d - 1;
    map.values.reserve(static_cast<std::size_t>(map.columns) * static_cast<std::size_t>(d));
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c) {
            map.values.push_back(product(r, c));
        }
        map.values.push_back(std::numeric_limits<double>::quiet_NaN());
        for (int c = 0; c < d; ++c) {
            map.values.push_back(relative(r, c));
        }
    }
    map.zMin = -1;
    map.zMax = 1;
    map.label = FigureText::tr("matrix entry");
    data.colourMap = std::move(map);
    data.readouts = {
        {FigureText::tr("max |RₘᵀRₙ − Rₙ₋ₘ|"), rope::relativityResidual(theta, m, n, params.layout),
         QString()},
    };
    fitMatrix(data, 2 * d + 1, d);
    return data;
}

FigureData complexView(const rope::RopeParams& params, const FigureOptions& options,
                       const Eigen::ArrayXd& theta) {
    const auto pairs = static_cast<int>(theta.size());
    const int pair = static_cast<int>(
        std::clamp<long long>(OptionValues(identityOptions(), options).integer("pair"), 0, pairs - 1));
    const Eigen::ArrayXd q = rope::seededUniformVector(params.headDim, kQuerySeed);
    const Eigen::ArrayXd k = rope::seededUniformVector(params.headDim, kKeySeed);
    // Coordinates of pair i: (2i, 2i+1) interleaved, (i, i+P) in the half layout.
    const Eigen::Index re = params.layout == rope::Layout::Interleaved ? 2 * pair : pair;
    const Eigen::Index im =
        params.layout == rope::Layout::Interleaved ? 2 * pair + 1 : pair + pairs;
    const auto rotated = [&](const Eigen::ArrayXd& x, double position) {
        const Eigen::ArrayXd y = rope::applyRopeComplex(x, theta, position, params.layout);
        return std::pair<double, double>{y[re], y[im]};
    };
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    // Trace positions 0 … M (M = max(|m|, |n|)), at most kMaxTracePoints of them evenly spaced.
    const double last = std::max(std::abs(m), std::abs(n));
    const int points = static_cast<int>(std::min<double>(kMaxTracePoints, last + 1));
    Series qTrace;
    qTrace.name = FigureText::tr("qᵢ·exp(i tθᵢ), t = 0 … %1").arg(last, 0, 'g', 10);
    qTrace.id = QStringLiteral("q-trace");
    qTrace.style = SeriesStyle::Scatter;
    qTrace.colour = 0;
    Series kTrace = qTrace;
    kTrace.name = FigureText::tr("kᵢ·exp(i tθᵢ)");
    kTrace.id = QStringLiteral("k-trace");
    kTrace.colour = 1;
    for (int j = 0; j < points; ++j) {
        const double t = points > 1 ? std::round(last * j / (points - 1)) : 0.0;
        const auto [qa, qb] = rotated(q, t);
        const auto [ka, kb] = rotated(k, t);
        qTrace.x.push_back(qa);
        qTrace.y.push_back(qb);
        kTrace.x.push_back(ka);
        kTrace.y.push_back(kb);
    }
    const auto [qm, qmi] = rotated(q, m);
    const auto [kn, kni] = rotated(k, n);
    Series qArrow;
    qArrow.name = FigureText::tr("qᵢ·exp(imθᵢ) at m = %1").arg(params.m);
    qArrow.id = QStringLiteral("q-arrow");
    qArrow.style = SeriesStyle::Arrow;
    qArrow.colour = 0;
    qArrow.x = {0.0, qm};
    qArrow.y = {0.0, qmi};
    Series kArrow;
    kArrow.name = FigureText::tr("kᵢ·exp(inθᵢ) at n = %1").arg(params.n);
    kArrow.id = QStringLiteral("k-arrow");
    kArrow.style = SeriesStyle::Arrow;
    kArrow.colour = 1;
    kArrow.x = {0.0, kn};
    kArrow.y = {0.0, kni};
    const double radius = std::max(std::hypot(qm, qmi), std::hypot(kn, kni));
    // Rotation keeps |qᵢ| and |kᵢ|: each trace runs along its own circle.
    Series circle;
    circle.name = FigureText::tr("circles |qᵢ|, |kᵢ|");
    circle.id = QStringLiteral("circles");
    circle.style = SeriesStyle::Guide;
    for (const double r : {std::hypot(qm, qmi), std::hypot(kn, kni)}) {
        for (int j = 0; j <= 128; ++j) {
            const double a = 2.0 * std::numbers::pi * j / 128.0;
            circle.x.push_back(r * std::cos(a));
            circle.y.push_back(r * std::sin(a));
        }
        circle.x.push_back(std::numeric_limits<double>::quiet_NaN());
        circle.y.push_back(std::numeric_limits<double>::quiet_NaN());
    }
    FigureData data;
    data.title = QStringLiteral("Pair %1 as complex numbers: qᵢ·e^(imθᵢ) and kᵢ·e^(inθᵢ), "
                                "θᵢ = %2 rad/token")
                     .arg(pair)
                     .arg(theta[pair], 0, 'g', 6);
    data.xLabel = FigureText::tr("real part");
    data.yLabel = FigureText::tr("imaginary part");
    data.series = {std::move(circle), std::move(qTrace), std::move(kTrace), std::move(qArrow),
                   std::move(kArrow)};
    // Re[(q e^{imθ})* · (k e^{inθ})] = dot product of the two rotated 2-vectors.
    data.readouts = {
        {FigureText::tr("pair score Re[(qᵢexp(imθᵢ))*·kᵢexp(inθᵢ)]"), qm * kn + qmi * kni,
         QString()},
        {FigureText::tr("full score ⟨Rₘ q, Rₙ k⟩"),
         rope::attentionScore(q, k, theta, m, n, params.layout), QString()},
    };
    const double extent = 1.1 * std::max(radius, 1e-9);
    data.xRange = {{-extent, extent}};
    data.yRange = {{-extent, extent}};
    data.equalAspect = true;
    return data;
}

FigureData residualView(const rope::RopeParams& params, const FigureOptions& options,
                        const Eigen::ArrayXd& theta) {
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    const Identity which = OptionValues(identityOptions(), options).choice<Identity>("identity");
    Eigen::MatrixXd residual;
    QString formula;
    if (which == Identity::Composition) {
        residual = rope::compositionResidualMatrix(theta, m, n, params.layout);
        formula = FigureText::tr("Rₘ Rₙ − Rₘ₊ₙ");
    } else if (which == Identity::Orthogonality) {
        residual = rope::orthogonalityResidualMatrix(theta, m, params.layout);
        formula = FigureText::tr("Rₘᵀ Rₘ − I");
    } else {
        residual = rope::relativityResidualMatrix(theta, m, n, params.layout);
        formula = FigureText::tr("Rₘᵀ Rₙ − Rₙ₋ₘ");
    }
    const double relativity = rope::relativityResidual(theta, m, n, params.layout);
    const double composition = rope::compositionResidual(theta, m, n, params.layout);
    const double orthogonality = rope::orthogonalityResidual(theta, m, params.layout);

    FigureData data;
    data.title = FigureText::tr("|%1| entry by entry (m = %2, n = %3, %4 layout)")
                     .arg(formula)
                     .arg(params.m)
                     .arg(params.n)
                     .arg(layoutName(params));
    data.xLabel = FigureText::tr("column j");
    data.yLabel = FigureText::tr("row i");
    ColourMap map;
    map.columns = static_cast<int>(residual.cols());
    map.rows = static_cast<int>(residual.rows());
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    map.values.reserve(static_cast<std::size_t>(residual.size()));
    double largest = 0;
    for (Eigen::Index r = 0; r < residual.rows(); ++r) {
        for (Eigen::Index c = 0; c < residual.cols(); ++c) {
            map.values.push_back(std::abs(residual(r, c)));
            largest = std::max(largest, map.values.back());
        }
    }
    // Log colour scale over six decades below the largest entry (at least up to 1e-15); exact
    // zeros (entries outside the 2 × 2 blocks) take the lowest colour.
    map.zMax = std::max(largest, 1e-15);
    map.zMin = map.zMax * 1e-6;
    map.logScale = true;
    map.diverging = false;
    map.label = FigureText::tr("|residual entry| (log scale)");
    data.readouts = {
        {FigureText::tr("max |RₘᵀRₙ − Rₙ₋ₘ|"), relativity, QString()},
        {FigureText::tr("max |RₘRₙ − Rₘ₊ₙ|"), composition, QString()},
        {FigureText::tr("max |RₘᵀRₘ − I|"), orthogonality, QString()},
    };
    fitMatrix(data, map.columns, map.rows);
    data.colourMap = std::move(map);
    return data;
}

} // namespace

FigureData identityFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const View view = OptionValues(identityOptions(), options).choice<View>("view");
    if (view == View::Complex) {
        return complexView(params, options, theta);
    }
    if (view == View::Residual) {
        return residualView(params, options, theta);
    }
    return matricesView(params, theta);
}

const OptionTable& identityOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("matrices"),
         .choices = {{"matrices",
                      QT_TRANSLATE_NOOP("FigureOptions", "RₘᵀRₙ and Rₙ₋ₘ side by side")},
                     {"complex", QT_TRANSLATE_NOOP("FigureOptions", "one pair as complex numbers")},
                     {"residual", QT_TRANSLATE_NOOP("FigureOptions", "residual entry by entry")}}},
        {.id = "identity",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Identity:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("relativity"),
         .choices = {{"relativity", QT_TRANSLATE_NOOP("FigureOptions", "relativity  RₘᵀRₙ = Rₙ₋ₘ")},
                     {"composition",
                      QT_TRANSLATE_NOOP("FigureOptions", "composition  RₘRₙ = Rₘ₊ₙ")},
                     {"orthogonality",
                      QT_TRANSLATE_NOOP("FigureOptions", "orthogonality  RₘᵀRₘ = I")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Residual view: which identity's residual matrix is drawn.")},
        {.id = "pair",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Pair:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = rope::limits::kMaxDim / 2 - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Complex view: which pair i is drawn (clamped to d/2 − 1).")},
    };
    return table;
}

} // namespace rope::figures
