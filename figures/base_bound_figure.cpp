// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "base-bound": the smallest base b*(L, d) that keeps f(m) = Σᵢ cos(mθᵢ) ≥ 0 on 0 … L−1
// against L, with real models' (L, b); and f(m) itself with its first negative crossing.
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "figures/decay_envelope.h"
#include "figures/figure_registry.h"
#include "figures/minimal_base_cache.h"
#include "figures/minimal_base_curve.h"
#include "core/base_bound_tables.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace rope::figures {

namespace {

Series verticalLine(const QString& name, double x, double yLow, double yHigh, int colour) {
    Series s;
    s.name = name;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.x = {x, x};
    s.y = {yLow, yHigh};
    return s;
}

// Default grid L = 2^8 … 2^16 (all three d ≈ 2 s the first time, then memoised); "extend to
// 1M" adds 2^17 … 2^20 (another ~25 s once, d = 256 being the slowest).
constexpr int kFirstLog2 = 8;
constexpr int kDefaultLastLog2 = 16;
constexpr int kExtendedLastLog2 = 20;
// The current (b, d) is scanned for its largest valid L up to here (a scan stops at the first
// negative value, so this costs only when f stays ≥ 0 that long).
constexpr long long kCurrentScanLimit = 1LL << 22;

FigureData cosineSumView(const rope::RopeParams& params, const FigureOptions& options) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const long long buckets =
        std::clamp(options.value(QStringLiteral("plot-width-px"), 1000).toLongLong(), 1LL, 8192LL);
    // Min/max/mean of f over every m in each pixel column: sampling would alias.
    const rope::CosineSumEnvelope env = rope::cosineSumEnvelope(theta, 0, params.context, buckets);
    // Every m < L is scanned here too, so a dip inside a column is still found.
    const std::optional<long long> firstNegative =
        rope::firstNegativeDistance(theta, params.context);
    const double quarterTurn = rope::quarterTurnContext(theta);
    const double period = rope::slowestPeriod(theta);
    const double half = static_cast<double>(theta.size());
    // f ∈ [−d/2, d/2]; for real ladders it rarely dips below −d/4.
    const double yLow = -0.5 * half;
    const double yHigh = 1.05 * half;

    FigureData data;
    data.title = QStringLiteral("f(m) = Σᵢ cos(mθᵢ) (d = %1, b = %2, %3)")
                     .arg(params.effectiveRotaryDim())
                     .arg(params.base, 0, 'g', 6)
                     .arg(QString::fromStdString(params.scaling.method));
    data.xLabel = QStringLiteral("relative distance m (tokens)");
    data.yLabel = QStringLiteral("f(m) (d/2 at m = 0)");
    const auto toVector = [](const Eigen::ArrayXd& a) {
        return std::vector<double>(a.data(), a.data() + a.size());
    };
    const Eigen::ArrayXd x = 0.5 * (env.firstDistance + env.lastDistance);
    if ((env.lastDistance > env.firstDistance).any()) {
        Series lo;
        lo.name = QStringLiteral("f min per column");
        lo.inLegend = false;
        lo.x = toVector(x);
        lo.y = toVector(env.minimum);
        Series hi = lo;
        hi.name = QStringLiteral("f max per column");
        hi.y = toVector(env.maximum);
        hi.fillToPrevious = true;
        data.series.push_back(std::move(lo));
        data.series.push_back(std::move(hi));
    }
    Series curve;
    curve.name = QStringLiteral("f(m)");
    curve.x = toVector(x);
    curve.y = toVector(env.mean);
    data.series.push_back(std::move(curve));
    Series zero;
    zero.name = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    const double lastM = static_cast<double>(params.context - 1);
    if (firstNegative) {
        data.series.push_back(verticalLine(QStringLiteral("first m with f(m) < 0"),
                                           static_cast<double>(*firstNegative), yLow, yHigh, 1));
    }
    if (quarterTurn <= lastM) {
        data.series.push_back(
            verticalLine(QStringLiteral("quarter turn π/(2θ_min)"), quarterTurn, yLow, yHigh, 2));
    }
    if (period <= lastM) {
        data.series.push_back(
            verticalLine(QStringLiteral("slowest period 2π/θ_min"), period, yLow, yHigh, 3));
    }
    data.readouts = {
        {QStringLiteral("first m with f(m) < 0 (−1: none below L)"),
         firstNegative ? static_cast<double>(*firstNegative) : -1.0, QStringLiteral("tokens")},
        {QStringLiteral("quarter-turn context π/(2θ_min)"), quarterTurn, QStringLiteral("tokens")},
        {QStringLiteral("slowest period 2π/θ_min"), period, QStringLiteral("tokens")},
    };
    if (options.value(QStringLiteral("min-base"), false).toBool()) {
        try {
            const rope::MinimalBase best =
                cachedMinimalBase(params.context, params.effectiveRotaryDim());
            // A readout shows a number: when there is none, the label says why and the value
            // is the bound that was checked, never NaN (shown as "n/a", written as "nan").
            if (best.found) {
                data.readouts.push_back(
                    {QStringLiteral("smallest base b* for L (default ladder)"), best.base, QString()});
            } else {
                data.readouts.push_back(
                    {QStringLiteral("no b* for L: f < 0 somewhere for every base up to"),
                     rope::limits::kMaxBase, QString()});
            }
        } catch (const rope::InvalidParameter& e) {
            // The search has a work limit (L·d/2 ≤ 2^28); the curve is still worth showing.
            data.readouts.push_back(
                {QStringLiteral("b* not searched (%1); work L·d/2")
                     .arg(QString::fromUtf8(e.what())),
                 static_cast<double>(params.context) * params.effectiveRotaryDim() / 2.0,
                 QString()});
        }
    }
    data.readouts.push_back(
        {QStringLiteral("tokens per column"),
         std::ceil(static_cast<double>(params.context) / static_cast<double>(env.minimum.size())),
         QString()});
    data.xRange = {{0.0, lastM}};
    data.yRange = {{yLow, yHigh}};
    // f starts at d/2 and falls fast: the top-right corner is free, the bottom right is not.
    data.legendAlignment = Qt::AlignTop | Qt::AlignRight;
    return data;
}

// The printed values of Su (2024) and Men et al. (2024) beside the exact b*(L, 128) of both
// conventions: each printed base is checked on every m of its own context.
FigureData publishedView() {
    FigureData data;
    data.title = QStringLiteral("Published b*(L, 128) against the exact value (✓ passes, ✗ fails)");
    data.xLabel = QStringLiteral("context length L (tokens, log scale)");
    data.yLabel = QStringLiteral("base b (log scale)");
    data.logX = true;
    data.logY = true;
    struct Checked {
        rope::PublishedMinimalBase row;
        rope::PublishedBaseCheck check;
    };
    // Each check scans up to 2^20 distances; the 22 rows are checked once per process.
    static const std::vector<Checked> checked = [] {
        std::vector<Checked> out;
        for (const rope::PublishedMinimalBase& row : rope::publishedMinimalBases()) {
            out.push_back({row, rope::checkPublishedBase(
                                    row, row.source == rope::BaseTableSource::Men2024)});
        }
        return out;
    }();
    Series exactSu;
    exactSu.name = QStringLiteral("exact b*, m < L (Su's convention), L ≤ 2^17");
    exactSu.colour = 0;
    exactSu.style = SeriesStyle::Line;
    Series exactMen = exactSu;
    exactMen.name = QStringLiteral("exact b*, m ≤ L (Men et al.'s convention), L ≤ 2^17");
    exactMen.colour = 4;
    Series pass;
    pass.name = QStringLiteral("printed value passes its context (Su above, Men et al. below)");
    pass.style = SeriesStyle::Scatter;
    pass.colour = 2;
    Series fail = pass;
    fail.name = QStringLiteral("printed value fails (first failing m labelled)");
    fail.colour = 5;
    int passing = 0;
    for (const Checked& c : checked) {
        Series& target = c.check.passes ? pass : fail;
        target.x.push_back(static_cast<double>(c.row.context));
        target.y.push_back(c.row.printedBase);
        passing += c.check.passes ? 1 : 0;
        if (!c.check.passes) {
            // Su's rows labelled above their marker, Men et al.'s below, so the two tables'
            // labels at the same L do not collide.
            const bool men = c.row.source == rope::BaseTableSource::Men2024;
            data.labels.push_back({static_cast<double>(c.row.context),
                                   c.row.printedBase * (men ? 0.6 : 1.7),
                                   QStringLiteral("✗ m=%1").arg(c.check.firstFailing.value_or(-1)),
                                   false});
        }
    }
    // The exact values at the printed contexts up to 2^17 (memoised searches of about a second
    // at most; the longer ones take 2–8 s each: rope-cli min-base, or the dense curves).
    constexpr long long kExactLimit = 1LL << 17;
    for (const Checked& c : checked) {
        const bool men = c.row.source == rope::BaseTableSource::Men2024;
        if (c.row.context > kExactLimit) {
            continue;
        }
        Series& exact = men ? exactMen : exactSu;
        const rope::MinimalBase b = cachedMinimalBase(c.row.context, c.row.dim, men);
        if (b.found) {
            exact.x.push_back(static_cast<double>(c.row.context));
            exact.y.push_back(b.base);
        }
    }
    double yLow = std::numeric_limits<double>::infinity();
    double yHigh = 0;
    for (const Series* series : {&pass, &fail, &exactSu, &exactMen}) {
        for (double y : series->y) {
            yLow = std::min(yLow, y);
            yHigh = std::max(yHigh, y);
        }
    }
    data.xRange = {{600.0, 4.0e6}};
    data.yRange = {{yLow / 3.0, yHigh * 4.0}};
    data.series = {exactSu, exactMen, pass, fail};
    data.readouts.push_back({QStringLiteral("printed values that pass their own context"),
                             static_cast<double>(passing), QStringLiteral("of %1").arg(checked.size())});
    data.legendBelow = true;
    return data;
}

// Model labels sit above their markers; a label that would run into the previous one (same
// height, closer than its estimated width on the log axis) moves up by one label height.
void placeModelLabels(FigureData& data, const std::vector<ModelContext>& models,
                      double plotWidthPx, double xLow, double xHigh) {
    constexpr double kCharPx = 7.5;
    const double pxPerDecade = plotWidthPx / std::log10(xHigh / xLow);
    std::vector<std::pair<double, double>> placed; // (log10 x of the right end, y) per label
    for (const ModelContext& model : models) {
        const double x = std::log10(static_cast<double>(model.context));
        const double halfWidth = 0.5 * model.name.size() * kCharPx / pxPerDecade;
        double y = model.base * 1.45;
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& [right, other] : placed) {
                if (std::abs(std::log10(other / y)) < 0.12 && x - halfWidth < right) {
                    y *= 1.9;
                    moved = true;
                }
            }
        }
        placed.emplace_back(x + halfWidth, y);
        data.labels.push_back({static_cast<double>(model.context), y, model.name, false});
    }
}

} // namespace

const std::vector<ModelContext>& publishedModelContexts() {
    // (L, b) from each model's config.json: max_position_embeddings and rope_theta.
    static const std::vector<ModelContext> models = {
        {QStringLiteral("Llama 2"), 4096, 1e4},
        {QStringLiteral("Llama 3.1 (8k)"), 8192, 5e5},
        {QStringLiteral("Llama 3.1 (128k)"), 131072, 5e5},
        {QStringLiteral("CodeLlama"), 16384, 1e6},
        {QStringLiteral("Qwen2.5"), 32768, 1e6},
    };
    return models;
}

FigureData baseBoundFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const QString view = options.value(QStringLiteral("view"), QStringLiteral("curves")).toString();
    if (view == QLatin1String("cosine-sum")) {
        return cosineSumView(params, options);
    }
    if (view == QLatin1String("published")) {
        return publishedView();
    }
    const int lastLog2 = options.value(QStringLiteral("extend"), false).toBool() ? kExtendedLastLog2
                                                                                 : kDefaultLastLog2;
    FigureData data;
    data.title = QStringLiteral("Smallest base b*(L, d) with Σᵢ cos(mθᵢ) ≥ 0 for every m < L");
    data.xLabel = QStringLiteral("context length L (tokens, log scale)");
    data.yLabel = QStringLiteral("base b (log scale)");
    data.logX = true;
    data.logY = true;
    double yLow = std::numeric_limits<double>::infinity();
    double yHigh = 0;
    const std::array<int, 3> dims = {64, 128, 256};
    const std::array<int, 3> dimColours = {4, 0, 2};
    for (std::size_t k = 0; k < dims.size(); ++k) {
        Series s;
        s.name = QStringLiteral("b*(L), d = %1").arg(dims[k]);
        s.colour = dimColours[k];
        // Increasing L: each search is memoised, so a longer grid reuses the shorter one.
        for (int e = kFirstLog2; e <= lastLog2; ++e) {
            const long long context = 1LL << e;
            const rope::MinimalBase best = cachedMinimalBase(context, dims[k]);
            if (best.found) {
                s.x.push_back(static_cast<double>(context));
                s.y.push_back(best.base);
                yLow = std::min(yLow, best.base);
                yHigh = std::max(yHigh, best.base);
            }
        }
        data.series.push_back(std::move(s));
    }
    if (options.value(QStringLiteral("dense")).toBool()) {
        // What the background job has finished so far (and everything, from the disk cache,
        // on a later start); the readout says how far it is.
        const int dim = params.effectiveRotaryDim();
        const MinimalBaseCurveSnapshot curve = minimalBaseCurve(dim, true);
        Series dense;
        dense.name = QStringLiteral("b*(L), d = %1, 100 contexts per decade").arg(dim);
        dense.colour = 1;
        for (std::size_t k = 0; k < curve.minimal.size(); ++k) {
            if (curve.minimal[k].found) {
                dense.x.push_back(static_cast<double>(curve.contexts[k]));
                dense.y.push_back(curve.minimal[k].base);
            }
        }
        Series above;
        above.name = QStringLiteral("every base above is feasible, b_T(L), d = %1").arg(dim);
        above.colour = 3;
        for (std::size_t k = 0; k < curve.threshold.size(); ++k) {
            if (curve.threshold[k].found) {
                above.x.push_back(static_cast<double>(curve.thresholdContexts[k]));
                above.y.push_back(curve.threshold[k].base);
            }
        }
        for (const Series* s : {&dense, &above}) {
            for (double y : s->y) {
                yLow = std::min(yLow, y);
                yHigh = std::max(yHigh, y);
            }
        }
        data.series.push_back(std::move(dense));
        data.series.push_back(std::move(above));
        data.readouts.push_back({curve.running     ? QStringLiteral("dense curves: computing")
                                 : curve.cancelled ? QStringLiteral("dense curves: cancelled")
                                 : !curve.error.isEmpty()
                                     ? QStringLiteral("dense curves stopped: ") + curve.error
                                     : QStringLiteral("dense curves: done"),
                                 100.0 * curve.progress(), QStringLiteral("%"), true});
    }
    for (const ModelContext& model : publishedModelContexts()) {
        yLow = std::min(yLow, model.base);
        yHigh = std::max(yHigh, model.base);
    }
    // Llama 3.1 keeps b = 5e5 from 8192 to 131072 tokens: an arrow shows the extension.
    Series llama31;
    llama31.name = QStringLiteral("Llama 3.1: 8192 → 131072 at b = 5e5");
    llama31.style = SeriesStyle::Arrow;
    llama31.colour = 6;
    llama31.x = {8192.0, 131072.0};
    llama31.y = {5e5, 5e5};
    data.series.push_back(std::move(llama31));
    for (const ModelContext& model : publishedModelContexts()) {
        Series s;
        s.name = QStringLiteral("%1 (%2, %3)")
                     .arg(model.name)
                     .arg(model.context)
                     .arg(model.base, 0, 'g', 3);
        s.style = SeriesStyle::Scatter;
        s.colour = 6;
        s.inLegend = false; // named on the plot instead
        s.x = {static_cast<double>(model.context)};
        s.y = {model.base};
        data.series.push_back(std::move(s));
    }

    // The current (b, d): the largest L it serves, i.e. the first negative m.
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const long long scanLimit = std::min<long long>(
        kCurrentScanLimit,
        static_cast<long long>(rope::limits::kMaxScanWork / static_cast<double>(theta.size())));
    const std::optional<long long> firstNegative = rope::firstNegativeDistance(theta, scanLimit);
    const double largestL =
        firstNegative ? static_cast<double>(*firstNegative) : static_cast<double>(scanLimit);
    Series current;
    current.name = QStringLiteral("current b = %1, d = %2: valid up to L = %3%4")
                       .arg(params.base, 0, 'g', 6)
                       .arg(params.effectiveRotaryDim())
                       .arg(largestL, 0, 'f', 0)
                       .arg(firstNegative ? QString() : QStringLiteral("+"));
    current.style = SeriesStyle::Scatter;
    current.colour = 1;
    current.x = {largestL};
    current.y = {params.base};
    data.series.push_back(std::move(current));
    yLow = std::min(yLow, params.base);
    yHigh = std::max(yHigh, params.base);
    yLow /= 3.0;
    yHigh *= 3.0;

    // Rules of thumb of seed note 000 for the current d, as functions of b over the plotted
    // range: L·θ_min < π/2 and the slowest period 2π/θ_min.
    const int dim = params.effectiveRotaryDim();
    Series quarter;
    quarter.name = QStringLiteral("rule of thumb L = π/(2θ_min), d = %1").arg(dim);
    quarter.style = SeriesStyle::Path;
    quarter.colour = 5;
    Series period = quarter;
    period.name = QStringLiteral("slowest period L = 2π/θ_min, d = %1").arg(dim);
    period.colour = 3;
    constexpr int kRulePoints = 64;
    for (int k = 0; k < kRulePoints; ++k) {
        const double b = yLow * std::pow(yHigh / yLow, k / (kRulePoints - 1.0));
        if (b <= 1.0) {
            continue;
        }
        quarter.x.push_back(rope::quarterTurnContext(dim, b));
        quarter.y.push_back(b);
        period.x.push_back(rope::slowestPeriod(dim, b));
        period.y.push_back(b);
    }
    data.series.push_back(std::move(quarter));
    data.series.push_back(std::move(period));

    data.readouts.insert(data.readouts.begin(), {
        {QStringLiteral("largest L for the current b, d (first m with f < 0; scan limit %1)")
             .arg(scanLimit),
         firstNegative ? static_cast<double>(*firstNegative) : -1.0, QStringLiteral("tokens")},
        {QStringLiteral("quarter-turn context π/(2θ_min), current"),
         rope::quarterTurnContext(theta), QStringLiteral("tokens")},
    });
    data.xRange = {{std::ldexp(1.0, kFirstLog2 - 1), std::ldexp(1.0, lastLog2 + 3)}};
    data.yRange = {{std::max(yLow, 1.0), yHigh}};
    placeModelLabels(data, publishedModelContexts(),
                     options.value(QStringLiteral("plot-width-px"), 1000).toDouble(),
                     data.xRange->first, data.xRange->second);
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

const OptionTable& baseBoundOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("curves"),
         .choices = {{"curves", QT_TRANSLATE_NOOP("FigureOptions", "b*(L) curves and models")},
                     {"cosine-sum", QT_TRANSLATE_NOOP("FigureOptions", "Σcos(mθᵢ) over the context")},
                     {"published", QT_TRANSLATE_NOOP("FigureOptions", "published tables vs exact b*")}}},
        {.id = "dense",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Dense curves"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "b*(L) at 100 contexts per decade up to 2^20 and the all-above threshold b_T(L), for the current d, computed in the background and kept on disk. rope-cli: min-base --range.")},
        {.id = "extend",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "E&xtend to 1M"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Add L = 2^17 … 2^20 to the b*(L) curves, computed once in the background (results are kept).")},
        {.id = "min-base",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Compute the smallest base &b* for L"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Σcos view: search b* with f ≥ 0 on 0 … L−1 (Xu et al. 2024; Su 2024). Takes up to seconds for long contexts; runs in the background.")},
    };
    return table;
}

} // namespace rope::figures
