// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/random_inputs.h"

#include "core/rope_params.h"

#include <random>
#include <string>

namespace rope {

Eigen::ArrayXd seededUniformVector(long long size, std::uint64_t seed) {
    if (size < 1 || size > limits::kMaxRandomEntries) {
        throw InvalidParameter("size", "size must be in [1, " +
                                           std::to_string(limits::kMaxRandomEntries) + "], got " +
                                           std::to_string(size));
    }
    std::mt19937_64 generator(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    Eigen::ArrayXd v(size);
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        v[i] = uniform(generator);
    }
    return v;
}

Eigen::MatrixXd seededUniformMatrix(long long rows, long long cols, std::uint64_t seed) {
    if (rows < 1 || rows > limits::kMaxRandomEntries) {
        throw InvalidParameter("rows", "rows must be in [1, " +
                                           std::to_string(limits::kMaxRandomEntries) + "], got " +
                                           std::to_string(rows));
    }
    if (cols < 1 || cols > limits::kMaxRandomEntries / rows) {
        throw InvalidParameter(
            "cols", "cols must be in [1, " + std::to_string(limits::kMaxRandomEntries / rows) +
                        "] for " + std::to_string(rows) + " rows, got " + std::to_string(cols));
    }
    const Eigen::ArrayXd draws = seededUniformVector(rows * cols, seed);
    // Eigen is column-major: map the draws as the transpose to fill row by row.
    return Eigen::Map<const Eigen::MatrixXd>(draws.data(), cols, rows).transpose();
}

} // namespace rope
