// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "kv-cache": dynamic NTK recomputes θ when the sequence grows past L₀, but a key already in
// the KV cache keeps the rotation it got when it was cached. The score of the newest query against
// that key is drawn over the current sequence length L, with the key re-rotated (consistent) and
// as cached; the two part as soon as L crosses L₀.
#include "core/kv_cache.h"
#include "core/parallel.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>

namespace rope::figures {

const OptionTable& kvCacheOptions();

namespace {

constexpr int kSamples = 400;
// The longest span of lengths whose largest mismatch is taken over every length.
constexpr long long kExactSpan = 1LL << 18;

// Unset, or the table's minimum (the control shows it as "auto"), means the derived default.
long long optionOr(const OptionValues& values, const char* id, long long unsetBelow,
                   long long fallback) {
    return values.has(id) && values.integer(id) > unsetBelow ? values.integer(id) : fallback;
}

} // namespace

namespace {

// What the figure and its job read from the parameters and options.
struct KvSetup {
    int dim = 0;
    double base = 0.0;
    int l0 = 0;
    double factor = 1.0;
    long long cachedLen = 1;
    long long keyPos = 0;
    long long maxLen = 1;
    long long queryPos = -1; ///< < 0: the newest token, m = L − 1
    /// L runs from the first length at which the query exists (L > m, L ≥ C) to max-len.
    long long first = 1;
    /// The exact scan's step: 1, or more for a span longer than kExactSpan lengths.
    long long stride = 1;
};

KvSetup kvSetup(const rope::RopeParams& params, const FigureOptions& options) {
    KvSetup k;
    k.dim = params.effectiveRotaryDim();
    k.base = params.base;
    k.l0 = params.scaling.originalContext;
    // The scaling factor s of dynamic NTK: the model's when it uses "dynamic", else the option.
    const OptionValues v(kvCacheOptions(), options);
    const bool modelIsDynamic = params.scaling.method == ScalingKind::Dynamic;
    k.factor = modelIsDynamic ? params.scaling.factor : v.real("factor");
    k.cachedLen = std::max<long long>(optionOr(v, "cached-len", 0, std::max(k.l0 / 2, 1)), 1);
    k.keyPos =
        std::clamp<long long>(optionOr(v, "key-pos", -1, k.cachedLen - 1), 0, k.cachedLen - 1);
    k.maxLen = std::clamp<long long>(optionOr(v, "max-len", 0, 4LL * k.l0), k.cachedLen,
                                     rope::limits::kMaxContext);
    k.queryPos = optionOr(v, "query-pos", -1, -1);
    const bool queryFixed = k.queryPos >= 0;
    k.first = queryFixed ? std::max(k.cachedLen, k.queryPos + 1) : k.cachedLen;
    if (queryFixed && (k.queryPos < k.keyPos || k.queryPos >= k.maxLen)) {
        throw rope::InvalidParameter("query-pos", "query position " + std::to_string(k.queryPos) +
                                                      " must be in [key position " +
                                                      std::to_string(k.keyPos) + ", max length " +
                                                      std::to_string(k.maxLen) + ")");
    }
    const long long span = k.maxLen - k.first;
    k.stride = std::max<long long>(1, (span + kExactSpan - 1) / kExactSpan);
    return k;
}

QVariantMap kvInputs(const rope::RopeParams& params, const FigureOptions& options) {
    const KvSetup k = kvSetup(params, options);
    return {{QStringLiteral("dim"), k.dim},
            {QStringLiteral("base"), k.base},
            {QStringLiteral("l0"), k.l0},
            {QStringLiteral("factor"), k.factor},
            {QStringLiteral("cached-len"), k.cachedLen},
            {QStringLiteral("key-pos"), k.keyPos},
            {QStringLiteral("query-pos"), k.queryPos},
            {QStringLiteral("first"), k.first},
            {QStringLiteral("max-len"), k.maxLen},
            {QStringLiteral("stride"), k.stride}};
}

// The job's result: the largest |mismatch| over every length (every stride-th beyond
// kExactSpan lengths), the only part of the figure that costs more than a frame (one score pair
// per length, ≈ 1.4 s for 114 688 lengths at d = 128, L₀ = 32 768).
struct KvScan : JobResult {
    rope::KvCacheMismatch found;
};

std::shared_ptr<const JobResult> runKvScan(const rope::RopeParams& params,
                                           const FigureOptions& options, const JobControl& control,
                                           const JobResult* /*previous*/) {
    const KvSetup k = kvSetup(params, options);
    const rope::WorkControl work(control.flag(),
                                 [&control](double fraction) { control.progress(fraction); });
    auto result = std::make_shared<KvScan>();
    result->inputs = kvInputs(params, options);
    result->found = rope::dynamicNtkLargestMismatch(k.dim, k.base, k.factor, k.l0, k.cachedLen,
                                                    k.first, k.maxLen, k.stride, k.queryPos,
                                                    k.keyPos, rope::resolveThreads(0), &work);
    result->complete = result->found.complete;
    result->cancelled = !result->found.complete;
    return result;
}

FigureData composeKvCache(const rope::RopeParams& params, const FigureOptions& options,
                          const JobResult* last) {
    const KvSetup k = kvSetup(params, options);
    const int dim = k.dim;
    const int l0 = k.l0;
    const double factor = k.factor;
    const long long cachedLen = k.cachedLen;
    const long long keyPos = k.keyPos;
    const long long maxLen = k.maxLen;
    const long long queryPos = k.queryPos;
    const bool queryFixed = queryPos >= 0;
    const long long first = k.first;

    FigureData data;
    data.title = FigureText::tr("Dynamic NTK and the KV cache (d = %1, b = %2, s = %3, L₀ = %4)")
                     .arg(dim)
                     .arg(params.base, 0, 'g', 6)
                     .arg(factor, 0, 'g', 4)
                     .arg(l0);
    data.xLabel = FigureText::tr("current sequence length L (tokens)");
    data.yLabel = FigureText::tr("score ⟨R(m)q, R(n)k⟩, q = k = 1/√d");
    Series consistent;
    consistent.name = FigureText::tr("key re-rotated with θ(L)");
    consistent.id = QStringLiteral("re-rotated");
    consistent.colour = 4;
    Series cached;
    cached.name = FigureText::tr("key as cached, rotated with θ(C = %1)").arg(cachedLen);
    cached.id = QStringLiteral("cached");
    cached.colour = 1;
    Series gap;
    gap.name = FigureText::tr("mismatch (cached − re-rotated)");
    gap.id = QStringLiteral("mismatch");
    gap.colour = 5;
    const long long span = maxLen - first;
    const int samples = static_cast<int>(std::min<long long>(span + 1, kSamples));
    std::vector<long long> lengths(static_cast<std::size_t>(samples));
    for (int k = 0; k < samples; ++k) {
        // Evenly spaced lengths; the last sample is exactly max-len.
        lengths[static_cast<std::size_t>(k)] =
            samples == 1 ? maxLen
                         : first + static_cast<long long>(
                                       std::llround(static_cast<double>(span) * k / (samples - 1)));
    }
    const std::vector<rope::KvCacheScores> scores = rope::dynamicNtkKvCacheScoresOverLengths(
        dim, params.base, factor, l0, cachedLen, lengths, queryFixed ? queryPos : -1, keyPos);
    for (int k = 0; k < samples; ++k) {
        const rope::KvCacheScores& s = scores[static_cast<std::size_t>(k)];
        const auto x = static_cast<double>(lengths[static_cast<std::size_t>(k)]);
        consistent.x.push_back(x);
        consistent.y.push_back(s.consistent);
        cached.x.push_back(x);
        cached.y.push_back(s.cachedKey);
        gap.x.push_back(x);
        gap.y.push_back(s.cachedKey - s.consistent);
    }
    // The largest |mismatch| over every length L in [first, max-len], not only over the
    // plotted samples: the mismatch swings between neighbouring lengths (a curve sampled every
    // 36 tokens read 0.3733 where the maximum is 0.409). One score pair costs O(d); a span
    // longer than kExactSpan lengths (a drag of max-len to 10⁶ and beyond) is scanned at
    // kExactSpan evenly spaced lengths and the readout says so. The scan is the job's: until
    // it has run for these inputs the readout says it is being computed.
    const auto* scan = dynamic_cast<const KvScan*>(last);
    const bool scanned =
        scan != nullptr && scan->complete && scan->inputs == kvInputs(params, options);
    const long long stride = k.stride;
    Series crossing;
    crossing.name = FigureText::tr("L = L₀ = %1: θ starts to change").arg(l0);
    crossing.id = QStringLiteral("l0-crossing");
    crossing.style = SeriesStyle::Path;
    crossing.colour = 2;
    crossing.x = {static_cast<double>(l0), static_cast<double>(l0)};
    crossing.y = {-1.0, 1.0};
    data.series = {std::move(consistent), std::move(cached), std::move(gap)};
    if (l0 >= first && l0 <= maxLen) {
        data.series.push_back(std::move(crossing));
    }
    data.readouts = {
        {FigureText::tr("key position n"), static_cast<double>(keyPos), QString()},
        {FigureText::tr("length when cached C"), static_cast<double>(cachedLen), QString()},
        {stride == 1 ? FigureText::tr("largest |mismatch|")
                     : FigureText::tr("largest |mismatch| (lengths %1 apart)").arg(stride),
         scanned ? scan->found.largest : 0.0, QString(), false,
         scanned ? QString() : FigureText::tr("being computed…")},
    };
    data.xRange = {{static_cast<double>(first), static_cast<double>(maxLen)}};
    data.yRange = {{-1.05, 1.05}};
    data.legendAlignment = Qt::AlignBottom | Qt::AlignLeft;
    return data;
}

const FigureJob kvCacheJobRow{.inputs = &kvInputs, .run = &runKvScan, .compose = &composeKvCache};

} // namespace

const FigureJob& kvCacheJob() {
    return kvCacheJobRow;
}

FigureData kvCacheFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const std::atomic<bool> never{false};
    const auto scan = runKvScan(params, options, JobControl(never), nullptr);
    return composeKvCache(params, options, scan.get());
}

const OptionTable& kvCacheOptions() {
    static const OptionTable table = {
        {.id = "factor",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Factor s:"),
         .kind = OptionKind::Real,
         .defaultValue = 4.0,
         .min = 1.0,
         .max = 1e6,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Dynamic NTK factor s; used unless the parameters already "
                                      "choose the dynamic method (then its factor is used).")},
        {.id = "cached-len",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Cached at length C:"),
         .kind = OptionKind::Integer,
         .min = 0,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Sequence length when the key was written to the cache (0 = "
                                      "auto: L₀/2, so the plot starts before L₀)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "L₀/2"),
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "L₀/2, half the original context")},
        {.id = "key-pos",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Key position n:"),
         .kind = OptionKind::Integer,
         .min = -1,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip =
             QT_TRANSLATE_NOOP("FigureOptions", "Position of the cached key, below C (−1 = auto: C "
                                                "− 1, the newest key at caching time)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "C − 1"),
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "C − 1, the newest key at caching time")},
        {.id = "query-pos",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Query position m:"),
         .kind = OptionKind::Integer,
         .min = -1,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Fixed query position (−1 = the newest token, m = L − 1, at every length)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "newest"),
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "the newest token, m = L − 1")},
        {.id = "max-len",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Up to length:"),
         .kind = OptionKind::Integer,
         .min = 0,
         .max = static_cast<double>(rope::limits::kMaxContext),
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Longest sequence drawn (0 = auto: 4·L₀)."),
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "4·L₀"),
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "4·L₀, four times the original context")},
    };
    return table;
}

} // namespace rope::figures
