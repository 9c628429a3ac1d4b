// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// \file extension_figure.h
/// What a context-extension method did to one pair, read off the ratio θ'ᵢ/θᵢ.

namespace rope::figures {

/// \brief Treatment of a pair by a scaling method.
enum class PairTreatment {
    Kept = 0,         ///< θ'ᵢ = θᵢ: positions beyond L₀ are extrapolated on this pair
    Interpolated = 1, ///< θ'ᵢ = θᵢ/s: positions are squeezed into the trained range
    Blended = 2,      ///< anything else (YaRN ramp, NTK base change, LongRoPE factors)
};

/// \brief Classifies \p ratio = θ'ᵢ/θᵢ for scale factor \p factor (1 ± 1e-9 → Kept,
/// ratio·s = 1 ± 1e-9 → Interpolated, else Blended; Kept wins when s = 1).
PairTreatment classifyPair(double ratio, double factor);

} // namespace rope::figures
