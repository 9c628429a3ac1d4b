// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <string>
#include <string_view>

/// \file scaling_checks.h
/// Input checks and small helpers shared by the per-method files in core/scaling. Internal to
/// rope_core: only core/scaling/*.cpp include it. Every check throws rope::InvalidParameter whose
/// parameter() is the CLI flag name and whose message contains the bad value.

namespace rope::scaling_detail {

/// \brief The value printed with 17 significant digits, so messages show exactly what was passed.
std::string show(double value);

/// \brief Checks the default θ_i handed to a method and returns the rotary dimension d = 2·size.
/// \warning Throws InvalidParameter("inv_freq") if the array is empty, longer than
/// limits::kMaxDim/2, or holds a value that is not finite and positive.
int rotaryDimOf(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief Checks d ≥ 4, needed by the NTK exponent d/(d−2) (undefined at d = 2).
/// \warning Throws InvalidParameter("dim") naming the method.
void checkNtkDim(int rotaryDim, const char* method);

/// \brief Checks a scale factor s: finite and in [1, limits::kMaxScalingValue].
/// \warning Throws InvalidParameter("factor").
void checkFactor(double factor);

/// \brief Checks L₀: in [1, limits::kMaxContext] tokens.
/// \warning Throws InvalidParameter("original-context").
void checkOriginalContext(int originalContext);

/// \brief Checks a current sequence length: in [0, limits::kMaxContext] tokens (0 = unset).
/// \warning Throws InvalidParameter("seq-len").
void checkSeqLen(long long seqLen);

/// \brief Checks YaRN's rotation counts: both finite in [limits::kMinYarnBeta,
/// limits::kMaxScalingValue] and beta_fast ≥ beta_slow (HF warns only when beta_fast < beta_slow).
/// \warning Throws InvalidParameter("beta-fast") or ("beta-slow").
void checkBetas(double betaFast, double betaSlow);

/// \brief Checks an optional non-negative value (0 = unset): finite and in
/// [0, limits::kMaxScalingValue].
/// \warning Throws InvalidParameter(\p name).
void checkOptionalNonNegative(double value, std::string_view id);

/// \brief Checks an explicit attention factor: 0 (unset) or finite in (0, kMaxScalingValue].
/// \warning Throws InvalidParameter("attention-factor").
void checkAttentionFactor(double value);

/// \brief Checks Llama 3's band edges: both finite in (0, kMaxScalingValue], low ≤ high.
/// \warning Throws InvalidParameter("low-freq-factor") or ("high-freq-factor").
void checkFreqFactors(double lowFreqFactor, double highFreqFactor);

/// \brief \f$θ_i = 1/b^{2i/d}\f$ for i = 0 … d/2−1, the exact expression of
/// core/frequencies.cpp and HF's `_compute_default_rope_parameters`, without the base ≤ 1e30
/// limit: NTK methods raise b to b' (at most ~1e58 under the documented limits).
/// \warning Preconditions (checked by the caller): d even ≥ 2, b finite and > 1.
Eigen::ArrayXd inverseFrequencyLadder(int rotaryDim, double base);

} // namespace rope::scaling_detail
