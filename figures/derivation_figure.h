// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

/// \file derivation_figure.h
/// The numbers behind the derivation panel's two counterexamples, exposed so tests can check
/// them against an independent recomputation.

namespace rope::figures {

/// Pages of the derivation panel (option "page" = 1 … kDerivationPages). Pages 1–10 kept their
/// numbers when 11 and 12 were added (course steps and sessions name pages by number).
inline constexpr int kDerivationPages = 12;
/// The page of "one θ: collisions" and of "sin alone is not enough".
inline constexpr int kCollisionPage = 8;
inline constexpr int kSinPage = 9;
/// The page of R_m and the frequency ladder.
inline constexpr int kLadderPage = 10;
/// The page "what many pairs buy": the score over distance for one θ and for the ladder.
inline constexpr int kScoreShapePage = 11;
/// The page "why a geometric ladder, why this base".
inline constexpr int kWhyBasePage = 12;
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

/// \brief An integer position whose angle mirrors another's across the imaginary axis.
struct IntegerMirror {
    bool found = false;     ///< some m′ in 0 … limit, m′ ≠ m, qualifies
    long long position = 0; ///< the smallest such m′
    double residual = 0;    ///< (m + m′)θ − π reduced to (−π, π] (rad): 0 is an exact mirror
};

/// \brief The smallest integer m′ in 0 … \p limit, m′ ≠ \p m, whose angle m′θ lies within
/// \p tolerance (rad) of the mirror angle π − mθ modulo 2π, i.e. |(m + m′)θ − π| ≤ tolerance
/// modulo 2π. Then sin(m′θ) = sin(mθ) and cos(m′θ) = −cos(mθ) up to the tolerance: the token
/// positions a sin-only encoding cannot tell apart. Exhaustive over 0 … limit.
IntegerMirror nearestIntegerMirror(double theta, long long m, double tolerance, long long limit);

/// \brief The score over distance of a head that looks δ₀ tokens back, normalised to 1 at
/// δ = δ₀: \f$s(δ) = \frac{1}{P}\sum_i \cos((δ − δ_0)θ_i)\f$ over the P entries of \p theta
/// (q and k of unit length in every pair, k turned back by δ₀θ_i so that every pair peaks at
/// δ₀). With one θ this is a single sinusoid cos((δ − δ₀)θ), whatever the vectors' lengths
/// and angles could add: the sum of same-frequency sinusoids is one sinusoid.
double targetedScore(const Eigen::Ref<const Eigen::ArrayXd>& theta, double delta, double target);

} // namespace rope::figures
