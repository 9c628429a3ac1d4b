// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/decay_envelope.h"

#include "core/decay.h"
#include "core/rope_params.h"

#include <algorithm>
#include <limits>
#include <string>

namespace rope::ui {

CurveEnvelope bucketedEnvelope(
    long long context, long long buckets,
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

} // namespace rope::ui
