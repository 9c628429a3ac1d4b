// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// \file derivation_figure.h
/// The numbers behind the derivation panel's two counterexamples, exposed so tests can check
/// them against an independent recomputation.

namespace rope::figures {

/// Pages of the derivation panel (option "page" = 1 … kDerivationPages).
inline constexpr int kDerivationPages = 10;
/// The page of "one θ is not enough" and of "sin alone is not enough".
inline constexpr int kCollisionPage = 8;
inline constexpr int kSinPage = 9;
/// The collision search looks at most this many positions ahead (an exhaustive scan, ≈ 5 ms).
inline constexpr long long kMaxCollisionGap = 1LL << 20;

/// \brief Two positions a single frequency cannot tell apart.
struct PositionCollision {
    bool found = false;  ///< a gap p ≤ the limit was found
    long long gap = 0;   ///< p: positions m and m + p collide (0 when not found)
    double residual = 0; ///< pθ minus the nearest multiple of 2π, in (−π, π] (rad)
    long long searched = 0; ///< gaps 1 … searched were all examined
};

/// \brief The smallest p in 1 … \p limit with pθ ≥ π (the angle has gone round, not merely
/// moved less than the tolerance, as a slow pair's neighbours do) whose angle pθ lies within
/// \p tolerance (rad) of a nonzero multiple of 2π: positions m and m + p get angles equal
/// mod 2π up to \p tolerance, for every m. Exhaustive: every smaller such p misses.
PositionCollision nearestCollision(double theta, double tolerance, long long limit);

/// \brief A position m′ with sin(m′θ) = sin(mθ) and cos(m′θ) = −cos(mθ): m′ = π/θ − m,
/// reduced to [0, 2π/θ) (adding whole periods 2π/θ changes neither sin nor cos).
double sinMirrorPosition(double theta, double m);

} // namespace rope::figures
