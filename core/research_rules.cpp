// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/research_rules.h"

#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rope {

namespace {

void validateTrainLength(double trainLength) {
    if (!std::isfinite(trainLength) || trainLength <= 0.0) {
        throw InvalidParameter("train_length", "must be a finite number of tokens above 0");
    }
}

} // namespace

int criticalDimension(int dim, double base, double trainLength) {
    validateDim(dim);
    validateBase(base);
    validateTrainLength(trainLength);
    // (d/2)·log_b(T/2π) = (d/2)·ln(T/2π)/ln b; the ceiling counts the pairs whose period
    // 2π·b^(2n/d) is at most T (n ≤ (d/2)·log_b(T/2π)), two dimensions each.
    const double x = 0.5 * dim * std::log(trainLength / (2.0 * std::numbers::pi)) / std::log(base);
    if (x <= 0.0) {
        return 0;
    }
    if (x >= 0.5 * dim) {
        return dim;
    }
    return 2 * static_cast<int>(std::ceil(x));
}

double menFittedBase(double context) {
    if (!std::isfinite(context) || context < 1.0) {
        throw InvalidParameter("context", "must be a finite number of tokens, at least 1");
    }
    return kMenFitCoefficient * std::pow(context, kMenFitExponent);
}

FitGap menFitGap(std::span<const double> contexts, std::span<const double> exact) {
    if (contexts.empty() || contexts.size() != exact.size()) {
        throw InvalidParameter("exact", "needs one exact base per context, at least one");
    }
    FitGap gap;
    double worst = -1.0;
    for (std::size_t k = 0; k < contexts.size(); ++k) {
        if (!std::isfinite(exact[k]) || exact[k] <= 1.0) {
            throw InvalidParameter("exact", "every exact base must be finite and above 1");
        }
        const double ratio = menFittedBase(contexts[k]) / exact[k];
        // Distance on the log axis the panel draws: ×2 above and ×½ below are equally far.
        const double distance = std::abs(std::log(ratio));
        if (distance > worst) {
            worst = distance;
            gap.context = contexts[k];
            gap.ratio = ratio;
        }
        gap.lowestRatio = k == 0 ? ratio : std::min(gap.lowestRatio, ratio);
        gap.highestRatio = k == 0 ? ratio : std::max(gap.highestRatio, ratio);
    }
    return gap;
}

double fopeFloorFrequency(double trainLength) {
    validateTrainLength(trainLength);
    return 2.0 * std::numbers::pi / trainLength;
}

int fopeZeroedPairs(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double trainLength) {
    const double floor = fopeFloorFrequency(trainLength);
    return static_cast<int>(((invFreq > 0.0) && (invFreq < floor)).count());
}

} // namespace rope
