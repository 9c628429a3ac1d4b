// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/scaling/scaling_method.h"

/// \file scaling_functions.h
/// Declarations of the per-method functions, one defined in each core/scaling/<id>.cpp. Only
/// scaling_registry.cpp and the tests include this; everything else goes through the registry.
///
/// Common contract: \p invFreq are the default inverse frequencies \f$θ_i = b^{-2i/d}\f$
/// (radians per token, i = 0 … d/2−1, so the rotary dimension is d = 2·invFreq.size()), \p base is
/// the b that produced them, and only the ScalingParams fields named in the method's registry row
/// are read and validated. Each function follows the Hugging Face transformers function named in
/// its documentation (`src/transformers/modeling_rope_utils.py`), in double precision where HF
/// uses float32 tensors.
///
/// Hugging Face version notes (YaRN): 4.4x used `max_position_embeddings` as L₀ and always
/// attention = 0.1·ln s + 1; 4.5x added `mscale`, `mscale_all_dim` and `truncate`, used
/// `original_max_position_embeddings` as L₀ and then *replaced* `factor` by
/// max_position_embeddings / original_max_position_embeddings; 5.x (`rope_parameters`) derives
/// `factor` from that ratio only when `factor` is missing. Here s is always ScalingParams::factor
/// and L₀ is ScalingParams::originalContext (the 5.x reading with an explicit factor).

namespace rope {

/// \brief `default`: returns θ_i unchanged and attention factor 1.
ScalingResult applyDefaultScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                  const ScalingParams& params);

/// \brief `linear` (position interpolation): every frequency divided by the scale factor.
///
/// \f$θ'_i = θ_i / s\f$, attention factor 1. Equivalent to feeding positions m/s, so positions up
/// to s·L₀ map into the trained angle range.
/// \param invFreq default θ_i (rad/token), finite and positive, 1 … limits::kMaxDim/2 values.
/// \param params reads `factor` s, finite in [1, limits::kMaxScalingValue].
/// \warning Throws InvalidParameter("factor") or ("inv_freq") on invalid input.
/// Source: Chen et al. 2023, "Extending Context Window of Large Language Models via Positional
/// Interpolation", arXiv 2306.15595 (and kaiokendev 2023); HF
/// `_compute_linear_scaling_rope_parameters`.
ScalingResult applyLinearScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                 const ScalingParams& params);

/// \brief `ntk` (NTK-aware, static): raises the base so the slowest pair is interpolated by s
/// while the fastest stays put.
///
/// \f$b' = b\,s^{d/(d-2)}\f$, \f$θ'_i = 1/b'^{2i/d}\f$, attention factor 1. Then
/// \f$θ'_{d/2-1} = θ_{d/2-1}/s\f$ exactly and \f$θ'_0 = θ_0\f$.
/// \param invFreq default θ_i; only its size d/2 is used (θ' is recomputed from b'), d ≥ 4.
/// \param base b, finite in (1, 1e30].
/// \param params reads `factor` s, finite in [1, limits::kMaxScalingValue].
/// \warning Throws InvalidParameter("factor"), ("base"), ("dim") for d < 4, or ("inv_freq").
/// Source: bloc97 2023, "NTK-Aware Scaled RoPE" (r/LocalLLaMA). The released HF
/// `ROPE_INIT_FUNCTIONS` have no static `ntk` entry (some copies of modeling_rope_utils.py carry
/// a `_compute_ntk_parameters` with exactly this rule); it is the base rule of
/// `_compute_dynamic_ntk_parameters` with the bracket replaced by s.
ScalingResult applyNtkScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                              const ScalingParams& params);

/// \brief `dynamic` (dynamic NTK): NTK base growth driven by the current sequence length.
///
/// \f$L = \max(\mathrm{seqLen}, L_0)\f$ (seqLen 0 means L₀),
/// \f$b' = b\,\bigl(sL/L_0 - (s-1)\bigr)^{d/(d-2)}\f$, \f$θ'_i = 1/b'^{2i/d}\f$, attention
/// factor 1. For L ≤ L₀ the bracket is 1 and θ' = θ.
/// \param invFreq default θ_i; only its size d/2 is used, d ≥ 4.
/// \param base b, finite in (1, 1e30].
/// \param params reads `factor` s ∈ [1, 1e6], `originalContext` L₀ ∈ [1, limits::kMaxContext]
/// (HF's `max_position_embeddings`), `seqLen` ∈ [0, limits::kMaxContext] tokens.
/// \warning Throws InvalidParameter("factor"), ("original-context"), ("seq-len"), ("base"),
/// ("dim") or ("inv_freq").
/// Source: emozilla 2023, "Dynamically Scaled RoPE" (r/LocalLLaMA); HF
/// `_compute_dynamic_ntk_parameters`.
ScalingResult applyDynamicNtkScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                     const ScalingParams& params);

/// \brief `yarn`: per-pair blend of extrapolation (θ_i) and interpolation (θ_i/s) by how many
/// turns a pair makes over L₀, plus an attention temperature.
///
/// \f$c(β) = \frac{d\,\ln\bigl(L_0/(2πβ)\bigr)}{2\ln b}\f$ (`find_correction_dim`: the pair index
/// making β turns over L₀); low = c(β_fast), high = c(β_slow), floored/ceiled when `truncate`,
/// then clamped to low ≥ 0, high ≤ d−1 (`find_correction_range`); if low = high, high += 0.001;
/// \f$r_i = \mathrm{clamp}\bigl((i-\mathrm{low})/(\mathrm{high}-\mathrm{low}), 0, 1\bigr)\f$
/// (`linear_ramp_factor`), \f$e_i = 1 - r_i\f$,
/// \f$θ'_i = (θ_i/s)(1-e_i) + θ_i e_i\f$.
/// Attention: the explicit `attentionFactor` if non-zero; else, if `mscale` and `mscaleAllDim`
/// are both non-zero, \f$g(s, \mathrm{mscale})/g(s, \mathrm{mscaleAllDim})\f$; else g(s, 1),
/// with \f$g(s, m) = 0.1\,m\ln s + 1\f$ for s > 1 and 1 otherwise (`get_mscale`).
/// \param invFreq default θ_i (rad/token), finite and positive.
/// \param base b, finite in (1, 1e30].
/// \param params reads `factor` s ∈ [1, 1e6], `originalContext` L₀ ∈ [1, limits::kMaxContext],
/// `betaFast` ≥ `betaSlow` (rotations, each in [1e-6, 1e6]), `mscale` and `mscaleAllDim` ∈
/// [0, 1e6] (0 = unset), `attentionFactor` ∈ (0, 1e6] or 0 (unset), `truncate`.
/// \warning Throws InvalidParameter("factor"), ("original-context"), ("beta-fast"),
/// ("beta-slow"), ("mscale"), ("mscale-all-dim"), ("attention-factor"), ("base") or
/// ("inv_freq"). Unlike HF, a beta of 0 is rejected rather than read as "use the default".
/// Source: Peng, Quesnelle, Fan, Shippole 2023, "YaRN: Efficient Context Window Extension of
/// Large Language Models", arXiv 2309.00071; HF `_compute_yarn_parameters`.
ScalingResult applyYarnScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                               const ScalingParams& params);

/// \brief `llama3` (Llama 3.1): long wavelengths interpolated by s, short ones kept, a smooth
/// blend in between.
///
/// With \f$λ_i = 2π/θ_i\f$: \f$θ'_i = θ_i\f$ if \f$λ_i < L_0/\mathrm{high}\f$;
/// \f$θ'_i = θ_i/s\f$ if \f$λ_i > L_0/\mathrm{low}\f$; otherwise
/// \f$θ'_i = (1-σ_i)θ_i/s + σ_iθ_i\f$ with \f$σ_i = (L_0/λ_i - \mathrm{low})/(\mathrm{high} -
/// \mathrm{low})\f$. Attention factor 1.
/// \param invFreq default θ_i (rad/token), finite and positive.
/// \param params reads `factor` s ∈ [1, 1e6], `originalContext` L₀ ∈ [1, limits::kMaxContext]
/// (8192 for Llama 3.1), `lowFreqFactor` ≤ `highFreqFactor`, both in (0, 1e6] (1 and 4;
/// Llama 4 Scout has 1 and 1: no blend band, a hard switch at λ = L₀).
/// \warning Throws InvalidParameter("factor"), ("original-context"), ("low-freq-factor"),
/// ("high-freq-factor") or ("inv_freq").
/// Source: Meta 2024, "The Llama 3 Herd of Models", arXiv 2407.21783 (reference code
/// `apply_scaling`); HF `_compute_llama3_parameters`.
ScalingResult applyLlama3Scaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                 const ScalingParams& params);

/// \brief `longrope` (LongRoPE, Phi-3): one searched divisor per pair, a short set for
/// sequences up to L₀ and a long set beyond, plus an attention temperature.
///
/// \f$θ'_i = θ_i / e_i\f$ with \f$e = \mathrm{long\_factor}\f$ if seqLen > L₀, else
/// \f$e = \mathrm{short\_factor}\f$ (seqLen 0 = not given = short). Attention: the explicit
/// `attentionFactor` if non-zero, else \f$\sqrt{1 + \ln s / \ln L_0}\f$ for s > 1 and 1
/// otherwise, where s = max_position_embeddings / original_max_position_embeddings (the importer
/// and `rope-cli --max-context` put that ratio into `factor` when the config has no factor).
/// \param invFreq default θ_i (rad/token), finite and positive, d/2 values.
/// \param params reads `factor` s ∈ [1, 1e6], `originalContext` L₀ ∈ [1, limits::kMaxContext],
/// `seqLen` ∈ [0, limits::kMaxContext], `attentionFactor` (0 = unset), `shortFactor` and
/// `longFactor` (d/2 values each, finite in (0, 1e6]).
/// \warning Throws InvalidParameter("factor"), ("original-context"), ("seq-len"),
/// ("attention-factor"), ("short-factor"), ("long-factor") or ("inv_freq").
/// Source: Ding et al. 2024, "LongRoPE: Extending LLM Context Window Beyond 2 Million Tokens",
/// arXiv 2402.13753; Microsoft, "Phi-3 Technical Report", arXiv 2404.14219; HF
/// `_compute_longrope_parameters` and `dynamic_rope_update` (transformers 4.4x–5.x; the factor
/// precedence of 5.x: an explicit `factor` wins over the ratio).
ScalingResult applyLongRopeScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                   const ScalingParams& params);

/// \brief `proportional` (p-RoPE, Gemma 4): only the first pairs rotate, on the ladder of the
/// whole head; the other pairs get frequency 0.
///
/// With D the head dimension and r = params.rotatedPairs (0 = all D/2):
/// \f$θ'_i = b^{-2i/D}/s\f$ for i < r and \f$θ'_i = 0\f$ for r ≤ i < D/2. Attention factor 1.
/// Unlike partial rotary (GPT-NeoX), the exponent keeps the full D, so the rotated pairs are
/// the fast end of the full-head ladder and the slow end is switched off rather than squeezed.
/// \param invFreq θ_i over the whole head (D/2 values), finite and positive.
/// \param params reads `factor` s ∈ [1, 1e6] and `rotatedPairs` ∈ [0, D/2].
/// \warning Throws InvalidParameter("factor"), ("rotary-dim") or ("inv_freq"). The result
/// contains zeros, so wavelengths() of it throws; callers that plot wavelengths skip zero pairs.
/// Source: Barbero et al. 2024, "Round and Round We Go! What makes Rotary Positional Encodings
/// useful?", arXiv 2410.06205 (p-RoPE); HF `_compute_proportional_rope_parameters`
/// (transformers 5.x, Gemma 4).
ScalingResult applyProportionalScaling(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double base,
                                       const ScalingParams& params);

} // namespace rope
