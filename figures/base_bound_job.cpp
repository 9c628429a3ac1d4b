// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/base_bound_job.h"

#include "io/disk_cache.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

namespace rope::figures {

namespace {

// Bump when the algorithm or the stored fields change: an old file is then ignored.
constexpr int kCacheVersion = 3;
// Contexts per chunk: a chunk is stored (and drawn) as a whole.
constexpr std::size_t kChunk = 4;

std::vector<long long> logSpaced(long long first, long long last, int perDecade) {
    std::vector<long long> out;
    const double decades = std::log10(static_cast<double>(last) / static_cast<double>(first));
    const int n = static_cast<int>(std::ceil(decades * perDecade));
    for (int k = 0; k <= n; ++k) {
        const auto l = static_cast<long long>(
            std::llround(static_cast<double>(first) * std::pow(10.0, decades * k / n)));
        if (out.empty() || l > out.back()) {
            out.push_back(l);
        }
    }
    return out;
}

QString cacheKey(int dim) {
    return QStringLiteral("min-base-v%1-d%2.json").arg(kCacheVersion).arg(dim);
}

QJsonArray toJson(const std::vector<rope::MinimalBase>& results) {
    QJsonArray rows;
    for (const rope::MinimalBase& r : results) {
        rows.append(QJsonArray{r.found, r.base, r.lowerBracket,
                               static_cast<double>(r.argminDistance), r.minValue});
    }
    return rows;
}

std::vector<rope::MinimalBase> fromJson(const QJsonArray& rows, std::size_t limit) {
    std::vector<rope::MinimalBase> out;
    for (const QJsonValue& v : rows) {
        const QJsonArray row = v.toArray();
        if (row.size() != 5 || out.size() >= limit) {
            break;
        }
        rope::MinimalBase r;
        r.found = row.at(0).toBool();
        r.base = row.at(1).toDouble();
        r.lowerBracket = row.at(2).toDouble();
        r.argminDistance = static_cast<long long>(row.at(3).toDouble());
        r.minValue = row.at(4).toDouble();
        if (r.found && !(std::isfinite(r.base) && r.base >= 1.0)) {
            break; // a damaged file: keep what came before
        }
        out.push_back(r);
    }
    return out;
}

} // namespace

double BaseBoundResult::Dense::progress() const noexcept {
    const double total = static_cast<double>(contexts.size() + thresholdContexts.size());
    return total > 0 ? static_cast<double>(minimal.size() + threshold.size()) / total : 1.0;
}

bool BaseBoundResult::Dense::complete() const noexcept {
    return minimal.size() >= contexts.size() && threshold.size() >= thresholdContexts.size();
}

namespace {

// The decimal digits of x > 0 (finite) and its decimal exponent: x = 0.d₁d₂… · 10^(exponent+1).
// glibc prints the exact binary value's expansion, so the first 40 digits are exact unless the
// rounding at the 41st carries into them (30 nines in a row, which no base here has).
std::pair<std::string, int> decimalDigits(double x) {
    char text[64];
    std::snprintf(text, sizeof text, "%.40e", x);
    std::string digits;
    const char* p = text;
    for (; *p != 'e'; ++p) {
        if (*p >= '0' && *p <= '9') {
            digits.push_back(*p);
        }
    }
    return {digits, std::atoi(p + 1)};
}

// x rounded to n significant digits, down or up, as an exact decimal string "d.ddde±x".
std::string roundedDecimal(double x, int n, bool up) {
    auto [digits, exponent] = decimalDigits(x);
    std::string head = digits.substr(0, static_cast<std::size_t>(n));
    const bool exact =
        digits.find_first_not_of('0', static_cast<std::size_t>(n)) == std::string::npos;
    if (up && !exact) {
        // Add one unit in the n-th digit, carrying; 99…9 becomes 10…0 one decade up.
        int k = n - 1;
        while (k >= 0 && head[static_cast<std::size_t>(k)] == '9') {
            head[static_cast<std::size_t>(k)] = '0';
            --k;
        }
        if (k < 0) {
            head.insert(head.begin(), '1');
            head.pop_back();
            ++exponent;
        } else {
            ++head[static_cast<std::size_t>(k)];
        }
    }
    return head.substr(0, 1) + "." + head.substr(1) + "e" + std::to_string(exponent);
}

} // namespace

BracketText outwardBracketText(double low, double high) {
    const auto [a, ea] = decimalDigits(low);
    const auto [b, eb] = decimalDigits(high);
    int shared = 0;
    if (ea == eb) {
        while (shared < static_cast<int>(a.size()) &&
               a[static_cast<std::size_t>(shared)] == b[static_cast<std::size_t>(shared)]) {
            ++shared;
        }
    }
    BracketText out;
    out.digits = std::clamp(shared + 1, 2, 4);
    out.lowValue = std::strtod(roundedDecimal(low, out.digits, false).c_str(), nullptr);
    out.highValue = std::strtod(roundedDecimal(high, out.digits, true).c_str(), nullptr);
    // formatNumber() rounds to the same n digits, which gives back each decimal.
    out.low = formatNumber(out.lowValue, out.digits);
    out.high = formatNumber(out.highValue, out.digits);
    return out;
}

ProvisionalBracket provisionalBracket(const BaseBoundResult& result, long long context, int dim) {
    ProvisionalBracket bracket;
    const auto take = [&bracket, context](long long other, const rope::MinimalBase& r) {
        if (!r.found || r.cancelled) {
            return;
        }
        if (other <= context && r.lowerBracket > bracket.low) {
            bracket.low = r.lowerBracket;
            bracket.lowFrom = other;
        }
        if (other >= context && (bracket.high == 0.0 || r.base < bracket.high)) {
            bracket.high = r.base;
            bracket.highFrom = other;
        }
    };
    for (const auto& [key, r] : result.minimal) {
        const auto& [other, otherDim, includeContext] = key;
        if (otherDim == dim) {
            take(includeContext ? other + 1 : other, r);
        }
    }
    for (const auto& [key, low] : result.provenBelow) {
        if (key.second == dim && key.first <= context && low > bracket.low) {
            bracket.low = low;
            bracket.lowFrom = key.first;
        }
    }
    if (result.dense.dim == dim) {
        const std::size_t n = std::min(result.dense.contexts.size(), result.dense.minimal.size());
        for (std::size_t k = 0; k < n; ++k) {
            take(result.dense.contexts[k], result.dense.minimal[k]);
        }
    }
    return bracket;
}

std::vector<long long> denseCurveContexts() {
    return logSpaced(256, 1LL << 20, 100);
}

std::vector<long long> denseThresholdContexts() {
    return logSpaced(256, 8192, 100);
}

BaseBoundResult::Dense loadDenseCurve(int dim) {
    BaseBoundResult::Dense s;
    s.dim = dim;
    s.contexts = denseCurveContexts();
    s.thresholdContexts = denseThresholdContexts();
    if (const std::optional<QByteArray> bytes = io::DiskCache::standard().read(cacheKey(dim))) {
        const QJsonObject o = QJsonDocument::fromJson(*bytes).object();
        if (o.value(QStringLiteral("version")).toInt() == kCacheVersion &&
            o.value(QStringLiteral("dim")).toInt() == dim) {
            s.minimal = fromJson(o.value(QStringLiteral("minimal")).toArray(), s.contexts.size());
            s.threshold = fromJson(o.value(QStringLiteral("threshold")).toArray(),
                                   s.thresholdContexts.size());
        }
    }
    return s;
}

QString extendDenseCurve(BaseBoundResult::Dense& curve, const JobControl& control,
                         const std::function<void(const BaseBoundResult::Dense&)>& chunkDone) {
    QString problem;
    for (const bool threshold : {false, true}) {
        for (;;) {
            const auto& all = threshold ? curve.thresholdContexts : curve.contexts;
            auto& done = threshold ? curve.threshold : curve.minimal;
            if (done.size() >= all.size() || control.cancelled()) {
                break;
            }
            std::vector<long long> chunk;
            for (std::size_t k = done.size(); k < all.size() && chunk.size() < kChunk; ++k) {
                chunk.push_back(all[k]);
            }
            rope::MinimalBaseOptions options;
            options.workLimit = 0.0; // a job with progress and cancel
            const rope::WorkControl work(control.flag());
            options.control = &work;
            std::vector<rope::MinimalBase> results;
            if (threshold) {
                for (const long long context : chunk) {
                    const rope::MinimalBase r = rope::allFeasibleAbove(context, curve.dim, options);
                    if (r.cancelled) {
                        break;
                    }
                    results.push_back(r);
                }
            } else {
                // b* does not decrease with L: every base below the last lower bracket is
                // already proven infeasible for the longer contexts too.
                if (!done.empty() && done.back().found) {
                    options.startBase = done.back().lowerBracket;
                }
                rope::minimalBaseCurve(chunk, curve.dim, options, 2,
                                       [&results](std::size_t, const rope::MinimalBase& r) {
                                           results.push_back(r);
                                       });
            }
            // Only a whole prefix of the chunk is kept (the curve's points stay in order).
            done.insert(done.end(), results.begin(), results.end());
            const QByteArray json =
                QJsonDocument(QJsonObject{{QStringLiteral("version"), kCacheVersion},
                                          {QStringLiteral("dim"), curve.dim},
                                          {QStringLiteral("minimal"), toJson(curve.minimal)},
                                          {QStringLiteral("threshold"), toJson(curve.threshold)}})
                    .toJson(QJsonDocument::Compact);
            const QString why = io::DiskCache::standard().write(cacheKey(curve.dim), json);
            if (!why.isEmpty()) {
                problem = why;
            }
            chunkDone(curve);
        }
    }
    return problem;
}

std::optional<rope::LandscapePoint> landscapePointNear(const JobResult* result, double base) {
    const auto* r = dynamic_cast<const BaseBoundResult*>(result);
    if (r == nullptr || !r->landscapeKey) {
        return std::nullopt;
    }
    const std::vector<rope::LandscapePoint>& points = r->landscape.points;
    if (points.empty() || !(base > 0.0)) {
        return std::nullopt;
    }
    const auto it = std::lower_bound(
        points.begin(), points.end(), base,
        [](const rope::LandscapePoint& p, double b) { return p.base < b; });
    if (it == points.begin()) {
        return *it;
    }
    if (it == points.end()) {
        return points.back();
    }
    const auto before = std::prev(it);
    return std::log(base / before->base) < std::log(it->base / base) ? *before : *it;
}

} // namespace rope::figures
