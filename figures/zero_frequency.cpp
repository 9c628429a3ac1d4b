// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/zero_frequency.h"

#include "core/frequencies.h"
#include "core/rope_params.h"

#include <limits>
#include <numbers>

namespace rope::figures {

namespace {

void checkNonNegative(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw rope::InvalidParameter("inv_freq",
                                     "inverse frequencies must be finite and not negative");
    }
}

} // namespace

int zeroFrequencyPairs(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    return static_cast<int>((invFreq == 0.0).count());
}

Eigen::ArrayXXd phaseHeatmapAllowingZero(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                         long long firstPosition, long long lastPosition, int rows,
                                         rope::PhaseQuantity quantity) {
    checkNonNegative(invFreq);
    const int zeros = zeroFrequencyPairs(invFreq);
    if (zeros == 0) {
        return rope::phaseHeatmap(invFreq, firstPosition, lastPosition, rows, quantity);
    }
    Eigen::ArrayXd positive(invFreq.size() - zeros);
    for (Eigen::Index i = 0, k = 0; i < invFreq.size(); ++i) {
        if (invFreq[i] > 0.0) {
            positive[k++] = invFreq[i];
        }
    }
    const double constant = quantity == rope::PhaseQuantity::Cos ? 1.0 : 0.0;
    if (positive.size() == 0) {
        // Only the row count is needed: take it from the core's row edges.
        const Eigen::ArrayXd edges = rope::heatmapRowEdges(firstPosition, lastPosition, rows);
        return Eigen::ArrayXXd::Constant(edges.size() - 1, invFreq.size(), constant);
    }
    const Eigen::ArrayXXd part =
        rope::phaseHeatmap(positive, firstPosition, lastPosition, rows, quantity);
    Eigen::ArrayXXd image(part.rows(), invFreq.size());
    for (Eigen::Index i = 0, k = 0; i < invFreq.size(); ++i) {
        if (invFreq[i] > 0.0) {
            image.col(i) = part.col(k++);
        } else {
            image.col(i).setConstant(constant);
        }
    }
    return image;
}

Eigen::ArrayXd wavelengthsAllowingZero(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    checkNonNegative(invFreq);
    Eigen::ArrayXd out(invFreq.size());
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        out[i] = invFreq[i] > 0.0 ? 2.0 * std::numbers::pi / invFreq[i]
                                  : std::numeric_limits<double>::infinity();
    }
    return out;
}

} // namespace rope::figures
