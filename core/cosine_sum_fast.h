// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// \file cosine_sum_fast.h
/// The single-distance evaluations of the certified b* sweep (base_bound.cpp): f(m) =
/// Σ_i cos(m·θ_i) with SLEEF's 1-ulp sincos, four pairs at a time with AVX2 when the CPU has it
/// (and the build has SIMD on), else one at a time with SLEEF's scalar sincos; and f(m) with
/// MPFR, for the signs that double precision cannot decide. Internal to rope_core.

namespace rope::detail {

/// \brief Computed f̃ = Σ_i cos(φ̃_i), φ̃_i = fl(m·θ_i), with φ̃_i, cos φ̃_i and sin φ̃_i stored
/// for the certified step.
///
/// Error (proven from SLEEF's documented bound, Sleef_sincos_u10 and its vector forms: 1.0 ulp
/// for |φ| ≤ 1e299): each cosine is within 1 ulp ≤ ε of cos φ̃_i, and the sum has at most
/// n = fastSumRoundings(pairs) roundings per term, so
///   |f̃ − Σ_i cos φ̃_i| ≤ pairs·ε + γ_n·pairs·(1 + ε),  γ_n = n·(ε/2)/(1 − n·ε/2).
/// The effect of the rounded φ̃_i is the caller's (the angle term of the sweep's bound).
double fastCosineSum(double m, const double* theta, long pairs, double* phi, double* cosOut,
                     double* sinOut);

/// \brief A quick estimate of f(m) = Σ_i cos(m·θ_i) and of ∂f/∂ln b = Σ_i sin(m·θ_i)·c_i·m·θ_i
/// (c_i = rate[i]), to decide which distances deserve a certified evaluation. Not a proof.
///
/// With AVX2: φ_i = fl(m·θ_i), x = fl(φ_i/π) reduced exactly to r = x − 2·round(x/2) ∈ [−1, 1],
/// r rounded to float, SLEEF's float sincospi (3.5 ulp) on eight lanes, float sums. For
/// m ≤ 2^26: φ_i and x are within ~2^−26 rad of m·θ̃_i, r's float rounding moves πr by
/// ≤ π·2^−24, sincospi adds ≤ 3.5·2^−24, so each cosine is within 5·10⁻⁷; the float sum of P
/// terms (P/8 additions per lane of partial sums ≤ P/8, then seven more) adds ≤ P²/64·2^−24 + …
/// Altogether |estimate − f̃| < 10⁻³ for P ≤ 512; the sweep treats an estimate above 10⁻²
/// as "not negative here" only to skip work (a skipped distance could not have certified a step).
double screenCosineSum(double m, const double* theta, const double* rate, long pairs,
                       double& trend);
/// \brief True when screenCosineSum() is much cheaper than fastCosineSum() (AVX2).
bool hasCosineScreen();
/// \brief Roundings per term of fastCosineSum()'s sum: ⌈pairs/4⌉ + 1 with four AVX2 lanes
/// (one chain per lane, then two horizontal additions), pairs − 1 in the scalar order.
long fastSumRoundings(long pairs);

/// \brief θ_i = exp(−rate[i]·ln b) for i < pairs, with SLEEF's 1-ulp log and exp (the exp on
/// four lanes with AVX2, else scalar): the ladder b^(−2i/d) of one base of the fast sweep,
/// without d/2 calls of pow.
///
/// Error (SLEEF documents 1.0 ulp for Sleef_log_u10, Sleef_exp_u10 and the vector exp): ℓ̃
/// within 1 ulp ≤ ε·ln b of ln b, c̃_i = rate[i] within half an ulp of 2i/d (exact for d a
/// power of two), the product −ℓ̃·c̃_i rounded once: the argument is within
/// (2ε + O(ε²))·c_i·ln b ≤ 2.01·ε·ln b of −c_i·ln b (c_i < 1), and exp adds one ulp ≤ ε
/// relative. So θ̃_i = θ_i·(1 + η_i) with |η_i| ≤ (1.01 + 2.01·ln b)·ε for 1 < b ≤ 1e30.
void fastLadder(double base, const double* rate, long pairs, double* theta);

/// \brief Which evaluator fastCosineSum() uses on this CPU and build: "sleef-avx2" or
/// "sleef-scalar".
const char* fastCosineSumName();

/// \brief f_b(m) = Σ_{i<pairs} cos(m·b^(−2i/(2·pairs))) for the exact double b, in MPFR at 256
/// bits, returned rounded to double with a bound on |returned − f_b(m)| in \p error.
///
/// Every MPFR operation is correctly rounded at precision p = 256 (u = 2^−256): ln b (relative
/// u), c_i = 2i/d (u), their product (u), exp (u), m·θ_i (u), cos and sin (u each) give each
/// cosine within (m·θ_i·(4 + ln b)·4 + 2)·u, the sum of P terms adds ≤ 2P·P·u; 2^−200·P·(m + 1)
/// ·(8 + ln b) covers all of it for m ≤ 2^40 and b ≤ 1e30. The rounding to double adds ≤ ε/2·|f|.
/// The angles, cosines and sines are stored rounded to double (within ε/2 each).
double preciseCosineSum(long long m, double base, long pairs, double& error, double* phi,
                        double* cosOut, double* sinOut);

} // namespace rope::detail
