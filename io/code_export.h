// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QString>

/// \file code_export.h
/// "Copy as code": a self-contained Python snippet that computes the same inverse frequencies
/// as rope::scaledFrequencies() for the current parameters and applies RoPE to an example head
/// vector in the current layout.
///
/// The snippet spells out the method's formula as Hugging Face transformers writes it in
/// `modeling_rope_utils.py` (`_compute_default_rope_parameters`, `…linear_scaling…`,
/// `…dynamic_ntk…`, `_compute_yarn_parameters` with its correction range and linear ramp,
/// `_compute_llama3_parameters` with its smoothing band); static "ntk" has no HF counterpart
/// and uses b' = b·s^(d/(d−2)). Arithmetic is float64 (HF uses float32), so the printed numbers
/// match the explorer to rounding. Rotation follows HF: cos and sin are multiplied by the
/// attention factor; Layout::Half uses `rotate_half`, Layout::Interleaved rotates the pairs
/// (x0,x1),(x2,x3),…; coordinates past the rotary dimension pass through unchanged.
///
/// The example vector is x_j = (j+1)/head_dim, j = 0…head_dim−1, rotated to position params.m.
/// The last line prints one JSON object: {"inv_freq": [...], "attention_factor": a,
/// "rotated": [...]}.

namespace rope::io {

/// \brief Target library of a snippet.
enum class CodeLanguage {
    /// NumPy (float64 arrays).
    NumPy,
    /// PyTorch (float64 tensors).
    PyTorch,
};

/// \brief Kebab-case id: "numpy" or "pytorch".
QString codeLanguageId(CodeLanguage language);

/// \brief Python source for \p params (see the file comment).
/// \warning Throws rope::InvalidParameter, as rope::scaledFrequencies() does, if \p params are
/// invalid, so no snippet is ever produced for parameters the explorer rejects.
QString codeSnippet(CodeLanguage language, const RopeParams& params);

} // namespace rope::io
