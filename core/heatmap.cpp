// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/heatmap.h"

#include "core/rope_params.h"
#include "core/rotation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace rope {

namespace {

void validateRun(long long first, long long count) {
    validatePosition(static_cast<double>(first), "position");
    if (count < 1 || static_cast<double>(count) > limits::kMaxPosition) {
        throw InvalidParameter("count", "count must be in [1, 2^40], got " + std::to_string(count));
    }
    validatePosition(static_cast<double>(first) + static_cast<double>(count - 1), "position");
}

// Dirichlet factor sin(Nθ/2) / (N sin(θ/2)) = (1/N)·Σ_k e^{ikθ} rotated back to its centre.
// When sin(θ/2) vanishes (θ a multiple of 2π) every term is equal and the factor is ±1, with
// the sign of cos(Nθ/2)/cos(θ/2) = (−1)^{(N−1)·j} for θ = 2πj.
double dirichletFactor(double theta, long long count) {
    const double n = static_cast<double>(count);
    if (count == 1) {
        return 1.0;
    }
    const double denominator = n * std::sin(0.5 * theta);
    if (std::abs(denominator) < 1e-300 || std::abs(std::sin(0.5 * theta)) < 1e-15 * theta) {
        return std::cos(0.5 * n * theta) / std::cos(0.5 * theta);
    }
    return std::sin(0.5 * n * theta) / denominator;
}

template <typename Trig>
Eigen::ArrayXd meanOverPositions(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, long long first,
                                 long long count, Trig trig) {
    validateInvFreq(invFreq);
    validateRun(first, count);
    // Centre of the run a + (N−1)/2: exact in double for |positions| ≤ 2^40.
    const double centre = static_cast<double>(first) + 0.5 * static_cast<double>(count - 1);
    Eigen::ArrayXd out(invFreq.size());
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        out[i] = dirichletFactor(invFreq[i], count) * trig(centre * invFreq[i]);
    }
    return out;
}

} // namespace

Eigen::ArrayXd meanCosOverPositions(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count) {
    return meanOverPositions(invFreq, first, count, [](double x) { return std::cos(x); });
}

Eigen::ArrayXd meanSinOverPositions(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count) {
    return meanOverPositions(invFreq, first, count, [](double x) { return std::sin(x); });
}

Eigen::ArrayXd heatmapRowEdges(long long firstPosition, long long lastPosition, int rows) {
    validatePosition(static_cast<double>(firstPosition), "position");
    validatePosition(static_cast<double>(lastPosition), "position");
    if (lastPosition < firstPosition) {
        throw InvalidParameter("position", "last position " + std::to_string(lastPosition) +
                                               " is before first position " +
                                               std::to_string(firstPosition));
    }
    if (rows < 1 || rows > kMaxHeatmapRows) {
        throw InvalidParameter("rows", "rows must be in [1, " + std::to_string(kMaxHeatmapRows) +
                                           "], got " + std::to_string(rows));
    }
    const long long positions = lastPosition - firstPosition + 1;
    const long long r = std::min<long long>(rows, positions);
    Eigen::ArrayXd edges(r + 1);
    for (long long k = 0; k <= r; ++k) {
        // ⌊k·N/R⌋ in integers: k ≤ 16384 and N ≤ 2^41, so k·N < 2^55 never overflows.
        edges[k] = static_cast<double>(firstPosition + (k * positions) / r);
    }
    return edges;
}

Eigen::ArrayXXd phaseHeatmap(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                             long long firstPosition, long long lastPosition, int rows,
                             PhaseQuantity quantity) {
    validateInvFreq(invFreq);
    const Eigen::ArrayXd edges = heatmapRowEdges(firstPosition, lastPosition, rows);
    const Eigen::Index r = edges.size() - 1;
    const Eigen::Index pairs = invFreq.size();
    Eigen::ArrayXXd image(r, pairs);
    // Row k spans ⌊(k+1)N/R⌋ − ⌊kN/R⌋ positions: ⌊N/R⌋ or ⌊N/R⌋ + 1. The Dirichlet factor
    // depends on a row only through that count, so it is computed once per pair and count (the
    // same calls meanCosOverPositions() makes, so every value is the same to the bit), leaving
    // one cosine, sine or both per cell.
    std::array<Eigen::ArrayXd, 2> factors;
    std::array<long long, 2> counts = {static_cast<long long>(edges[1] - edges[0]), 0};
    for (Eigen::Index row = 1; row < r; ++row) {
        counts[0] = std::min(counts[0], static_cast<long long>(edges[row + 1] - edges[row]));
    }
    counts[1] = counts[0] + 1;
    for (std::size_t k = 0; k < 2; ++k) {
        factors[k].resize(pairs);
        for (Eigen::Index i = 0; i < pairs; ++i) {
            factors[k][i] = dirichletFactor(invFreq[i], counts[k]);
        }
    }
    for (Eigen::Index row = 0; row < r; ++row) {
        const auto first = static_cast<long long>(edges[row]);
        const auto count = static_cast<long long>(edges[row + 1]) - first;
        validateRun(first, count);
        // Centre of the run a + (N−1)/2: exact in double for |positions| ≤ 2^40.
        const double centre = static_cast<double>(first) + 0.5 * static_cast<double>(count - 1);
        const Eigen::ArrayXd* known = count == counts[0]   ? &factors[0]
                                      : count == counts[1] ? &factors[1]
                                                           : nullptr;
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const double factor =
                known != nullptr ? (*known)[i] : dirichletFactor(invFreq[i], count);
            switch (quantity) {
            case PhaseQuantity::Cos:
                image(row, i) = factor * std::cos(centre * invFreq[i]);
                break;
            case PhaseQuantity::Sin:
                image(row, i) = factor * std::sin(centre * invFreq[i]);
                break;
            case PhaseQuantity::Angle: {
                const double c = factor * std::cos(centre * invFreq[i]);
                const double s = factor * std::sin(centre * invFreq[i]);
                double a = std::atan2(s, c); // in (−π, π]
                if (a < 0.0) {
                    a += 2.0 * std::numbers::pi;
                }
                // atan2 of a tiny negative sine can round to exactly 2π after the shift.
                image(row, i) = a >= 2.0 * std::numbers::pi ? 0.0 : a;
                break;
            }
            }
        }
    }
    return image;
}

} // namespace rope
