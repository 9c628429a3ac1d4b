// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>

/// \file random_inputs.h
/// Reproducible stand-ins for learned vectors and weights: the panels that need "some q and k"
/// or "some W_q" draw them here from a fixed seed, so every run, every export and every test
/// sees the same numbers.

namespace rope {

namespace limits {
/// Largest number of entries one call draws (2^24 doubles = 128 MiB).
inline constexpr long long kMaxRandomEntries = 1LL << 24;
} // namespace limits

/// \brief \p size numbers uniform in [−1, 1), drawn in order from std::mt19937_64(\p seed) with
/// std::uniform_real_distribution<double>(−1, 1).
/// \param size 1 … limits::kMaxRandomEntries.
/// \warning Throws InvalidParameter("size") otherwise. The generator's sequence is fixed by the
/// C++ standard; the distribution's mapping is the standard library's, so values (not their
/// range) may differ between library implementations.
Eigen::ArrayXd seededUniformVector(long long size, std::uint64_t seed);

/// \brief A rows×cols matrix of the same draws, filled row by row (row-major order).
/// \param rows, cols ≥ 1 with rows·cols ≤ limits::kMaxRandomEntries.
/// \warning Throws InvalidParameter("rows", "cols") otherwise.
Eigen::MatrixXd seededUniformMatrix(long long rows, long long cols, std::uint64_t seed);

} // namespace rope
