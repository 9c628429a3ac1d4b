// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "base-bound": the smallest base b*(L, d) that keeps f(m) = Σᵢ cos(mθᵢ) ≥ 0 on 0 … L−1
// against L, with real models' (L, b); and f(m) itself with its first negative crossing.
#include "core/base_bound.h"
#include "core/base_bound_tables.h"
#include "core/decay.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "figures/base_bound_job.h"
#include "figures/base_bound_parts.h"
#include "figures/decay_envelope.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "figures/layer_points.h"
#include "figures/research_overlays.h"
#include "io/disk_cache.h"
#include "io/params_check.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>

namespace rope::figures {

// Every view of the panel for these inputs from what the job has found.
FigureData baseBoundView(const rope::RopeParams& params, const FigureOptions& options,
                         const BaseBoundResult& results);
const OptionTable& baseBoundOptions();

namespace base_bound {

View viewOf(const FigureOptions& options) {
    return OptionValues(baseBoundOptions(), options).choice<View>("view");
}

// What the job has for b*(L, d) (nullptr: not yet), and core's refusal of it if any.
const rope::MinimalBase* minimalIn(const BaseBoundResult& r, long long context, int dim,
                                   bool includeContext) {
    const auto it = r.minimal.find({context, dim, includeContext});
    return it == r.minimal.end() ? nullptr : &it->second;
}
const QString* minimalRefusal(const BaseBoundResult& r, long long context, int dim) {
    const auto it = r.minimalRefused.find({context, dim, false});
    return it == r.minimalRefused.end() ? nullptr : &it->second;
}

// A readout for a number the job has not computed yet: the label says so, the value is 0.
Readout pending(const QString& label) {
    return {label, 0.0, QString(), false, FigureText::tr("computing…")};
}

// While b*(L, d) is searched: what the finished searches prove about it, labelled as
// provisional, the value being the upper end when one is known (else the proven lower end).
// With nothing proven (a new d), the quick estimate when there is one, labelled as such.
Readout provisionalReadout(const ProvisionalBracket& p, const BaseBoundResult& results,
                           long long context, int dim) {
    if (!(p.low > 1.0) && !(p.high > 1.0)) {
        const auto e = results.estimates.find({context, dim});
        if (e != results.estimates.end()) {
            return {FigureText::tr("b* estimate (not certified; certifying for this d…)"),
                    e->second, QString(), false,
                    FigureText::tr("≈ %1 (an estimate, not a bound: the first feasible base "
                                   "on a coarse grid; an island can be missed)")
                        .arg(formatNumber(e->second, 3))};
        }
    }
    const QString label = FigureText::tr("b* provisional (certifying for this L…)");
    if (p.low > 1.0 && p.high > 1.0) {
        // Rounded outward with at most 4 digits: the printed interval contains the proven one.
        const BracketText text = outwardBracketText(p.low, p.high);
        return {label, p.high, QString(), false,
                FigureText::tr("between %1 and %2 (from L = %3 and %4)")
                    .arg(text.low, text.high)
                    .arg(p.lowFrom)
                    .arg(p.highFrom)};
    }
    if (p.low > 1.0) {
        return {label, p.low, QString(), false,
                FigureText::tr("at least %1 (proven at L = %2)")
                    .arg(outwardBracketText(p.low, p.low).low)
                    .arg(p.lowFrom)};
    }
    if (p.high > 1.0) {
        return {label, p.high, QString(), false,
                FigureText::tr("at most %1 (feasible at L = %2)")
                    .arg(outwardBracketText(p.high, p.high).high)
                    .arg(p.highFrom)};
    }
    return pending(label);
}

Series verticalLine(const QString& name, double x, double yLow, double yHigh, int colour) {
    Series s;
    s.name = name;
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.x = {x, x};
    s.y = {yLow, yHigh};
    return s;
}

// Default grid L = 2^kFirstLog2 … 2^16 (all three d ≈ 2 s the first time, then memoised);
// "extend to 1M" adds 2^17 … 2^20 (another ~25 s once, d = 256 being the slowest).
constexpr int kDefaultLastLog2 = 16;
constexpr int kExtendedLastLog2 = 20;
// The current (b, d) is scanned for its largest valid L up to here (a scan stops at the first
// negative value, so this costs only when f stays ≥ 0 that long).
constexpr long long kCurrentScanLimit = 1LL << 22;

FigureData cosineSumView(const rope::RopeParams& params, const FigureOptions& options,
                         const BaseBoundResult& results) {
    const Eigen::ArrayXd theta = rope::scaledFrequencies(params).invFreq;
    const long long buckets = std::clamp(options.plot.width(1000), 1, 8192);
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
    data.title = FigureText::tr("f(m) = Σᵢ cos(mθᵢ) (d = %1, b = %2, %3)")
                     .arg(params.effectiveRotaryDim())
                     .arg(params.base, 0, 'g', 6)
                     .arg(rope::io::scalingIdText(params.scaling.method));
    data.xLabel = FigureText::tr("relative distance m (tokens)");
    data.yLabel = FigureText::tr("f(m) (d/2 at m = 0)");
    const auto toVector = [](const Eigen::ArrayXd& a) {
        return std::vector<double>(a.data(), a.data() + a.size());
    };
    const Eigen::ArrayXd x = 0.5 * (env.firstDistance + env.lastDistance);
    if ((env.lastDistance > env.firstDistance).any()) {
        Series lo;
        lo.name = FigureText::tr("f min per column");
        lo.id = QStringLiteral("f-min");
        lo.inLegend = false;
        lo.x = toVector(x);
        lo.y = toVector(env.minimum);
        Series hi = lo;
        hi.name = FigureText::tr("f max per column");
        hi.id = QStringLiteral("f-max");
        hi.y = toVector(env.maximum);
        hi.fillToPrevious = true;
        data.series.push_back(std::move(lo));
        data.series.push_back(std::move(hi));
    }
    Series curve;
    curve.name = QStringLiteral("f(m)");
    curve.id = QStringLiteral("f");
    curve.x = toVector(x);
    curve.y = toVector(env.mean);
    data.series.push_back(std::move(curve));
    Series zero;
    zero.name = FigureText::tr("zero");
    zero.id = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    const double lastM = static_cast<double>(params.context - 1);
    if (firstNegative) {
        data.series.push_back(verticalLine(FigureText::tr("first m with f(m) < 0"),
                                           static_cast<double>(*firstNegative), yLow, yHigh, 1));
        data.series.back().id = QStringLiteral("first-negative");
    }
    if (quarterTurn <= lastM) {
        data.series.push_back(
            verticalLine(FigureText::tr("quarter turn π/(2θₘᵢₙ)"), quarterTurn, yLow, yHigh, 2));
        data.series.back().id = QStringLiteral("quarter-turn");
    }
    if (period <= lastM) {
        data.series.push_back(
            verticalLine(FigureText::tr("slowest period 2π/θₘᵢₙ"), period, yLow, yHigh, 3));
        data.series.back().id = QStringLiteral("slowest-period");
    }
    data.readouts = {
        {FigureText::tr("first m with f(m) < 0"),
         firstNegative ? static_cast<double>(*firstNegative) : -1.0, FigureText::tr("tokens"),
         false,
         firstNegative ? QString() : FigureText::tr("none below L = %1").arg(params.context)},
        {FigureText::tr("quarter-turn context π/(2θₘᵢₙ)"), quarterTurn, FigureText::tr("tokens")},
        {FigureText::tr("slowest period 2π/θₘᵢₙ"), period, FigureText::tr("tokens")},
    };
    if (OptionValues(baseBoundOptions(), options).toggle("min-base")) {
        const rope::MinimalBase* found =
            minimalIn(results, params.context, params.effectiveRotaryDim());
        const QString* refused = minimalRefusal(results, params.context, params.effectiveRotaryDim());
        if (found != nullptr) {
            const rope::MinimalBase& best = *found;
            // A readout shows a number: when there is none, the label says why and the value
            // is the bound that was checked, never NaN (shown as "n/a", written as "nan").
            if (best.found) {
                data.readouts.push_back(
                    {FigureText::tr("smallest base b* for L (default ladder)"), best.base, QString()});
            } else {
                data.readouts.push_back(
                    {FigureText::tr("no b* for L: f < 0 somewhere for every base up to"),
                     rope::limits::kMaxBase, QString()});
            }
        } else if (refused != nullptr) {
            // The search has a work limit (L·d/2 ≤ 2^29); the curve is still worth showing.
            data.readouts.push_back(
                {FigureText::tr("b* not searched (%1); work L·d/2").arg(*refused),
                 static_cast<double>(params.context) * params.effectiveRotaryDim() / 2.0,
                 QString()});
        } else {
            data.readouts.push_back(provisionalReadout(
                provisionalBracket(results, params.context, params.effectiveRotaryDim()), results,
                params.context, params.effectiveRotaryDim()));
        }
    }
    data.readouts.push_back(
        {FigureText::tr("tokens per column"),
         std::ceil(static_cast<double>(params.context) / static_cast<double>(env.minimum.size())),
         QString()});
    data.xRange = {{0.0, lastM}};
    data.yRange = {{yLow, yHigh}};
    // f starts at d/2 and falls fast: the top-right corner is free, the bottom right is not.
    data.legendAlignment = Qt::AlignTop | Qt::AlignRight;
    return data;
}

// Bump the version when the search or the table changes: an old file is then ignored.
const QString kPublishedCacheKey = QStringLiteral("published-bases-v2.json");

// The published rows as stored in the disk cache, or empty.
std::vector<PublishedCheck> loadPublishedChecks() {
    const std::span<const rope::PublishedMinimalBase> table = rope::publishedMinimalBases();
    std::vector<PublishedCheck> rows;
    const std::optional<QByteArray> bytes = io::DiskCache::standard().read(kPublishedCacheKey);
    if (!bytes) {
        return rows;
    }
    const QJsonArray stored = QJsonDocument::fromJson(*bytes).array();
    if (stored.size() != static_cast<qsizetype>(table.size())) {
        return rows;
    }
    for (std::size_t k = 0; k < table.size(); ++k) {
        const QJsonArray r = stored.at(static_cast<qsizetype>(k)).toArray();
        if (r.size() != 4 || r.at(0).toDouble() != static_cast<double>(table[k].context)) {
            return {};
        }
        PublishedCheck c{table[k], {}, std::numeric_limits<double>::quiet_NaN()};
        c.check.passes = r.at(1).toBool();
        if (r.at(2).toDouble() >= 0.0) {
            c.check.firstFailing = static_cast<long long>(r.at(2).toDouble());
        }
        if (r.at(3).isDouble()) {
            c.exact = r.at(3).toDouble();
        }
        rows.push_back(c);
    }
    return rows;
}

QString storePublishedChecks(const std::vector<PublishedCheck>& rows) {
    QJsonArray stored;
    for (const PublishedCheck& c : rows) {
        stored.append(QJsonArray{static_cast<double>(c.row.context), c.check.passes,
                                 static_cast<double>(c.check.firstFailing.value_or(-1)),
                                 std::isnan(c.exact) ? QJsonValue() : QJsonValue(c.exact)});
    }
    return io::DiskCache::standard().write(kPublishedCacheKey,
                                           QJsonDocument(stored).toJson(QJsonDocument::Compact));
}

FigureData publishedView(const BaseBoundResult& results) {
    FigureData data;
    data.title = FigureText::tr("Published b*(L, 128) against the exact value (✓ passes, ✗ fails)");
    data.xLabel = FigureText::tr("context length L (tokens, log scale)");
    data.yLabel = FigureText::tr("base b (log scale)");
    data.logX = true;
    data.logY = true;
    const std::vector<PublishedCheck>& checked = results.published;
    Series exactSu;
    exactSu.name = FigureText::tr("exact b*, m < L (Su's convention), L ≤ 2¹⁷");
    exactSu.id = QStringLiteral("exact-su");
    exactSu.colour = 0;
    exactSu.style = SeriesStyle::Line;
    Series exactMen = exactSu;
    exactMen.name = FigureText::tr("exact b*, m ≤ L (Men et al.'s convention), L ≤ 2¹⁷");
    exactMen.id = QStringLiteral("exact-men");
    exactMen.colour = 4;
    Series pass;
    pass.name = FigureText::tr("printed value passes its context (Su above, Men et al. below)");
    pass.id = QStringLiteral("printed-passes");
    pass.style = SeriesStyle::Scatter;
    pass.colour = 2;
    Series fail = pass;
    fail.name = FigureText::tr("printed value fails (first failing m labelled)");
    fail.id = QStringLiteral("printed-fails");
    fail.colour = 5;
    int passing = 0;
    for (const PublishedCheck& c : checked) {
        Series& target = c.check.passes ? pass : fail;
        target.x.push_back(static_cast<double>(c.row.context));
        target.y.push_back(c.row.printedBase);
        passing += c.check.passes ? 1 : 0;
        if (!c.check.passes) {
            // Su's rows labelled above their marker, Men et al.'s below, so the two tables'
            // labels at the same L start on opposite sides.
            const bool men = c.row.source == rope::BaseTableSource::Men2024;
            data.labels.push_back({static_cast<double>(c.row.context), c.row.printedBase,
                                   FigureText::tr("✗ m=%1").arg(c.check.firstFailing.value_or(-1)),
                                   false, LabelPlace::Beside,
                                   men ? Qt::AlignBottom : Qt::AlignTop});
        }
    }
    for (const PublishedCheck& c : checked) {
        const bool men = c.row.source == rope::BaseTableSource::Men2024;
        if (!std::isnan(c.exact)) {
            Series& exact = men ? exactMen : exactSu;
            exact.x.push_back(static_cast<double>(c.row.context));
            exact.y.push_back(c.exact);
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
    if (!(yHigh > 0.0)) {
        // Nothing checked yet: the printed values' span.
        yLow = 1e4;
        yHigh = 1e9;
    }
    data.xRange = {{600.0, 4.0e6}};
    data.yRange = {{yLow / 3.0, yHigh * 4.0}};
    data.series = {exactSu, exactMen, pass, fail};
    if (checked.empty()) {
        data.readouts.push_back(pending(FigureText::tr("printed values that pass their own context")));
    } else {
        data.readouts.push_back({FigureText::tr("printed values that pass their own context"),
                                 static_cast<double>(passing),
                                 FigureText::tr("of %1").arg(checked.size())});
    }
    data.legendBelow = true;
    return data;
}

LandscapeSetup landscapeSetup(const rope::RopeParams& params, const FigureOptions& options,
                              const BaseBoundResult& results) {
    const long long context = params.context;
    const int dim = params.effectiveRotaryDim();
    LandscapeSetup setup;
    std::optional<rope::MinimalBase>& best = setup.best;
    std::optional<rope::MinimalBase>& threshold = setup.threshold;
    if (const rope::MinimalBase* b = minimalIn(results, context, dim)) {
        best = *b;
    } else if (const QString* why = minimalRefusal(results, context, dim)) {
        setup.bestNote = *why;
    }
    if (static_cast<double>(context) * (dim / 2) <= kLandscapeThresholdWork) {
        const auto t = results.thresholds.find({context, dim});
        const auto refused = results.thresholdRefused.find({context, dim});
        if (t != results.thresholds.end()) {
            threshold = t->second;
        } else if (refused != results.thresholdRefused.end()) {
            setup.thresholdNote = FigureText::tr("not certified (%1)").arg(refused->second);
        }
    } else {
        // The refusal states what it would cost (core's cost model) and this view's cap.
        const double cap = kLandscapeThresholdWork / (dim / 2);
        setup.thresholdNote =
            FigureText::tr("not certified in this view: about %1 s of CPU (≈ 1 400 full scans "
                           "of every m at L·d/2 = 2^18, growing like (L·d/2)^0.6, 12 ns per "
                           "cosine); this view's cap is L·d/2 ≤ 2^19, about %2 s")
                .arg(formatNumber(rope::estimatedThresholdSeconds(context, dim), 2),
                     formatNumber(rope::estimatedThresholdSeconds(static_cast<long long>(cap), dim),
                                  2));
    }
    const bool haveBest = best && best->found && best->base > 1.0;
    const bool haveThreshold = threshold && threshold->found && threshold->base > 1.0;
    // Default range: from b*/3 to twice b_T (or 4·b* when b_T is unknown); while b* is
    // searched, the same around its provisional bracket (the axis stays put along a drag of
    // L); the current base when nothing is known.
    double low = haveBest ? best->lowerBracket / 3.0 : params.base / 10.0;
    double high = haveThreshold ? threshold->base * 2.0
                  : haveBest   ? best->base * 4.0
                               : params.base * 10.0;
    if (!best && setup.bestNote.isEmpty()) {
        const ProvisionalBracket& p = setup.provisional =
            provisionalBracket(results, context, dim);
        if (p.low > 1.0 || p.high > 1.0) {
            low = (p.low > 1.0 ? p.low : p.high / 4.0) / 3.0;
            high = (p.high > 1.0 ? p.high : p.low) * 4.0;
        } else if (const auto e = results.estimates.find({context, dim});
                   e != results.estimates.end()) {
            // Nothing proven yet (a new d): the range around the estimate, as around b*.
            setup.estimate = e->second;
            low = e->second / 3.0;
            high = e->second * 4.0;
        }
    }
    const OptionValues v(baseBoundOptions(), options);
    const double zoomLow = v.has("b-min") ? v.real("b-min") : 0.0;
    const double zoomHigh = v.has("b-max") ? v.real("b-max") : 0.0;
    if (zoomLow > 1.0 && zoomHigh > zoomLow * (1.0 + 1e-12)) {
        low = zoomLow;
        high = zoomHigh;
    }
    low = std::max(low, 1.0 + 1e-9);
    high = std::min(std::max(high, low * 1.01), rope::limits::kMaxBase);
    LandscapeKey& key = setup.key;
    key.context = context;
    key.dim = dim;
    key.lowBase = low;
    key.highBase = high;
    key.samples = std::clamp(options.plot.width(1000), 200, 2000);
    for (const std::optional<rope::MinimalBase>& r : {best, threshold}) {
        if (r && r->found && r->base > 1.0) {
            key.extraBases.push_back(r->base);
            key.extraBases.push_back(r->lowerBracket);
        }
    }
    key.extraBases.push_back(params.base);
    setup.low = low;
    setup.high = high;
    return setup;
}

FigureData landscapeView(const rope::RopeParams& params, const FigureOptions& options,
                         const BaseBoundResult& results) {
    const long long context = params.context;
    const int dim = params.effectiveRotaryDim();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    FigureData data;
    data.title = FigureText::tr("Feasibility landscape g(b) = min over m < %1 of Σᵢ cos(m·b⁻²ⁱ⁄ᵈ), "
                                "d = %2 (feasible where g ≥ 0)")
                     .arg(context)
                     .arg(dim);
    data.xLabel = FigureText::tr("base b (log scale)");
    data.yLabel = FigureText::tr("g(b) = min_m f_b(m)");
    data.logX = true;
    const LandscapeSetup setup = landscapeSetup(params, options, results);
    const std::optional<rope::MinimalBase>& best = setup.best;
    const std::optional<rope::MinimalBase>& threshold = setup.threshold;
    const QString& bestNote = setup.bestNote;
    const QString& thresholdNote = setup.thresholdNote;
    const bool haveBest = best && best->found && best->base > 1.0;
    const bool haveThreshold = threshold && threshold->found && threshold->base > 1.0;
    const double low = setup.low;
    const double high = setup.high;
    // g(b) depends on (L, d) only: the points of a landscape computed for another range or
    // current base are exact here too; those inside the range are drawn.
    rope::FeasibilityLandscape landscape;
    if (results.landscapeKey && results.landscapeKey->context == context &&
        results.landscapeKey->dim == dim) {
        landscape.cancelled = results.landscape.cancelled;
        for (const rope::LandscapePoint& p : results.landscape.points) {
            if (p.base >= low && p.base <= high) {
                landscape.points.push_back(p);
            }
        }
    }
    const bool landscapeFresh = results.landscapeKey && *results.landscapeKey == setup.key &&
                                results.landscapeDone;

    Series g;
    g.name = FigureText::tr("g(b) = min_m f_b(m)");
    g.id = QStringLiteral("g");
    g.colour = 0;
    Series feasible;
    feasible.name = FigureText::tr("feasible bases (g ≥ 0), shaded");
    feasible.id = QStringLiteral("feasible");
    feasible.colour = 2;
    feasible.fillToZero = true;
    double yLow = 0.0;
    double yHigh = 0.0;
    for (const rope::LandscapePoint& p : landscape.points) {
        g.x.push_back(p.base);
        g.y.push_back(p.minValue);
        feasible.x.push_back(p.base);
        feasible.y.push_back(p.minValue >= 0.0 ? p.minValue : nan);
        yLow = std::min(yLow, p.minValue);
        yHigh = std::max(yHigh, p.minValue);
    }
    // A feasible sample between two infeasible ones is an island narrower than the sampling
    // (b* itself often is): a marker, since a shaded stretch needs two points.
    Series narrow;
    narrow.name = FigureText::tr("feasible island narrower than a sample step");
    narrow.id = QStringLiteral("narrow-island");
    narrow.style = SeriesStyle::Scatter;
    narrow.colour = 2;
    for (std::size_t k = 0; k < landscape.points.size(); ++k) {
        const auto feasibleAt = [&landscape](std::size_t i) {
            return landscape.points[i].minValue >= 0.0;
        };
        if (feasibleAt(k) && (k == 0 || !feasibleAt(k - 1)) &&
            (k + 1 == landscape.points.size() || !feasibleAt(k + 1))) {
            narrow.x.push_back(landscape.points[k].base);
            narrow.y.push_back(landscape.points[k].minValue);
        }
    }
    if (landscape.points.empty()) {
        // Nothing scanned yet (b* still searched): a range of the size g takes, not ±10⁻⁵.
        yLow = -0.125 * dim;
        yHigh = 0.0625 * dim;
    }
    const double pad = 0.08 * std::max(yHigh - yLow, 1e-3);
    yLow -= pad;
    yHigh += pad;
    data.series.push_back(std::move(g));
    data.series.push_back(std::move(feasible));
    if (!narrow.x.empty()) {
        data.series.push_back(std::move(narrow));
    }
    Series zero;
    zero.name = QStringLiteral("zero");
    zero.id = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {low, high};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    if (haveBest) {
        data.series.push_back(verticalLine(
            FigureText::tr("b* = %1 (smallest feasible base, certified)").arg(best->base, 0, 'g', 10),
            best->base, yLow, yHigh, 1));
        data.series.back().id = QStringLiteral("b-star");
    }
    const ProvisionalBracket& provisional = setup.provisional;
    // The legend's ends rounded outward with at most 4 digits (outwardBracketText()): each
    // printed bound still holds. With one end known, that end alone.
    const bool bothEnds = provisional.low > 1.0 && provisional.high > 1.0;
    const BracketText legendText =
        outwardBracketText(provisional.low > 1.0 ? provisional.low : provisional.high,
                           provisional.high > 1.0 ? provisional.high : provisional.low);
    const QString lowText =
        bothEnds ? legendText.low : outwardBracketText(provisional.low, provisional.low).low;
    const QString highText =
        bothEnds ? legendText.high : outwardBracketText(provisional.high, provisional.high).high;
    // Dashed: the provisional bracket is a bound, never the certified b*.
    if (provisional.low > 1.0 && provisional.low >= low && provisional.low <= high) {
        Series s = verticalLine(FigureText::tr("b* ≥ %1 (provisional: proven at L = %2)")
                                    .arg(lowText)
                                    .arg(provisional.lowFrom),
                                provisional.low, yLow, yHigh, 1);
        s.id = QStringLiteral("b-star-provisional-low");
        s.dashed = true;
        data.series.push_back(std::move(s));
    }
    if (provisional.high > 1.0 && provisional.high >= low && provisional.high <= high) {
        Series s = verticalLine(FigureText::tr("b* ≤ %1 (provisional: feasible at L = %2)")
                                    .arg(highText)
                                    .arg(provisional.highFrom),
                                provisional.high, yLow, yHigh, 1);
        s.id = QStringLiteral("b-star-provisional-high");
        s.dashed = true;
        data.series.push_back(std::move(s));
    }
    if (!haveBest && setup.estimate > 1.0 && setup.estimate >= low && setup.estimate <= high) {
        // Dashed, in a colour of its own (not b*'s): an uncertified estimate, not a bound.
        Series s = verticalLine(FigureText::tr("b* ≈ %1 (estimate, not certified)")
                                    .arg(formatNumber(setup.estimate, 3)),
                                setup.estimate, yLow, yHigh, 5);
        s.id = QStringLiteral("b-star-estimate");
        s.dashed = true;
        data.series.push_back(std::move(s));
    }
    if (haveThreshold) {
        data.series.push_back(verticalLine(
            FigureText::tr("b_T = %1 (every larger base feasible)").arg(threshold->base, 0, 'g', 8),
            threshold->base, yLow, yHigh, 3));
        data.series.back().id = QStringLiteral("b-threshold");
    }
    if (params.base >= low && params.base <= high) {
        data.series.push_back(verticalLine(
            FigureText::tr("current b = %1").arg(params.base, 0, 'g', 6), params.base, yLow, yHigh, 6));
        data.series.back().id = QStringLiteral("current-base");
    }
    // A readout shows a number: when there is no b* or b_T, the label says why and the value
    // is the bound that was checked, never NaN ("n/a" on screen, "nan" in a CSV). The search
    // returns base = 1 when at most m = 0 and 1 are checked (L ≤ 2): every b > 1 is feasible.
    const double work = static_cast<double>(context) * (dim / 2);
    if (haveBest) {
        data.readouts.push_back(
            {FigureText::tr("b* (upper end of the certified bracket)"), best->base, QString()});
    } else if (!best && bestNote.isEmpty()) {
        data.readouts.push_back(provisionalReadout(setup.provisional, results, context, dim));
    } else if (!best) {
        data.readouts.push_back(
            {FigureText::tr("b* not searched (%1); work L·d/2").arg(bestNote), work, QString()});
    } else if (!best->found) {
        data.readouts.push_back(
            {FigureText::tr("no b* for L: f < 0 somewhere for every base up to"),
             rope::limits::kMaxBase, QString()});
    } else {
        data.readouts.push_back(
            {FigureText::tr("b*: every base above 1 is feasible (L ≤ 2)"), 1.0, QString()});
    }
    if (haveBest) {
        data.readouts.push_back({FigureText::tr("b* lower bracket"), best->lowerBracket, QString()});
        data.readouts.push_back({FigureText::tr("binding m at b*"),
                                 static_cast<double>(best->argminDistance), QStringLiteral("tokens")});
    }
    if (haveThreshold) {
        data.readouts.push_back(
            {FigureText::tr("b_T, every base above is feasible"), threshold->base, QString()});
    } else if (!threshold && thresholdNote.isEmpty()) {
        data.readouts.push_back(pending(FigureText::tr("b_T, every base above is feasible")));
    } else if (!threshold) {
        data.readouts.push_back(
            {FigureText::tr("b_T %1; work L·d/2").arg(thresholdNote), work, QString()});
    } else if (!threshold->found) {
        data.readouts.push_back(
            {FigureText::tr("no b_T: f < 0 somewhere for every base up to"),
             rope::limits::kMaxBase, QString()});
    } else {
        data.readouts.push_back(
            {FigureText::tr("b_T: every base above 1 is feasible (L ≤ 2)"), 1.0, QString()});
    }
    data.readouts.push_back({FigureText::tr("feasible islands seen in the range"),
                             static_cast<double>(rope::countFeasibleRuns(landscape.points)),
                             QString()});
    data.readouts.push_back({landscape.cancelled
                                 ? FigureText::tr("bases scanned (cancelled: partial picture)")
                             : landscapeFresh
                                 ? FigureText::tr("bases scanned (each: every m < L)")
                                 : FigureText::tr("bases scanned so far (each: every m < L)"),
                             static_cast<double>(landscape.points.size()), QString()});
    data.xRange = {{low, high}};
    data.yRange = {{yLow, yHigh}};
    // Named ticks, log-spaced, with as many digits as the zoom needs: the power-of-ten ticks
    // of a log axis repeat one label ("2·10⁶") over a range narrower than a decade.
    const double decades = std::log10(high / low);
    const int digits = std::clamp(3 + static_cast<int>(std::ceil(-std::log10(decades))), 3, 15);
    constexpr int kTicks = 6;
    for (int k = 0; k < kTicks; ++k) {
        const double v = low * std::pow(high / low, (k + 0.5) / kTicks);
        const QString text = QString::number(v, 'g', digits);
        data.xTicks.push_back({text.toDouble(), text});
    }
    data.legendBelow = true;
    return data;
}

// Model labels: each names its marker (context, base), above it by preference; the renderer,
// which knows the fonts, sets it where it covers no other label, marker, arrow or curve, with a
// leader line when it had to move away.
void labelModels(FigureData& data, const std::vector<ModelContext>& models) {
    std::vector<const ModelContext*> order;
    for (const ModelContext& model : models) {
        order.push_back(&model);
    }
    // In order of L: neighbours on the axis are placed one after the other.
    std::stable_sort(order.begin(), order.end(), [](const ModelContext* a, const ModelContext* b) {
        return a->context < b->context;
    });
    for (const ModelContext* model : order) {
        data.labels.push_back({static_cast<double>(model->context), model->base, model->name,
                               false, LabelPlace::Beside, Qt::AlignTop});
    }
}

// 15 bases per decade from 10² to 10^7.5 (the base axis of the curves view), one full scan
// each up to \p limit; the same for every b and L of the panel, so computed once per
// (d, limit) and kept in the job's result: about 1.5·10⁸ cosines at d = 128, limit 2^17 (the
// bases above 2·10⁶ scan to the limit). nullopt when cancelled (checked between scans).
std::optional<std::vector<FeasibleEdge>> feasibleEdges(int dim, long long limit,
                                                       const JobControl& control) {
    constexpr int kPerDecade = 15;
    std::vector<FeasibleEdge> edges;
    for (int k = 2 * kPerDecade; 2 * k <= 15 * kPerDecade; ++k) {
        if (control.cancelled()) {
            return std::nullopt;
        }
        const double base = std::pow(10.0, static_cast<double>(k) / kPerDecade);
        const std::optional<long long> first = rope::firstNegativeDistance(dim, base, limit);
        edges.push_back({base, static_cast<double>(first.value_or(limit))});
    }
    return edges;
}

// The scan limit of the feasible region for d in the curves view.
long long feasibleEdgeLimit(int dim, int lastLog2) {
    return std::min<long long>(1LL << (lastLog2 + 1),
                               static_cast<long long>(rope::limits::kMaxScanWork / (dim / 2)));
}

int lastLog2Of(const FigureOptions& options) {
    return OptionValues(baseBoundOptions(), options).toggle("extend") ? kExtendedLastLog2
                                                                      : kDefaultLastLog2;
}

// The curves view, the cosine-sum view's b* and the landscape: the figure for these inputs
// from what the job has found (nullptr: nothing yet).
FigureData composeBaseBound(const rope::RopeParams& params, const FigureOptions& options,
                            const JobResult* last);

} // namespace base_bound

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

namespace base_bound {

FigureData composeBaseBound(const rope::RopeParams& params, const FigureOptions& options,
                            const JobResult* last) {
    const auto* found = dynamic_cast<const BaseBoundResult*>(last);
    const BaseBoundResult none;
    const BaseBoundResult& results = found != nullptr ? *found : none;
    FigureData data = baseBoundView(params, options, results);
    if (!results.cacheProblem.isEmpty()) {
        // Visible, but no reason to stop: the numbers are right, the next start recomputes.
        data.readouts.push_back({FigureText::tr("disk cache not written"), 0.0, QString(), false,
                                 results.cacheProblem});
    }
    return data;
}

} // namespace base_bound

using namespace base_bound;

FigureData baseBoundView(const rope::RopeParams& params, const FigureOptions& options,
                        const BaseBoundResult& results) {
    const View view = viewOf(options);
    if (view == View::CosineSum) {
        return cosineSumView(params, options, results);
    }
    if (view == View::Published) {
        return publishedView(results);
    }
    if (view == View::Landscape) {
        return landscapeView(params, options, results);
    }
    const int lastLog2 = lastLog2Of(options);
    FigureData data;
    data.title = FigureText::tr("Smallest base b*(L, d) with Σᵢ cos(mθᵢ) ≥ 0 for every m < L");
    data.xLabel = FigureText::tr("context length L (tokens, log scale)");
    data.yLabel = FigureText::tr("base b (log scale)");
    data.logX = true;
    data.logY = true;
    double yLow = std::numeric_limits<double>::infinity();
    double yHigh = 0;
    const std::array<int, 3>& dims = kGridDims;
    const std::array<int, 3> dimColours = {4, 0, 2};
    for (std::size_t k = 0; k < dims.size(); ++k) {
        // Markers only: b*(L) is known exactly at these L and nowhere between them (a line
        // through them would suggest values, and hide where other bases fail).
        Series s;
        s.name = FigureText::tr("b*(L), d = %1").arg(dims[k]);
        s.id = QStringLiteral("b-star-d%1").arg(dims[k]);
        s.style = SeriesStyle::Scatter;
        s.colour = dimColours[k];
        // Increasing L: the job keeps every search, so a longer grid reuses the shorter one.
        for (int e = kFirstLog2; e <= lastLog2; ++e) {
            const long long context = 1LL << e;
            const rope::MinimalBase* search = minimalIn(results, context, dims[k]);
            if (search == nullptr) {
                continue; // not computed yet (the job's progress shows how far it is)
            }
            const rope::MinimalBase& best = *search;
            if (best.found) {
                s.x.push_back(static_cast<double>(context));
                s.y.push_back(best.base);
                yLow = std::min(yLow, best.base);
                yHigh = std::max(yHigh, best.base);
            }
        }
        data.series.push_back(std::move(s));
    }
    const OptionValues v(baseBoundOptions(), options);
    if (v.toggle("men-fit")) {
        // Men et al. fitted their power law at d = 128: drawn beside that series.
        addMenFit(data, data.series[static_cast<std::size_t>(
                            std::find(dims.begin(), dims.end(), 128) - dims.begin())]);
    }
    if (v.toggle("dense")) {
        // What the job has finished so far (and everything, from the disk cache, on a later
        // start); the readout says how far it is.
        const int dim = params.effectiveRotaryDim();
        BaseBoundResult::Dense curve;
        if (results.dense.dim == dim) {
            curve = results.dense;
        } else {
            curve.contexts = denseCurveContexts();
            curve.thresholdContexts = denseThresholdContexts();
        }
        Series dense;
        dense.name = FigureText::tr("b*(L), d = %1, 100 contexts per decade").arg(dim);
        dense.id = QStringLiteral("dense-d%1").arg(dim);
        dense.colour = 1;
        for (std::size_t k = 0; k < curve.minimal.size(); ++k) {
            if (curve.minimal[k].found) {
                dense.x.push_back(static_cast<double>(curve.contexts[k]));
                dense.y.push_back(curve.minimal[k].base);
            }
        }
        Series above;
        above.name = FigureText::tr("every base above is feasible, b_T(L), d = %1").arg(dim);
        above.id = QStringLiteral("threshold-d%1").arg(dim);
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
        data.readouts.push_back({!curve.error.isEmpty()
                                     ? FigureText::tr("dense curves stopped: ") + curve.error
                                 : curve.complete()   ? FigureText::tr("dense curves: done")
                                 : results.cancelled ? FigureText::tr("dense curves: cancelled")
                                                     : FigureText::tr("dense curves: computing"),
                                 100.0 * curve.progress(), QStringLiteral("%"), true});
    }
    for (const ModelContext& model : publishedModelContexts()) {
        yLow = std::min(yLow, model.base);
        yHigh = std::max(yHigh, model.base);
    }
    {
        // The feasible (L, b) of the current d: base b serves every L up to its first negative
        // m, drawn as a faint line from the left edge to there, one per sampled base. The
        // right edge of the shading is not monotone: where it steps back left, a larger base
        // fails earlier (the islands), which a curve b*(L) cannot show.
        const int dim = params.effectiveRotaryDim();
        const auto stored = results.edges.find({dim, feasibleEdgeLimit(dim, lastLog2)});
        const std::vector<FeasibleEdge> edges =
            stored == results.edges.end() ? std::vector<FeasibleEdge>{} : stored->second;
        Series region;
        region.name = FigureText::tr("bases that keep f ≥ 0 up to L, d = %1 (shaded)").arg(dim);
        region.id = QStringLiteral("region-d%1").arg(dim);
        region.style = SeriesStyle::Path;
        const auto at = std::find(dims.begin(), dims.end(), dim);
        region.colour = at == dims.end() ? 1 : dimColours[static_cast<std::size_t>(at - dims.begin())];
        region.faint = true;
        // One horizontal bar per sampled base, from the left edge to its first negative m and
        // back along itself: the path climbs from one base to the next only on the left edge,
        // which is the x axis' lower end, so the bars' right ends trace the feasible edge with
        // no joining segments (no zig-zag) and the path needs no NaN breaks.
        const double left = std::ldexp(1.0, kFirstLog2 - 1);
        for (const FeasibleEdge& e : edges) {
            const double right = std::max(e.largestContext, left);
            region.x.insert(region.x.end(), {left, right, left});
            region.y.insert(region.y.end(), {e.base, e.base, e.base});
        }
        data.series.push_back(std::move(region));
    }
    // Llama 3.1 keeps b = 5·10⁵ from 8192 to 131072 tokens: an arrow shows the extension.
    Series llama31;
    llama31.name = FigureText::tr("Llama 3.1: 8192 → 131072 at b = 5×10⁵");
    llama31.id = QStringLiteral("llama-3.1");
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
        s.id = QStringLiteral("model-%1")
                   .arg(model.name.toLower()
                            .remove(QLatin1Char('('))
                            .remove(QLatin1Char(')'))
                            .replace(QLatin1Char(' '), QLatin1Char('-')));
        s.style = SeriesStyle::Scatter;
        s.colour = 6;
        s.inLegend = false; // named on the plot instead
        s.x = {static_cast<double>(model.context)};
        s.y = {model.base};
        data.series.push_back(std::move(s));
    }

    // The loaded model's layers (option off by default; the window fills layer-points): each
    // rotating layer kind at (L = max distance + 1, its base), read against b*(L) of its d.
    double xLow = std::ldexp(1.0, kFirstLog2 - 1);
    double xHigh = std::ldexp(1.0, lastLog2 + 3);
    if (v.toggle("model-layers")) {
        const std::vector<LayerPoint> points = parseLayerPoints(v.text("layer-points"));
        for (const LayerPoint& p : points) {
            Series s;
            s.name = FigureText::tr("layer span L = %1, b = %2, d = %3")
                         .arg(p.context)
                         .arg(p.base, 0, 'g', 3)
                         .arg(p.dim);
            s.id = QStringLiteral("layer-span-%1-d%2").arg(p.context).arg(p.dim);
            s.style = SeriesStyle::Scatter;
            s.colour = p.dim <= 64 ? 4 : (p.dim <= 128 ? 0 : 2);
            s.x = {static_cast<double>(p.context)};
            s.y = {p.base};
            yLow = std::min(yLow, p.base);
            yHigh = std::max(yHigh, p.base);
            xLow = std::min(xLow, p.context / 2.0);
            xHigh = std::max(xHigh, p.context * 2.0);
            data.series.push_back(std::move(s));
        }
        // 0 when no model with a layer list is loaded.
        data.readouts.push_back({FigureText::tr("layer kinds of the loaded model shown"),
                                 static_cast<double>(points.size()), QString()});
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
    current.name = firstNegative ? FigureText::tr("current b = %1, d = %2: valid up to L = %3")
                                       .arg(formatNumber(params.base))
                                       .arg(params.effectiveRotaryDim())
                                       .arg(formatNumber(largestL))
                                 : FigureText::tr("current b = %1, d = %2: valid beyond L = %3")
                                       .arg(formatNumber(params.base))
                                       .arg(params.effectiveRotaryDim())
                                       .arg(formatNumber(largestL));
    current.id = QStringLiteral("current");
    current.style = SeriesStyle::Scatter;
    current.colour = 1;
    current.x = {largestL};
    current.y = {params.base};
    data.series.push_back(std::move(current));
    yLow = std::min(yLow, params.base);
    yHigh = std::max(yHigh, params.base);
    yLow /= 3.0;
    yHigh *= 3.0;

    // The two rules of thumb for the current d, as functions of b over the plotted
    // range: L·θ_min < π/2 and the slowest period 2π/θ_min.
    const int dim = params.effectiveRotaryDim();
    // Dashed, and in colours of their own: the current point is vermilion, the rules pink and
    // the foreground, so neither can be taken for the other.
    Series quarter;
    quarter.name = FigureText::tr("rule of thumb L = π/(2θₘᵢₙ), d = %1").arg(dim);
    quarter.id = QStringLiteral("quarter-turn-d%1").arg(dim);
    quarter.style = SeriesStyle::Path;
    quarter.colour = 3;
    quarter.dashed = true;
    Series period = quarter;
    period.name = FigureText::tr("slowest period L = 2π/θₘᵢₙ, d = %1").arg(dim);
    period.id = QStringLiteral("slowest-period-d%1").arg(dim);
    period.colour = 6;
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

    data.readouts.insert(
        data.readouts.begin(),
        {
            {FigureText::tr("largest L for the current b, d (first m with f < 0)"),
             firstNegative ? static_cast<double>(*firstNegative) : -1.0, FigureText::tr("tokens"),
             false,
             firstNegative ? QString()
                           : FigureText::tr("f ≥ 0 for every m below %1")
                                 .arg(formatNumber(static_cast<double>(scanLimit)))},
            {FigureText::tr("quarter-turn context π/(2θₘᵢₙ), current"),
             rope::quarterTurnContext(theta), FigureText::tr("tokens")},
        });
    data.xRange = {{xLow, xHigh}};
    data.yRange = {{std::max(yLow, 1.0), yHigh}};
    labelModels(data, publishedModelContexts());
    data.legendAlignment = Qt::AlignBottom | Qt::AlignRight;
    return data;
}

static void checkLayerPoints(const QString& text) {
    parseLayerPoints(text);
}

const OptionTable& baseBoundOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("curves"),
         .choices = {{"curves", QT_TRANSLATE_NOOP("FigureOptions", "b*(L) curves and models")},
                     {"cosine-sum", QT_TRANSLATE_NOOP("FigureOptions", "Σcos(mθᵢ) over the context")},
                     {"published", QT_TRANSLATE_NOOP("FigureOptions", "published tables vs exact b*")},
                     {"landscape", QT_TRANSLATE_NOOP("FigureOptions", "feasibility landscape min f over b")}}},
        {.id = "dense",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Dense curves"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "b*(L) at 100 contexts per decade up to 2^20 and the all-above threshold b_T(L), for the current d, computed in the background and kept on disk. rope-cli: min-base --range."),
         // In a render the background job has barely started when the image is written.
         .batchRefusal = "the dense b*(L) curves are computed in the background of the "
                         "explorer (minutes the first time); from the command line use "
                         "rope-cli min-base --range LMIN:LMAX:N --dim D"},
        {.id = "extend",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "E&xtend to 1M"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Add L = 2^17 … 2^20 to the b*(L) curves, computed once in the background (results are kept)."),
         // 12 certified searches up to L = 2^20 at d = 256: 143 s of CPU in one render.
         .batchRefusal = "b*(L) for L = 2^17 … 2^20 at d = 64, 128, 256 takes minutes of CPU "
                         "the first time (the explorer computes it once in the background); "
                         "from the command line use rope-cli min-base --range "
                         "131072:1048576:4 --dim D"},
        {.id = "men-fit",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Men et al.'s fit"),
         .kind = OptionKind::Toggle,
         .defaultValue = true,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Curves view: Men et al.'s (2024) fitted lower bound b = 0.0424·L^1.628 beside the exact b*(L, 128), with where and by how much it is off.")},
        {.id = "min-base",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Compute the smallest base &b* for L"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Σcos view: search b* with f ≥ 0 on 0 … L−1 (Men et al. 2024; Su 2024). Takes up to seconds for long contexts; runs in the background.")},
        {.id = "model-layers",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Loaded model's &layers"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Curves view: every rotating layer kind of the loaded model at (its span L = max distance + 1, its base). A point above the b*(L) curve of its d keeps Σcos ≥ 0 over the whole span.")},
        // Set by the window from the loaded model's layers (L:b:d,…); settable with --set.
        {.id = "layer-points",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Layer points"),
         .kind = OptionKind::Text,
         .defaultValue = QString(),
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "L:b:d per layer kind, comma-separated."),
         .control = OptionControl::Hidden,
         .validate = &checkLayerPoints},
        // Landscape view: the bases shown, set by zooming and dragging the plot; unset = the
        // default range around b* and b_T.
        {.id = "b-min",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "smallest base shown"),
         .kind = OptionKind::Real,
         .min = 0.0,
         .max = rope::limits::kMaxBase,
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "a range around b* and b_T (set by zooming)")},
        {.id = "b-max",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "largest base shown"),
         .kind = OptionKind::Real,
         .min = 0.0,
         .max = rope::limits::kMaxBase,
         .control = OptionControl::Hidden,
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "a range around b* and b_T (set by zooming)")},
    };
    return table;
}

} // namespace rope::figures
