// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/decay_envelope.h"

#include "core/base_bound.h"
#include "core/decay.h"
#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace rope::figures {

CurveEnvelope
bucketedEnvelope(long long context, long long buckets,
                 const std::function<Eigen::ArrayXd(long long, long long)>& evaluate) {
    if (context < 1 || buckets < 1) {
        throw rope::InvalidParameter("context", "context and columns must be ≥ 1, got " +
                                                    std::to_string(context) + " and " +
                                                    std::to_string(buckets));
    }
    const long long b = std::min(buckets, context);
    const auto start = [context, b](long long k) { return (k * context) / b; };
    CurveEnvelope out;
    out.firstDistance.resize(b);
    out.lastDistance.resize(b);
    out.minimum.setConstant(b, std::numeric_limits<double>::infinity());
    out.maximum.setConstant(b, -std::numeric_limits<double>::infinity());
    out.mean.setZero(b);
    for (long long k = 0; k < b; ++k) {
        out.firstDistance[k] = static_cast<double>(start(k));
        out.lastDistance[k] = static_cast<double>(start(k + 1) - 1);
    }
    long long bucket = 0;
    long long bucketEnd = start(1);
    const long long chunk = rope::limits::kMaxDecayPositions;
    for (long long first = 0; first < context; first += chunk) {
        const long long last = std::min(context, first + chunk) - 1;
        const Eigen::ArrayXd values = evaluate(first, last);
        for (long long m = first; m <= last; ++m) {
            while (m >= bucketEnd) {
                ++bucket;
                bucketEnd = start(bucket + 1);
            }
            const double v = values[m - first];
            out.minimum[bucket] = std::min(out.minimum[bucket], v);
            out.maximum[bucket] = std::max(out.maximum[bucket], v);
            out.mean[bucket] += v;
        }
    }
    for (long long k = 0; k < b; ++k) {
        out.mean[k] /= static_cast<double>(start(k + 1) - start(k));
    }
    return out;
}

std::vector<long long> logColumnEdges(long long context, long long buckets) {
    if (context < 2 || buckets < 1) {
        throw rope::InvalidParameter(
            "context", "a log axis needs context ≥ 2 and ≥ 1 column, got " +
                           std::to_string(context) + " and " + std::to_string(buckets));
    }
    const double last = static_cast<double>(context - 1);
    std::vector<long long> edges = {1};
    for (long long k = 1; k <= buckets; ++k) {
        const auto e = std::max(
            edges.back() + 1,
            std::llround(std::pow(last, static_cast<double>(k) / static_cast<double>(buckets))));
        if (e > context - 1) {
            break;
        }
        edges.push_back(e);
    }
    edges.push_back(context); // one past m = L − 1
    return edges;
}

CurveEnvelope decayEnvelopeOnEdges(const QString& curve, const Eigen::ArrayXd& theta,
                                   const std::vector<long long>& edges) {
    const auto columns = static_cast<Eigen::Index>(edges.size()) - 1;
    CurveEnvelope out;
    out.firstDistance.resize(columns);
    out.lastDistance.resize(columns);
    out.minimum.resize(columns);
    out.maximum.resize(columns);
    out.mean.resize(columns);
    const DecayMeasure measure = decayMeasure(curve);
    const bool bound = measure == DecayMeasure::UpperBound;
    const double scale =
        measure == DecayMeasure::SimilarScore ? 2.0 : 1.0 / static_cast<double>(theta.size());
    for (Eigen::Index k = 0; k < columns; ++k) {
        const long long first = edges[static_cast<std::size_t>(k)];
        const long long count = edges[static_cast<std::size_t>(k) + 1] - first;
        out.firstDistance[k] = static_cast<double>(first);
        out.lastDistance[k] = static_cast<double>(first + count - 1);
        if (bound) {
            double lo = std::numeric_limits<double>::infinity();
            double hi = -lo;
            double sum = 0;
            for (long long m = first; m < first + count; m += rope::limits::kMaxDecayPositions) {
                const long long last =
                    std::min(first + count, m + rope::limits::kMaxDecayPositions) - 1;
                const Eigen::ArrayXd u =
                    rope::relativeUpperBound(theta, rope::distanceRange(m, last));
                lo = std::min(lo, u.minCoeff());
                hi = std::max(hi, u.maxCoeff());
                sum += u.sum();
            }
            out.minimum[k] = lo;
            out.maximum[k] = hi;
            out.mean[k] = sum / static_cast<double>(count);
        } else {
            const rope::CosineSumEnvelope e = rope::cosineSumEnvelope(theta, first, count, 1);
            out.minimum[k] = e.minimum[0] * scale;
            out.maximum[k] = e.maximum[0] * scale;
            out.mean[k] = e.mean[0] * scale;
        }
    }
    return out;
}

} // namespace rope::figures
