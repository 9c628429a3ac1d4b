// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "decay": long-term decay of RoPE over the relative distance m = n − m' (tokens), for
// several bases at once.
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/scaling/scaling_registry.h"
#include "figures/decay_envelope.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "io/params_check.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>

namespace rope::figures {

const OptionTable& decayOptions();

namespace {

using Curve = DecayMeasure; // the "curve" row's choices of decayOptions(), in order

constexpr int kMaxExtraBases = 8;
// Decades apart: at d = 128, L = 4096 the column means of 5·10⁵ and 10⁶ differ by 0.05 on
// average (less than their wiggle), so a slide drew two legend entries for one visible curve;
// 10⁵ and 10⁶ differ by 0.11, 10⁴ and 10⁵ by 0.17.
const QString kDefaultBases = QStringLiteral("1e4, 1e5, 1e6");

struct DecayCurve {
    QString name;
    Eigen::ArrayXd theta;
    int colour = 0;
    QString id = {}; ///< Series::id stem: "current", "base-<b>", "scaled"
};

// What one curve costs to compute: its envelope over every distance (≈ 0.7 ms at L = 32768,
// 64 pairs) and its first negative distance (a scan of every m < L).
struct CurveWork {
    CurveEnvelope envelope;
    std::optional<long long> firstNegative;
    double markerY = 0; // the measure at firstNegative
};

// The inputs that determine a CurveWork, compared exactly (θ bit for bit).
struct CurveKey {
    QString curve; // the choice id, as decayEnvelope() takes it
    Curve measure = Curve::MeanCosine;
    std::vector<double> theta;
    long long context = 0;
    long long buckets = 0;
    bool logX = false;
    bool operator==(const CurveKey&) const = default;
};

// A slider step changes the current base's curve only: the extra bases (three by default)
// keep their θ, so their work is reused, bit for bit, from this small cache (a drag of b
// computed 4 curves per frame, 3 of them unchanged). Shared by the panel's worker, rope-cli
// and tests, hence the mutex; the newest kCachedCurves keys are kept.
constexpr std::size_t kCachedCurves = 24;
struct CurveCache {
    std::mutex mutex;
    std::deque<std::pair<CurveKey, std::shared_ptr<const CurveWork>>> entries; // newest first
};
// Process-wide, and safe so: the key holds every input of computeCurve(), which is a pure
// function of it, so a hit equals a fresh computation; every access holds the mutex; entries
// are immutable shared_ptrs, alive while a caller still reads one that was evicted. Created on
// first use and never destroyed, so a worker still drawing when main() returns cannot reach a
// destroyed cache (it stays reachable through the pointer: no leak, at most kCachedCurves).
CurveCache& curveCache() {
    static CurveCache* const cache = new CurveCache;
    return *cache;
}

CurveWork computeCurve(const CurveKey& key, const Eigen::ArrayXd& theta,
                       const std::vector<long long>& edges) {
    CurveWork w;
    w.envelope = key.logX ? decayEnvelopeOnEdges(key.curve, theta, edges)
                          : decayEnvelope(key.curve, theta, key.context, key.buckets);
    // Every m < L is scanned, so the marker is exact whatever the column width.
    w.firstNegative = rope::firstNegativeDistance(theta, key.context);
    if (w.firstNegative) {
        const Eigen::ArrayXd at =
            Eigen::ArrayXd::Constant(1, static_cast<double>(*w.firstNegative));
        w.markerY =
            key.measure == Curve::UpperBound     ? rope::relativeUpperBound(theta, at)[0]
            : key.measure == Curve::SimilarScore ? rope::expectedSimilarScore(theta, at)[0]
                                                 : rope::meanCosine(theta, at)[0];
    }
    return w;
}

std::shared_ptr<const CurveWork> curveWork(const QString& curve, Curve measure,
                                           const Eigen::ArrayXd& theta,
                                           long long context, long long buckets, bool logX,
                                           const std::vector<long long>& edges) {
    CurveKey key{curve, measure, std::vector<double>(theta.data(), theta.data() + theta.size()), context,
                 buckets, logX};
    CurveCache& cache = curveCache();
    {
        const std::lock_guard lock(cache.mutex);
        for (const auto& [k, work] : cache.entries) {
            if (k == key) {
                return work;
            }
        }
    }
    // Computed outside the lock: two threads may both compute a missing key (same result).
    auto work = std::make_shared<const CurveWork>(computeCurve(key, theta, edges));
    const std::lock_guard lock(cache.mutex);
    cache.entries.emplace_front(std::move(key), work);
    if (cache.entries.size() > kCachedCurves) {
        cache.entries.pop_back();
    }
    return work;
}

} // namespace

std::vector<double> parseBaseList(const QString& text) {
    std::vector<double> bases;
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        const double b = part.toDouble(&ok);
        if (!ok) {
            throw rope::InvalidParameter("bases",
                                         "bases: '" + part.toStdString() + "' is not a number");
        }
        rope::validateBase(b, "bases");
        if (std::find(bases.begin(), bases.end(), b) == bases.end()) {
            bases.push_back(b);
        }
        if (static_cast<int>(bases.size()) > kMaxExtraBases) {
            throw rope::InvalidParameter("bases", "bases: at most " +
                                                      std::to_string(kMaxExtraBases) +
                                                      " extra bases, got more");
        }
    }
    return bases;
}

DecayMeasure decayMeasure(const QString& id) {
    const OptionSpec* spec = findOption(decayOptions(), QStringLiteral("curve"));
    for (std::size_t i = 0; i < spec->choices.size(); ++i) {
        if (spec->choices[i].value == id) {
            return static_cast<DecayMeasure>(i);
        }
    }
    throw rope::InvalidParameter("curve", "unknown decay measure '" + id.toStdString() + "'");
}

CurveEnvelope decayEnvelope(const QString& curve, const Eigen::ArrayXd& theta, long long context,
                            long long buckets) {
    const DecayMeasure measure = decayMeasure(curve);
    if (measure == DecayMeasure::UpperBound) {
        // No fast range form for the partial sums S_j: evaluate every distance in core-sized
        // chunks and bucket here with the same partition as cosineSumEnvelope().
        return bucketedEnvelope(context, buckets, [&theta](long long first, long long last) {
            return rope::relativeUpperBound(theta, rope::distanceRange(first, last));
        });
    }
    // c = (2/d)·f and the similar-key score = 2·f are positive multiples of f = Σ cos(mθᵢ):
    // the envelope of f scales exactly.
    const double scale =
        measure == DecayMeasure::SimilarScore ? 2.0 : 1.0 / static_cast<double>(theta.size());
    const rope::CosineSumEnvelope e = rope::cosineSumEnvelope(theta, 0, context, buckets);
    CurveEnvelope out;
    out.firstDistance = e.firstDistance;
    out.lastDistance = e.lastDistance;
    out.minimum = e.minimum * scale;
    out.maximum = e.maximum * scale;
    out.mean = e.mean * scale;
    return out;
}

FigureData decayFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const OptionValues v(decayOptions(), options);
    const Curve measure = v.choice<Curve>("curve");
    const QString curve = v.choiceId("curve");
    const std::vector<double> extra = parseBaseList(v.text("bases"));
    const long long buckets = std::clamp(options.plot.width(1000), 1, 8192);
    // Log x: m = 1 … L−1 in geometrically growing columns (m = 0 has no place on a log axis).
    const bool logX = v.toggle("log-x") && params.context > 2;
    const std::vector<long long> edges =
        logX ? logColumnEdges(params.context, buckets) : std::vector<long long>{};

    // Curves: the current base first, then the extra bases (default ladder, no scaling), then
    // the current scaling method if any.
    std::vector<DecayCurve> curves;
    std::vector<double> bases = {params.base};
    for (double b : extra) {
        if (b != params.base) {
            bases.push_back(b);
        }
    }
    // Colours in order of contrast with their neighbours: blue, vermilion, then the
    // foreground (black or white), so the default 5×10⁵ and 10⁶, whose curves run close
    // together, differ in hue and lightness.
    static constexpr std::array<int, 7> kColours = {0, 1, 6, 3, 2, 5, 4};
    const auto colourOf = [](std::size_t k) { return kColours[k % kColours.size()]; };
    for (std::size_t k = 0; k < bases.size(); ++k) {
        rope::RopeParams p = params;
        p.base = bases[k];
        p.scaling = rope::ScalingParams{};
        curves.push_back({FigureText::tr("b = %1%2")
                              .arg(formatNumber(bases[k]))
                              .arg(k == 0 ? FigureText::tr(" (current)") : QString()),
                          rope::scaledFrequencies(p).invFreq, colourOf(k),
                          k == 0 ? QStringLiteral("current")
                                 : QStringLiteral("base-%1").arg(bases[k], 0, 'g', 17)});
    }
    if (params.scaling.method != ScalingKind::Default) {
        curves.push_back({FigureText::tr("b = %1 with %2, s = %3")
                              .arg(formatNumber(params.base))
                              .arg(rope::io::scalingIdText(params.scaling.method))
                              .arg(formatNumber(params.scaling.factor)),
                          rope::scaledFrequencies(params).invFreq, colourOf(curves.size()),
                          QStringLiteral("scaled")});
    }

    FigureData data;
    if (measure == Curve::UpperBound) {
        data.title = FigureText::tr("RoFormer's relative upper bound u(m) = (2/d)·Σⱼ|Sⱼ(m)|");
        data.yLabel = FigureText::tr("u(m) (bound on |qᵀRₘ k| per unit max|hᵢ₊₁ − hᵢ|)");
    } else if (measure == Curve::SimilarScore) {
        data.title =
            FigureText::tr("Expected score of a similar key E[qᵀRₘ(q + σε)] = 2·Σᵢ cos(mθᵢ)");
        data.yLabel = FigureText::tr("expected score (q, ε ~ N(0, I))");
    } else {
        data.title = FigureText::tr("Mean cosine c(m) = (2/d)·Σᵢ cos(mθᵢ)");
        data.yLabel = FigureText::tr("c(m), mean per pixel column; 1 at m = 0");
    }
    data.xLabel = FigureText::tr("relative distance m (tokens)");
    const auto toVector = [](const Eigen::ArrayXd& a) {
        return std::vector<double>(a.data(), a.data() + a.size());
    };
    bool markerInLegend = true;
    bool bandInLegend = true;
    for (const DecayCurve& c : curves) {
        const std::shared_ptr<const CurveWork> work =
            curveWork(curve, measure, c.theta, params.context, buckets, logX, edges);
        const CurveEnvelope& env = work->envelope;
        // Column centre in tokens: the band covers first … last of each column.
        const Eigen::ArrayXd x = 0.5 * (env.firstDistance + env.lastDistance);
        const bool band = (env.lastDistance > env.firstDistance).any();
        if (band) {
            Series lo;
            lo.name = c.name + FigureText::tr(" min per column");
            lo.id = c.id + QStringLiteral("-min");
            lo.colour = c.colour;
            lo.inLegend = false;
            lo.x = toVector(x);
            lo.y = toVector(env.minimum);
            Series hi = lo;
            hi.name = c.name + FigureText::tr(" max per column");
            hi.id = c.id + QStringLiteral("-max");
            hi.y = toVector(env.maximum);
            hi.fillToPrevious = true;
            if (bandInLegend) {
                // One legend entry explains the thin lines of every curve.
                hi.name = FigureText::tr("thin lines: min and max over a column's distances");
                hi.inLegend = true;
                bandInLegend = false;
            }
            data.series.push_back(std::move(lo));
            data.series.push_back(std::move(hi));
        }
        Series mean;
        mean.name = c.name;
        mean.id = c.id;
        mean.colour = c.colour;
        mean.x = toVector(x);
        mean.y = toVector(env.mean);
        data.series.push_back(std::move(mean));

        const std::optional<long long> first = work->firstNegative;
        // The value stays −1 in the CSV; the figure says so in words.
        data.readouts.push_back(
            {FigureText::tr("first m with c(m) < 0, %1").arg(c.name),
             first ? static_cast<double>(*first) : -1.0, FigureText::tr("tokens"), false,
             first ? QString() : FigureText::tr("none below L = %1").arg(params.context)});
        if (first) {
            const double y = work->markerY;
            Series marker;
            marker.name = markerInLegend ? FigureText::tr("first m with c(m) < 0")
                                         : FigureText::tr("first m with c(m) < 0, ") + c.name;
            marker.id = QStringLiteral("first-negative-") + c.id;
            marker.style = SeriesStyle::Scatter;
            marker.colour = c.colour;
            marker.inLegend = markerInLegend;
            marker.x = {static_cast<double>(*first)};
            marker.y = {y};
            data.series.push_back(std::move(marker));
            markerInLegend = false;
        }
    }
    Series zero;
    zero.name = FigureText::tr("zero");
    zero.id = QStringLiteral("zero");
    zero.style = SeriesStyle::Guide;
    zero.x = {0.0, static_cast<double>(params.context - 1)};
    zero.y = {0.0, 0.0};
    data.series.push_back(std::move(zero));
    if (logX) {
        data.logX = true;
        data.xLabel = FigureText::tr("relative distance m (tokens, log scale)");
        data.xRange = {{1.0, static_cast<double>(params.context - 1)}};
        data.series.back().x.front() = 1.0; // the zero guide starts at m = 1
    } else {
        data.readouts.push_back(
            {FigureText::tr("tokens per column"),
             std::ceil(static_cast<double>(params.context) / static_cast<double>(buckets)),
             QString()});
        data.xRange = {{0.0, static_cast<double>(params.context - 1)}};
    }
    return data;
}

static void checkBaseList(const QString& text) {
    parseBaseList(text);
}

const OptionTable& decayOptions() {
    static const OptionTable table = {
        {.id = "curve",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Curve:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("mean-cosine"),
         .choices = {{"mean-cosine", QT_TRANSLATE_NOOP("FigureOptions", "mean cosine (2/d)Σcos(mθᵢ)")}, {"upper-bound", QT_TRANSLATE_NOOP("FigureOptions", "RoFormer upper bound")}, {"similar-score", QT_TRANSLATE_NOOP("FigureOptions", "expected score, similar key")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Which decay measure is drawn.")},
        {.id = "bases",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Also &bases:"),
         .kind = OptionKind::Text,
         .defaultValue = kDefaultBases,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Extra bases drawn with the current one (comma-separated, at most 8; Enter applies)."),
         .validate = &checkBaseList},
        {.id = "log-x",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Log distance axis"),
         .kind = OptionKind::Toggle,
         .defaultValue = false,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "m = 1 … L−1 on a log axis; each column still covers every distance in it.")},
    };
    return table;
}

} // namespace rope::figures
