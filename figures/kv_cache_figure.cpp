// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "kv-cache": dynamic NTK recomputes θ when the sequence grows past L₀, but a key already in
// the KV cache keeps the rotation it got when it was cached. The score of the newest query against
// that key is drawn over the current sequence length L, with the key re-rotated (consistent) and
// as cached; the two part as soon as L crosses L₀.
#include "core/kv_cache.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <cmath>

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

FigureData kvCacheFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const int dim = params.effectiveRotaryDim();
    const int l0 = params.scaling.originalContext;
    // The scaling factor s of dynamic NTK: the model's when it uses "dynamic", else the option.
    const OptionValues v(kvCacheOptions(), options);
    const bool modelIsDynamic = params.scaling.method == ScalingKind::Dynamic;
    const double factor = modelIsDynamic ? params.scaling.factor : v.real("factor");
    const long long cachedLen =
        std::max<long long>(optionOr(v, "cached-len", 0, std::max(l0 / 2, 1)), 1);
    const long long keyPos =
        std::clamp<long long>(optionOr(v, "key-pos", -1, cachedLen - 1), 0, cachedLen - 1);
    const long long maxLen = std::clamp<long long>(optionOr(v, "max-len", 0, 4LL * l0),
                                                   cachedLen, rope::limits::kMaxContext);
    const long long queryPos = optionOr(v, "query-pos", -1, -1);
    const bool queryFixed = queryPos >= 0;
    // L runs from the first length at which the query exists (L > m, L ≥ C) to max-len.
    const long long first = queryFixed ? std::max(cachedLen, queryPos + 1) : cachedLen;
    if (queryFixed && (queryPos < keyPos || queryPos >= maxLen)) {
        throw rope::InvalidParameter("query-pos", "query position " + std::to_string(queryPos) +
                                                      " must be in [key position " +
                                                      std::to_string(keyPos) + ", max length " +
                                                      std::to_string(maxLen) + ")");
    }

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
    for (int k = 0; k < samples; ++k) {
        // Evenly spaced lengths; the last sample is exactly max-len.
        const long long len =
            samples == 1 ? maxLen
                         : first + static_cast<long long>(
                                       std::llround(static_cast<double>(span) * k / (samples - 1)));
        const long long m = queryFixed ? queryPos : len - 1;
        const rope::KvCacheScores s =
            rope::dynamicNtkKvCacheScores(dim, params.base, factor, l0, cachedLen, len, m, keyPos);
        const auto x = static_cast<double>(len);
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
    // kExactSpan evenly spaced lengths and the readout says so.
    double worst = 0.0;
    const long long stride = std::max<long long>(1, (span + kExactSpan - 1) / kExactSpan);
    for (long long len = first; len <= maxLen; len += stride) {
        const long long m = queryFixed ? queryPos : len - 1;
        const rope::KvCacheScores s =
            rope::dynamicNtkKvCacheScores(dim, params.base, factor, l0, cachedLen, len, m, keyPos);
        worst = std::max(worst, std::abs(s.cachedKey - s.consistent));
    }
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
         worst, QString()},
    };
    data.xRange = {{static_cast<double>(first), static_cast<double>(maxLen)}};
    data.yRange = {{-1.05, 1.05}};
    data.legendAlignment = Qt::AlignBottom | Qt::AlignLeft;
    return data;
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
